/**
 * Which installs can update themselves and which can only be told of a new version. electron-updater installs an
 * update in place for the NSIS installer, the AppImage and a macOS build signed with a Developer ID (Squirrel.Mac
 * refuses an update whose signature does not match the running app's, which an ad-hoc signature never does). A deb
 * or rpm belongs to the system's package manager, and an unpacked folder to whoever put it there: those get a
 * notice with a link to the release instead. A development run (`npm start`) checks nothing.
 */

export type InstallKind =
  'nsis' | 'appimage' | 'deb' | 'rpm' | 'mac-developer-id' | 'mac-ad-hoc' | 'other-packaged' | 'development';

export type UpdateMode = 'install' | 'notify' | 'off';

export type MacSignature = 'developer-id' | 'ad-hoc' | 'unsigned';

export interface InstallFacts {
  readonly platform: NodeJS.Platform;
  readonly isPackaged: boolean;
  /** $APPIMAGE, which the AppImage runtime sets to the image's own path. */
  readonly appImagePath: string | undefined;
  /** The `package-type` file electron-builder puts in a deb's or rpm's resources folder ('deb', 'rpm', …). */
  readonly linuxPackageType: string | undefined;
  /** macOS: how the running .app is signed (see macSignatureFromCodesign). */
  readonly macSignature: MacSignature | undefined;
}

export function installKind(facts: InstallFacts): InstallKind {
  if (!facts.isPackaged) return 'development';
  switch (facts.platform) {
    case 'win32':
      return 'nsis'; // the only Windows target (electron-builder.yml)
    case 'darwin':
      return facts.macSignature === 'developer-id' ? 'mac-developer-id' : 'mac-ad-hoc';
    case 'linux':
      if (facts.appImagePath !== undefined && facts.appImagePath !== '') return 'appimage';
      if (facts.linuxPackageType === 'deb' || facts.linuxPackageType === 'rpm') return facts.linuxPackageType;
      return 'other-packaged';
    default:
      return 'other-packaged';
  }
}

export function updateMode(kind: InstallKind): UpdateMode {
  switch (kind) {
    case 'nsis':
    case 'appimage':
    case 'mac-developer-id':
      return 'install';
    case 'deb':
    case 'rpm':
    case 'mac-ad-hoc':
    case 'other-packaged':
      return 'notify';
    case 'development':
      return 'off';
  }
}

/**
 * Reads `codesign --display --verbose=2 <app>` (it writes to stderr): a Developer ID signature names its
 * authority chain (`Authority=Developer ID Application: …`), an ad-hoc one says `Signature=adhoc`, an unsigned
 * bundle "code object is not signed at all".
 */
export function macSignatureFromCodesign(output: string): MacSignature {
  if (/^Authority=Developer ID Application:/m.test(output)) return 'developer-id';
  if (/^Signature=adhoc$/m.test(output)) return 'ad-hoc';
  return 'unsigned';
}

/** The GitHub repository the releases (and electron-updater's latest*.yml feed files) are published in. */
export interface ReleaseRepository {
  readonly owner: string;
  readonly repo: string;
}

/** The release page a notice links to: its installers for every system are listed there. */
export function releasePageUrl(repository: ReleaseRepository, version: string): string {
  const tag = version.startsWith('v') ? version : `v${version}`;
  return `https://github.com/${encodeURIComponent(repository.owner)}/${encodeURIComponent(repository.repo)}/releases/tag/${encodeURIComponent(tag)}`;
}

/** Milliseconds between two checks: a tray app runs for weeks. */
export const UPDATE_CHECK_INTERVAL_MS = 6 * 60 * 60 * 1000;
