import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { applyStartAtLogin, wasLaunchedAtLogin } from '../../../main/desktop/login-item.ts';
import { isXdgAutostartEnabled } from '../../../main/os/autostart.ts';
import { isLaunchAgentEnabled, launchAgentPath } from '../../../main/os/launch-agent.ts';
import { execLine, parseExec } from '../../support/desktop-entry-exec.ts';
import { plistProgramArguments } from '../../support/plist-reader.ts';
import { splitWindowsCommandLine } from '../../support/windows-command-line.ts';
import { createFakeElectron } from '../../fakes/electron.ts';
import { createRecordingLogger } from '../../fakes/logger.ts';

let root: string;

beforeEach(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'ntfy-tray-login-item-'));
});

afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

interface SetUpOptions {
  readonly isPackaged: boolean;
  readonly execPath: string;
  readonly appPath?: string;
  readonly env?: Readonly<Record<string, string>>;
}

function setUp(platform: NodeJS.Platform, options: SetUpOptions) {
  const { app } = createFakeElectron({
    platform,
    isPackaged: options.isPackaged,
    ...(options.appPath === undefined ? {} : { appPath: options.appPath }),
  });
  const env = { XDG_CONFIG_HOME: path.join(root, 'config'), ...options.env };
  const xdg = { env, homeDir: root, execPath: options.execPath };
  const apply = (enabled: boolean) => applyStartAtLogin(enabled, { app, platform, xdg, log: createRecordingLogger() });
  const autostartFile = path.join(root, 'config', 'autostart', 'ntfy-tray.desktop');
  return { app, xdg, apply, autostartFile };
}

/** The command line Electron writes into the Run entry for these settings: `path args…`, joined by spaces. */
function runEntryCommand(settings: { readonly path?: string; readonly args: readonly string[] } | undefined) {
  if (settings?.path === undefined) throw new Error('no path given: Electron would write the bare execPath');
  return splitWindowsCommandLine([settings.path, ...settings.args].join(' '));
}

const PACKAGED_MAC = { isPackaged: true, execPath: '/Applications/ntfy Tray.app/Contents/MacOS/ntfy Tray' };
const DEV_MAC = {
  isPackaged: false,
  execPath: '/Users/jo/ntfy-tray/node_modules/electron/dist/Electron.app/Contents/MacOS/Electron',
  appPath: '/Users/Jo Doe/Projekte/ntfy-tray',
};
// The assisted NSIS installer's per-user default folder is named after productName ("ntfy Tray").
const PACKAGED_WINDOWS = {
  isPackaged: true,
  execPath: 'C:\\Users\\Jo Doe\\AppData\\Local\\Programs\\ntfy Tray\\ntfy-tray.exe',
};
const DEV_WINDOWS = {
  isPackaged: false,
  execPath: 'C:\\Users\\Jo Doe\\ntfy-tray\\node_modules\\electron\\dist\\electron.exe',
  appPath: 'C:\\Users\\Jo Doe\\ntfy-tray',
};

describe('applyStartAtLogin on macOS', () => {
  it('packaged: a launch agent runs the app binary with --hidden (an SMAppService item gets no arguments)', async () => {
    const { app, apply } = setUp('darwin', PACKAGED_MAC);

    await apply(true);
    const plist = await readFile(launchAgentPath({ homeDir: root }), 'utf8');
    expect(plistProgramArguments(plist)).toEqual([PACKAGED_MAC.execPath, '--hidden']);
    expect(app.loginItemSettings).toBeUndefined();
    await apply(false);

    expect(await isLaunchAgentEnabled({ homeDir: root })).toBe(false);
  });

  it('packaged: turns off the login item an earlier version registered, which would open the window', async () => {
    const { app, apply } = setUp('darwin', PACKAGED_MAC);
    app.setLoginItemSettings({ openAtLogin: true, args: ['--hidden'] });

    await apply(true);

    expect(app.loginItemSettings).toEqual({ openAtLogin: false, args: [] });
    expect(await isLaunchAgentEnabled({ homeDir: root })).toBe(true);
  });

  it('packaged: the app the launch agent starts knows it was started at login', async () => {
    const { app, apply } = setUp('darwin', PACKAGED_MAC);
    await apply(true);
    const argv = plistProgramArguments(await readFile(launchAgentPath({ homeDir: root }), 'utf8'));

    expect(wasLaunchedAtLogin({ app, platform: 'darwin', argv })).toBe(true);
  });

  it('npm start: a launch agent runs the Electron binary with the app folder and --hidden; no login item', async () => {
    const { app, apply } = setUp('darwin', DEV_MAC);

    await apply(true);

    const plist = await readFile(launchAgentPath({ homeDir: root }), 'utf8');
    expect(plistProgramArguments(plist)).toEqual([DEV_MAC.execPath, DEV_MAC.appPath, '--hidden']);
    // A login item would register Electron.app itself, which starts Electron's default app at login.
    expect(app.calls).not.toContain('setLoginItemSettings');
  });

  it('npm start: turning it off removes the launch agent', async () => {
    const { app, apply } = setUp('darwin', DEV_MAC);
    await apply(true);

    await apply(false);

    expect(await isLaunchAgentEnabled({ homeDir: root })).toBe(false);
    expect(app.calls).not.toContain('setLoginItemSettings');
  });

  it('npm start: the app the launch agent starts knows it was started at login', async () => {
    const { app, apply } = setUp('darwin', DEV_MAC);
    await apply(true);
    // launchd hands ProgramArguments to the process as its argv.
    const argv = plistProgramArguments(await readFile(launchAgentPath({ homeDir: root }), 'utf8'));

    expect(wasLaunchedAtLogin({ app, platform: 'darwin', argv })).toBe(true);
    expect(wasLaunchedAtLogin({ app, platform: 'darwin', argv: argv.slice(0, 2) })).toBe(false);
  });
});

