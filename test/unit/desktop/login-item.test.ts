import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { applyStartAtLogin, wasLaunchedAtLogin } from '../../../main/desktop/login-item.ts';
import { isXdgAutostartEnabled } from '../../../main/os/autostart.ts';
import { createFakeElectron } from '../../fakes/electron.ts';
import { createRecordingLogger } from '../../fakes/logger.ts';

let root: string;

beforeEach(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'ntfy-tray-login-item-'));
});

afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

function setUp(platform: NodeJS.Platform) {
  const { app } = createFakeElectron();
  const xdg = { env: { XDG_CONFIG_HOME: path.join(root, 'config') }, homeDir: root, execPath: '/usr/bin/ntfy-tray' };
  const apply = (enabled: boolean) => applyStartAtLogin(enabled, { app, platform, xdg, log: createRecordingLogger() });
  return { app, xdg, apply };
}

describe('applyStartAtLogin', () => {
  it.each(['darwin', 'win32'] as const)('uses Electron login items on %s, with --hidden', async (platform) => {
    const { app, xdg, apply } = setUp(platform);

    await apply(true);
    expect(app.loginItemSettings).toEqual({ openAtLogin: true, args: ['--hidden'] });
    await apply(false);

    expect(app.loginItemSettings).toEqual({ openAtLogin: false, args: ['--hidden'] });
    expect(await isXdgAutostartEnabled(xdg)).toBe(false);
  });

  it.each(['linux', 'freebsd'] as const)('writes and removes an XDG autostart file on %s', async (platform) => {
    const { app, xdg, apply } = setUp(platform);

    await apply(true);
    const entry = await readFile(path.join(root, 'config', 'autostart', 'ntfy-tray.desktop'), 'utf8');
    expect(entry).toContain('Exec=/usr/bin/ntfy-tray --hidden\n');
    await apply(false);

    expect(await isXdgAutostartEnabled(xdg)).toBe(false);
    expect(app.calls).not.toContain('setLoginItemSettings');
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
