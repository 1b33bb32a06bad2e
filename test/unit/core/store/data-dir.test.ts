import { describe, expect, it } from 'vitest';
import { appDataDir, defaultDataDir } from '../../../../main/core/store/data-dir.ts';

const linuxHome = '/home/ana';
const macHome = '/Users/ana';
const windowsHome = 'C:\\Users\\Ana Lía';

describe('the data folder per OS', () => {
  it('is $XDG_DATA_HOME/ntfy-tray on Linux when XDG_DATA_HOME is an absolute path', () => {
    expect(defaultDataDir({ env: { XDG_DATA_HOME: '/data' }, platform: 'linux', homeDir: linuxHome })).toBe(
      '/data/ntfy-tray',
    );
  });

  it.each([undefined, '', 'relative/dir'])(
    'is ~/.local/share/ntfy-tray on Linux with XDG_DATA_HOME=%j (the XDG spec ignores relative paths)',
    (value) => {
      expect(defaultDataDir({ env: { XDG_DATA_HOME: value }, platform: 'linux', homeDir: linuxHome })).toBe(
        '/home/ana/.local/share/ntfy-tray',
      );
    },
  );

  it('follows the XDG rules on the BSDs too', () => {
    expect(defaultDataDir({ env: {}, platform: 'freebsd', homeDir: linuxHome })).toBe(
      '/home/ana/.local/share/ntfy-tray',
    );
  });

  it('is ~/Library/Application Support/ntfy-tray on macOS, whatever XDG_DATA_HOME says', () => {
    expect(defaultDataDir({ env: { XDG_DATA_HOME: '/data' }, platform: 'darwin', homeDir: macHome })).toBe(
      '/Users/ana/Library/Application Support/ntfy-tray',
    );
  });

  it('is %APPDATA%\\ntfy-tray on Windows, with Windows separators', () => {
    const env = { APPDATA: 'D:\\Profiles\\Ana\\AppData\\Roaming' };
    expect(defaultDataDir({ env, platform: 'win32', homeDir: windowsHome })).toBe(
      'D:\\Profiles\\Ana\\AppData\\Roaming\\ntfy-tray',
    );
  });

  it.each([undefined, '', 'relative'])('falls back to <home>\\AppData\\Roaming on Windows with APPDATA=%j', (value) => {
    expect(defaultDataDir({ env: { APPDATA: value }, platform: 'win32', homeDir: windowsHome })).toBe(
      'C:\\Users\\Ana Lía\\AppData\\Roaming\\ntfy-tray',
    );
  });
});

describe('the app folder', () => {
  it('is the data folder the command uses by default', () => {
    const context = { env: { XDG_DATA_HOME: '/data' }, platform: 'linux', homeDir: linuxHome } as const;
    expect(appDataDir(context)).toBe(defaultDataDir(context));
  });

  it('is NTFY_TRAY_USER_DATA_DIR when set (each test launch has its own)', () => {
    const env = { NTFY_TRAY_USER_DATA_DIR: '/tmp/run-1/user-data', XDG_DATA_HOME: '/data' };
    expect(appDataDir({ env, platform: 'linux', homeDir: linuxHome })).toBe('/tmp/run-1/user-data');
  });

  it('ignores an empty NTFY_TRAY_USER_DATA_DIR', () => {
    const env = { NTFY_TRAY_USER_DATA_DIR: '' };
    expect(appDataDir({ env, platform: 'darwin', homeDir: macHome })).toBe(
      '/Users/ana/Library/Application Support/ntfy-tray',
    );
  });
});
