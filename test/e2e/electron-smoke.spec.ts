import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { _electron as electron, type ElectronApplication, expect, test } from '@playwright/test';
import { defaultSettings, type Settings } from '../../main/core/store/settings/schema.ts';
import type { TestHooks } from '../../main/desktop/test-hooks.ts';
import { startTestServer, type TestServer } from '../server/index.ts';
import { findElectronBinary } from './support/electron-binary.ts';

const projectRoot = path.resolve(import.meta.dirname, '../..');

// Runs wherever an Electron binary is installed; on machines that cannot download it, it skips and says why.
const binary = findElectronBinary(projectRoot);
if (!binary.found) console.log(`[electron-smoke] skipped: ${binary.reason}`);

let server: TestServer | undefined;
let userDataDir: string | undefined;
let app: ElectronApplication | undefined;

test.beforeEach(async () => {
  test.skip(!binary.found, binary.found ? '' : binary.reason);
  const testServer = await startTestServer();
  server = testServer;
  // Its own user-data folder, so the single-instance lock and settings never touch a developer's real profile.
  userDataDir = await mkdtemp(path.join(os.tmpdir(), 'ntfy-tray-smoke-'));
  const settings: Settings = {
    ...defaultSettings(),
    subscriptions: [
      {
        id: 'smoke',
        server: testServer.url,
        topic: 'smoke',
        transport: 'json',
        filters: {},
        muted: false,
        minPriority: 1,
      },
    ],
  };
  await writeFile(path.join(userDataDir, 'config.json'), JSON.stringify(settings));
  if (!binary.found) return;
  app = await electron.launch({
    executablePath: binary.path,
    // Chromium's sandbox refuses to start as root (CI containers); a virtual display comes from xvfb-run outside.
    args: [
      ...(binary.packaged === true ? [] : ['.']),
      ...(process.platform === 'linux' && process.getuid?.() === 0 ? ['--no-sandbox'] : []),
    ],
    cwd: projectRoot,
    env: { ...process.env, NTFY_TRAY_USER_DATA_DIR: userDataDir, NTFY_TRAY_TEST_HOOKS: '1' },
  });
});

test.afterEach(async () => {
  await app?.close();
  app = undefined;
  await server?.close();
  server = undefined;
  if (userDataDir !== undefined) await rm(userDataDir, { recursive: true, force: true });
  userDataDir = undefined;
});

function hooks(electronApp: ElectronApplication): Promise<{ notifications: string[]; tray: string[] }> {
  return electronApp.evaluate(() => {
    const installed = (globalThis as unknown as Record<string, TestHooks | undefined>)['__ntfyTrayTestHooks'];
    const model = installed?.trayModel();
    return {
      notifications: (installed?.shownNotifications ?? []).map((request) => `${request.title}: ${request.body}`),
      tray: (model?.menu ?? []).map((item) => (item.kind === 'separator' ? '---' : item.label)),
    };
  });
}

test('the app starts, shows its window with a connected bridge, and turns a published message into a notification', async () => {
  if (app === undefined || server === undefined) return;
  const window = await app.firstWindow();
  // Served by the app's own scheme (main/desktop/app-protocol.ts): a visible heading means its module scripts ran,
  // which in a packaged build is also the check that the page needs no extra file: privileges (that fuse is off).
  expect(window.url()).toBe('app://ntfy-tray/index.html');
  await expect(window.getByRole('heading', { level: 1, name: 'ntfy Tray' })).toBeVisible();
  await expect(window.getByRole('banner').getByRole('status')).toHaveText(
    /^(No servers to connect to|Connect(ed|ing) to .+)$/,
  );
  // With nodeIntegration off and contextIsolation on, the page's own world sees no Node at all; only the bridge.
  expect(await window.evaluate('[typeof require, typeof process, typeof module]')).toEqual([
    'undefined',
    'undefined',
    'undefined',
  ]);

  await server.waitForSubscribers(1, { topic: 'smoke', timeoutMs: 15_000 });
  await server.publish('smoke', { title: 'Smoke test', message: 'hello from the test server' });
  await expect(window.getByRole('option').filter({ hasText: 'Smoke test' }).first()).toBeVisible();
  // A packaged build cannot enable the test hooks (main/desktop/test-hooks.ts): the window is all it shows us.
  if (binary.found && binary.packaged === true) return;
  const electronApp = app;
  await expect
    .poll(async () => (await hooks(electronApp)).notifications)
    .toEqual(['Smoke test: hello from the test server']);
  // The tray exists and lists the new message.
  expect((await hooks(electronApp)).tray).toContain('Smoke test');
});
