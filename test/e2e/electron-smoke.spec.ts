import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { _electron as electron, expect, test } from '@playwright/test';
import { findElectronBinary } from './support/electron-binary.ts';

const projectRoot = path.resolve(import.meta.dirname, '../..');

test('the app starts and its window shows the renderer with a connected bridge', async () => {
  const binary = findElectronBinary(projectRoot);
  if (!binary.found) {
    console.log(`[electron-smoke] skipped: ${binary.reason}`);
    test.skip(true, binary.reason);
    return;
  }

  // Its own user-data folder, so the single-instance lock and settings never touch a developer's real profile.
  const userDataDir = await mkdtemp(path.join(os.tmpdir(), 'ntfy-tray-smoke-'));
  const app = await electron.launch({
    executablePath: binary.path,
    args: ['.'],
    cwd: projectRoot,
    env: { ...process.env, NTFY_TRAY_USER_DATA_DIR: userDataDir },
  });
  try {
    const window = await app.firstWindow();
    await expect(window.getByRole('heading', { level: 1, name: 'ntfy Tray' })).toBeVisible();
    await expect(window.getByRole('heading', { name: 'No subscriptions yet' })).toBeVisible();
    await expect(window.getByRole('status')).toHaveText('Connected to the app');

    // With nodeIntegration off and contextIsolation on, the page's own world sees no Node at all; only the bridge.
    const nodeGlobals = await window.evaluate('[typeof require, typeof process, typeof module]');
    expect(nodeGlobals).toEqual(['undefined', 'undefined', 'undefined']);
  } finally {
    await app.close();
    await rm(userDataDir, { recursive: true, force: true });
  }
});
