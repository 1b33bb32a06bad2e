import { describe, expect, it } from 'vitest';
import { parseReleaseRepository } from '../../../../main/core/updates/release-repository.ts';
import {
  feedFromAppUpdateConfig,
  type InstallFacts,
  type InstallKind,
  installKind,
  macSignatureFromCodesign,
  releasePageUrl,
  type UpdateChecksControl,
  updateChecksControl,
  type UpdateMode,
  updateMode,
} from '../../../../main/core/updates/update-policy.ts';

const packaged: InstallFacts = {
  platform: 'linux',
  isPackaged: true,
  appImagePath: undefined,
  linuxPackageType: undefined,
  macSignature: undefined,
  windowsPublisherNamed: false,
};

describe('installKind and updateMode', () => {
  it.each<[string, Partial<InstallFacts>, InstallKind, UpdateMode]>([
    ['npm start', { isPackaged: false, appImagePath: '/x.AppImage' }, 'development', 'off'],
    [
      'the NSIS installer of a signed build (app-update.yml names its publisher)',
      { platform: 'win32', windowsPublisherNamed: true },
      'nsis',
      'install',
    ],
    [
      'the NSIS installer of an unsigned build: electron-updater would check no signature',
      { platform: 'win32' },
      'nsis-unsigned',
      'notify',
    ],
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

describe('feedFromAppUpdateConfig', () => {
  const written = { owner: 'example-owner', repo: 'ntfy-tray', provider: 'github', updaterCacheDirName: 'x' };

  it('reads the GitHub repository electron-builder wrote, and the publisher a signed Windows build names', () => {
    expect(feedFromAppUpdateConfig(written)).toEqual({
      repository: { owner: 'example-owner', repo: 'ntfy-tray' },
      publisherNames: [],
    });
    expect(feedFromAppUpdateConfig({ ...written, publisherName: ['Example Ltd'] })?.publisherNames).toEqual([
      'Example Ltd',
    ]);
    expect(feedFromAppUpdateConfig({ ...written, publisherName: 'Example Ltd' })?.publisherNames).toEqual([
      'Example Ltd',
    ]);
  });

  it.each<[string, unknown]>([
    ['nothing', undefined],
    ['another provider', { ...written, provider: 'generic', url: 'https://example.com' }],
    ['no owner', { provider: 'github', repo: 'ntfy-tray' }],
    ['an owner that is no GitHub name', { ...written, owner: '../x' }],
  ])('is no feed for %s', (_name, config) => {
    expect(feedFromAppUpdateConfig(config)).toBeUndefined();
  });
});

describe('updateChecksControl', () => {
  const feed = { repository: { owner: 'o', repo: 'r' }, publisherNames: [] };

  it.each<[string, boolean, Record<string, string>, UpdateChecksControl]>([
    ['a build without a feed checks nothing, whatever is set', false, { NTFY_TRAY_UPDATES: 'on' }, 'not-in-this-build'],
    ['a build with a feed leaves it to the user', true, {}, 'user'],
    ['NTFY_TRAY_UPDATES=off turns checks off', true, { NTFY_TRAY_UPDATES: 'off' }, 'administrator-off'],
    ['NTFY_TRAY_UPDATES= OFF (any case, spaces)', true, { NTFY_TRAY_UPDATES: ' OFF ' }, 'administrator-off'],
    ['NTFY_TRAY_UPDATES=0', true, { NTFY_TRAY_UPDATES: '0' }, 'administrator-off'],
    ['any other value leaves it to the user', true, { NTFY_TRAY_UPDATES: 'on' }, 'user'],
  ])('%s', (_name, hasFeed, env, control) => {
    expect(updateChecksControl(hasFeed ? feed : undefined, env)).toBe(control);
  });
});

describe('parseReleaseRepository', () => {
  it('takes owner/repo as GitHub names them', () => {
    expect(parseReleaseRepository('example-owner/ntfy-tray')).toEqual({ owner: 'example-owner', repo: 'ntfy-tray' });
    expect(parseReleaseRepository(' Owner/repo.js ')).toEqual({ owner: 'Owner', repo: 'repo.js' });
  });

  it.each(['', 'owner', 'owner/', '/repo', 'a/b/c', '-owner/repo', 'owner/..', 'https://github.com/o/r'])(
    "refuses '%s'",
    (text) => {
      expect(() => parseReleaseRepository(text)).toThrow(/NTFY_TRAY_RELEASE_REPOSITORY: expected a GitHub repository/);
    },
  );
});
