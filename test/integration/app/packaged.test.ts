/**
 * The main bundle as an installed app (app.isPackaged true) from `<install>/resources/app`, laid out with what
 * electron-builder.yml packs (test/electron-runtime/packaged-app.ts): test hooks stay off whatever the environment
 * says, the packaged menu shows, and on macOS a start at login stays in the menu bar (issue 22 §5).
 */
import { access, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { launchAgentPath } from '../../../main/os/launch-agent.ts';
import { APP_TEST_TIMEOUT_MS } from '../../electron-runtime/app-session.ts';
import type { LaunchedApp } from '../../electron-runtime/launch-app.ts';
import { layOutPackagedApp } from '../../electron-runtime/packaged-app.ts';
import type { PageGlobals } from '../../electron-runtime/page-globals.ts';
import { registerAppTestHooks } from '../../support/app-test-hooks.ts';
import { plistProgramArguments } from '../../support/plist-reader.ts';

const { session } = registerAppTestHooks();

// A launch per test (issue 25 §11): each starts another app folder or platform; the macOS test restarts at login.

async function setStartAtLogin(app: LaunchedApp, enabled: boolean): Promise<void> {
  const result = await app.evaluate(
    (on) => (globalThis as unknown as PageGlobals).ntfy.updateSettings({ preferences: { startAtLogin: on } }),
    enabled,
  );
  expect(result.ok).toBe(true);
}

async function updateChecksShown(app: LaunchedApp): Promise<unknown> {
  await app.waitForWindow();
  const result = await app.evaluate(() => (globalThis as unknown as PageGlobals).ntfy.getSettings(), null);
  return result.ok ? result.value.updateChecks : result.error;
}

async function readIfPresent(file: string): Promise<string | undefined> {
  try {
    await access(file);
  } catch {
    return undefined;
  }
  return readFile(file, 'utf8');
}

describe('the installed app', { timeout: APP_TEST_TIMEOUT_MS }, () => {
  it('runs from resources/app with isPackaged true: no test hooks, no Develop menu, the page as usual', async () => {
    const appDir = await layOutPackagedApp(path.join(await session.dir(), 'ntfy-tray'));
    const app = await session.launch({
      appDir,
      packaged: true,
      platform: 'linux',
      env: { NTFY_TRAY_TEST_HOOKS: '1' },
    });
    const window = await app.waitForWindow();

    expect(window.url).toBe('app://ntfy-tray/index.html');
    const records = await app.records();
    expect(records.isPackaged).toBe(true);
    // Linux and Windows get no application menu at all once packaged (main/desktop/app-menu.ts).
    expect(records.applicationMenu).toBeNull();
    expect(app.output()).not.toContain('test hooks are installed');
    expect(records.errors).toEqual([]);
  });

  it('tells Settings whether its build has a release feed (app-update.yml) and whether NTFY_TRAY_UPDATES turned it off', async () => {
    const appDir = await layOutPackagedApp(path.join(await session.dir(), 'ntfy-tray'));
    const without = await session.launch({ appDir, packaged: true, platform: 'win32' });
    expect(await updateChecksShown(without)).toBe('not-in-this-build');
    expect(await without.quit()).toEqual({ code: 0, signal: null });

    // As electron-builder writes it from NTFY_TRAY_RELEASE_REPOSITORY; with checks off nothing is asked of GitHub.
    await writeFile(
      path.join(path.dirname(appDir), 'app-update.yml'),
      'owner: example-owner\nrepo: ntfy-tray\nprovider: github\nupdaterCacheDirName: ntfy-tray-updater\n',
    );
    const off = await session.launch({ appDir, packaged: true, platform: 'win32', env: { NTFY_TRAY_UPDATES: 'off' } });
    expect(await updateChecksShown(off)).toBe('administrator-off');
    expect(off.output()).toContain('not checking for updates');
  });

  it('macOS: a start at login stays in the menu bar (no window), where macOS 13+ gives no sign of it', async () => {
    const appDir = await layOutPackagedApp(path.join(await session.dir(), 'ntfy Tray.app'));
    const userDataDir = path.join(await session.dir(), 'user-data');
    const home = `${userDataDir}.home`;
    const first = await session.launch({ appDir, userDataDir, packaged: true, platform: 'darwin' });
    await first.waitForWindow();

    await setStartAtLogin(first, true);
    // What macOS will start at login: a launchd agent's ProgramArguments, or an SMAppService item (no arguments).
    const atLogin = await vi.waitFor(
      async () => {
        const plist = await readIfPresent(launchAgentPath({ homeDir: home }));
        if (plist !== undefined) return plistProgramArguments(plist).slice(1);
        if ((await first.records()).loginItems.macAppService) return [];
        throw new Error('nothing registered to start at login yet');
      },
      { timeout: 30_000 },
    );
    expect(await first.quit()).toEqual({ code: 0, signal: null });

    const login = await session.launch({ appDir, userDataDir, packaged: true, platform: 'darwin', args: atLogin });
    await vi.waitFor(
      () => {
        expect(login.output()).toMatch(/\[ntfy-tray\] ready /);
      },
      { timeout: 30_000 },
    );
    const records = await login.records();
    expect(records.trays).toHaveLength(1);
    expect(records.windows).toEqual([]);
    expect(login.output()).toContain('"startHidden":true');
  });
});