describe('applyStartAtLogin on Windows', () => {
  it('packaged: a Run entry that starts this executable (quoted: its path has spaces) with --hidden', async () => {
    const { app, apply } = setUp('win32', PACKAGED_WINDOWS);

    await apply(true);

    expect(app.loginItemSettings?.openAtLogin).toBe(true);
    expect(runEntryCommand(app.loginItemSettings)).toEqual([PACKAGED_WINDOWS.execPath, '--hidden']);
  });

  it('npm start: the Run entry starts the Electron binary with the app folder, then --hidden', async () => {
    const { app, apply } = setUp('win32', DEV_WINDOWS);

    await apply(true);

    expect(app.loginItemSettings?.openAtLogin).toBe(true);
    expect(runEntryCommand(app.loginItemSettings)).toEqual([DEV_WINDOWS.execPath, DEV_WINDOWS.appPath, '--hidden']);
  });

  it.each([
    ['packaged', PACKAGED_WINDOWS],
    ['npm start', DEV_WINDOWS],
  ])('%s: turning it off names the same path and args as turning it on', async (_label, options) => {
    const { app, apply } = setUp('win32', options);
    await apply(true);
    const enabled = app.loginItemSettings;

    await apply(false);

    expect(app.loginItemSettings).toEqual({ ...enabled, openAtLogin: false });
    expect(await isXdgAutostartEnabled({ env: {}, homeDir: root })).toBe(false);
    expect(await isLaunchAgentEnabled({ homeDir: root })).toBe(false);
  });
});

describe('applyStartAtLogin on Linux and other XDG systems', () => {
  it.each(['linux', 'freebsd'] as const)(
    'packaged: writes and removes an XDG autostart file on %s',
    async (platform) => {
      const { app, xdg, apply, autostartFile } = setUp(platform, { isPackaged: true, execPath: '/usr/bin/ntfy-tray' });

      await apply(true);
      expect(await readFile(autostartFile, 'utf8')).toContain('Exec=/usr/bin/ntfy-tray --hidden\n');
      await apply(false);

      expect(await isXdgAutostartEnabled(xdg)).toBe(false);
      expect(app.calls).not.toContain('setLoginItemSettings');
    },
  );

  it('packaged AppImage: the entry names the AppImage file', async () => {
    const { apply, autostartFile } = setUp('linux', {
      isPackaged: true,
      execPath: '/tmp/.mount_ntfyAbc/ntfy-tray',
      env: { APPIMAGE: '/home/jo/Apps/ntfy-tray.AppImage' },
    });

    await apply(true);

    expect(parseExec(execLine(await readFile(autostartFile, 'utf8')))).toEqual([
      '/home/jo/Apps/ntfy-tray.AppImage',
      '--hidden',
    ]);
  });

  it('npm start: the Exec line runs the Electron binary with the app folder, then --hidden', async () => {
    const appPath = '/home/Jo Doe/100% Projekte/ntfy-tray';
    const execPath = '/home/Jo Doe/100% Projekte/ntfy-tray/node_modules/electron/dist/electron';
    const { apply, xdg, autostartFile } = setUp('linux', { isPackaged: false, execPath, appPath });

    await apply(true);
    expect(parseExec(execLine(await readFile(autostartFile, 'utf8')))).toEqual([execPath, appPath, '--hidden']);
    await apply(false);

    expect(await isXdgAutostartEnabled(xdg)).toBe(false);
  });
});

describe('wasLaunchedAtLogin', () => {
  it('is true with --hidden on any system', () => {
    const { app } = createFakeElectron();

    expect(wasLaunchedAtLogin({ app, platform: 'linux', argv: ['/usr/bin/ntfy-tray', '--hidden'] })).toBe(true);
    expect(wasLaunchedAtLogin({ app, platform: 'linux', argv: ['/usr/bin/ntfy-tray'] })).toBe(false);
  });

  it('asks macOS, which starts login items without arguments', () => {
    const { app } = createFakeElectron();
    const argv = ['/Applications/ntfy Tray.app/Contents/MacOS/ntfy Tray'];

    expect(wasLaunchedAtLogin({ app, platform: 'darwin', argv })).toBe(false);
    app.wasOpenedAtLogin = true;
    expect(wasLaunchedAtLogin({ app, platform: 'darwin', argv })).toBe(true);
    expect(wasLaunchedAtLogin({ app, platform: 'win32', argv })).toBe(false);
  });
});
