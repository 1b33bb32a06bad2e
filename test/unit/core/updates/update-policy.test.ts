import { describe, expect, it } from 'vitest';
import {
  type InstallFacts,
  type InstallKind,
  installKind,
  macSignatureFromCodesign,
  releasePageUrl,
  type UpdateMode,
  updateMode,
} from '../../../../main/core/updates/update-policy.ts';

const packaged: InstallFacts = {
  platform: 'linux',
  isPackaged: true,
  appImagePath: undefined,
  linuxPackageType: undefined,
  macSignature: undefined,
};

describe('installKind and updateMode', () => {
  it.each<[string, Partial<InstallFacts>, InstallKind, UpdateMode]>([
    ['npm start', { isPackaged: false, appImagePath: '/x.AppImage' }, 'development', 'off'],
    ['the NSIS installer', { platform: 'win32' }, 'nsis', 'install'],
    ['an AppImage ($APPIMAGE set by its runtime)', { appImagePath: '/home/a/ntfy.AppImage' }, 'appimage', 'install'],
    ['a deb', { linuxPackageType: 'deb' }, 'deb', 'notify'],
    ['an rpm', { linuxPackageType: 'rpm' }, 'rpm', 'notify'],
    ['an unpacked Linux folder', {}, 'other-packaged', 'notify'],
    [
      'a Developer ID signed Mac app',
      { platform: 'darwin', macSignature: 'developer-id' },
      'mac-developer-id',
      'install',
    ],
    [
      'an ad-hoc signed Mac app (CI without secrets)',
      { platform: 'darwin', macSignature: 'ad-hoc' },
      'mac-ad-hoc',
      'notify',
    ],
    ['an unsigned Mac app', { platform: 'darwin', macSignature: 'unsigned' }, 'mac-ad-hoc', 'notify'],
  ])('%s', (_name, facts, kind, mode) => {
    expect(installKind({ ...packaged, ...facts })).toBe(kind);
    expect(updateMode(kind)).toBe(mode);
  });
});

describe('macSignatureFromCodesign', () => {
  it('tells a Developer ID signature from an ad-hoc one and from none', () => {
    const developerId = [
      'Executable=/Applications/ntfy Tray.app/Contents/MacOS/ntfy Tray',
      'Identifier=io.github.ntfytray.app',
      'Authority=Developer ID Application: Example (ABCDE12345)',
      'Authority=Developer ID Certification Authority',
      'Authority=Apple Root CA',
    ].join('\n');
    const adHoc = ['Identifier=io.github.ntfytray.app', 'Signature=adhoc', 'TeamIdentifier=not set'].join('\n');

    expect(macSignatureFromCodesign(developerId)).toBe('developer-id');
    expect(macSignatureFromCodesign(adHoc)).toBe('ad-hoc');
    expect(macSignatureFromCodesign('ntfy Tray.app: code object is not signed at all')).toBe('unsigned');
  });
});

describe('releasePageUrl', () => {
  it('links the tag electron-builder publishes (v + version)', () => {
    expect(releasePageUrl({ owner: 'o', repo: 'r' }, '1.2.0')).toBe('https://github.com/o/r/releases/tag/v1.2.0');
    expect(releasePageUrl({ owner: 'o', repo: 'r' }, 'v1.2.0')).toBe('https://github.com/o/r/releases/tag/v1.2.0');
  });
});
