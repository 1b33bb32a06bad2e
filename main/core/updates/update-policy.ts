/**
 * Whether a build checks for new versions at all, and which installs can update themselves and which can only be
 * told of a new version. electron-updater installs an update in place only where it checks the update's signature:
 * the NSIS install of a signed Windows build (it verifies the download against the `publisherName` electron-builder
 * writes into app-update.yml when it signs, and verifies nothing without it) and a macOS build signed with a
 * Developer ID (Squirrel.Mac refuses an update whose signature does not match the running app's, which an ad-hoc
 * signature never does); the AppImage checks the sha512 the feed names. An unsigned Windows or macOS build, a deb
 * or rpm (the system's package manager owns it) and an unpacked folder get a notice with a link to the release
 * instead. A development run (`npm start`) checks nothing.
 */
import type { UpdateChecksDto } from '../../../common/ipc.ts';
import { UPDATES_ENV } from '../../../common/update-checks.ts';
import { isReleaseRepository, type ReleaseRepository } from './release-repository.ts';

export type InstallKind =
  | 'nsis'
  | 'nsis-unsigned'
  | 'appimage'
  | 'deb'
  | 'rpm'
  | 'mac-developer-id'
  | 'mac-ad-hoc'
  | 'other-packaged'
  | 'development';

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
  /** Windows: app-update.yml names the publisher electron-updater checks an update's signature against. */
  readonly windowsPublisherNamed: boolean;
}

export function installKind(facts: InstallFacts): InstallKind {
  if (!facts.isPackaged) return 'development';
  switch (facts.platform) {
    case 'win32':
      // NSIS is the only Windows target (electron-builder.yml).
      return facts.windowsPublisherNamed ? 'nsis' : 'nsis-unsigned';
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
    case 'nsis-unsigned':
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

/** The release page a notice links to: its installers for every system are listed there. */
export function releasePageUrl(repository: ReleaseRepository, version: string): string {
  const tag = version.startsWith('v') ? version : `v${version}`;
  return `https://github.com/${encodeURIComponent(repository.owner)}/${encodeURIComponent(repository.repo)}/releases/tag/${encodeURIComponent(tag)}`;
}

/** Milliseconds between two checks: a tray app runs for weeks. */
export const UPDATE_CHECK_INTERVAL_MS = 6 * 60 * 60 * 1000;

/** What a build's app-update.yml says about its feed (release-repository.ts). */
export interface UpdateFeed {
  readonly repository: ReleaseRepository;
  /** Windows: whose signature an update must carry; empty when the build was not signed. */
  readonly publisherNames: readonly string[];
}

/**
 * The feed in app-update.yml as electron-builder writes it for the GitHub provider (`provider: github`, `owner`,
 * `repo`, and `publisherName` when it signed a Windows build); undefined for anything else, which then checks nothing.
 */
export function feedFromAppUpdateConfig(config: unknown): UpdateFeed | undefined {
  if (typeof config !== 'object' || config === null) return undefined;
  const { provider, owner, repo, publisherName } = config as Record<string, unknown>;
  if (provider !== 'github' || !isReleaseRepository(owner, repo)) return undefined;
  const names = Array.isArray(publisherName) ? publisherName : [publisherName];
  return {
    repository: { owner: owner as string, repo: repo as string },
    publisherNames: names.filter((name): name is string => typeof name === 'string' && name !== ''),
  };
}

/**
 * Who decides whether the app checks for updates: `user` (the Settings switch), `administrator-off` (the
 * administrator turned them off with NTFY_TRAY_UPDATES=off, which the switch cannot override) or
 * `not-in-this-build` (no release feed was built in: a development run, or a build made without
 * NTFY_TRAY_RELEASE_REPOSITORY).
 */
export type UpdateChecksControl = UpdateChecksDto;

/** Values of NTFY_TRAY_UPDATES that turn checks off (any case); anything else leaves the choice to the user. */
const OFF_VALUES = new Set(['off', '0', 'false', 'no']);

export function updateChecksControl(feed: UpdateFeed | undefined, env: NodeJS.ProcessEnv): UpdateChecksControl {
  if (feed === undefined) return 'not-in-this-build';
  if (OFF_VALUES.has((env[UPDATES_ENV] ?? '').trim().toLowerCase())) return 'administrator-off';
  return 'user';
}
