/**
 * Start at login from a development run (`npm start`: app.isPackaged false, as the Electron test runtime always
 * is) of the real main bundle: turning the setting on writes an XDG autostart entry whose Exec line, read back as
 * a launcher would, starts the same binary with this app's folder and --hidden. The bare binary would start
 * Electron's default app instead. The app folder sits at a path with spaces, `#`, `%` and non-ASCII letters.
 */
import { watch } from 'node:fs';
import { access, mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { APP_TEST_TIMEOUT_MS } from '../../electron-runtime/app-session.ts';
import { copyAppFolder, type LaunchedApp } from '../../electron-runtime/launch-app.ts';
import type { PageGlobals } from '../../electron-runtime/page-globals.ts';
import { registerAppTestHooks } from '../../support/app-test-hooks.ts';
import { execLine, parseExec } from '../../support/desktop-entry-exec.ts';

const { session } = registerAppTestHooks();

async function exists(file: string): Promise<boolean> {
  try {
    await access(file);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
    throw error;
  }
}

/** Resolves once `file` exists (or no longer does), woken by the folder's change events rather than a timer. */
async function waitForFile(file: string, present: boolean): Promise<void> {
  const events = watch(path.dirname(file));
  try {
    const changed = new Promise<void>((resolve, reject) => {
      events.on('change', () => {
        void exists(file).then((now) => {
          if (now === present) resolve();
        }, reject);
      });
      events.on('error', reject);
    });
    // Checked after the watcher starts, so a change between the two cannot be missed.
    if ((await exists(file)) === present) return;
    await changed;
  } finally {
    events.close();
  }
}

async function setStartAtLogin(app: LaunchedApp, startAtLogin: boolean): Promise<boolean> {
  const result = await app.evaluate(
    (enabled) => (globalThis as unknown as PageGlobals).ntfy.updateSettings({ preferences: { startAtLogin: enabled } }),
    startAtLogin,
  );
  return result.ok;
}

describe('start at login under npm start', { timeout: APP_TEST_TIMEOUT_MS }, () => {
  it('writes an autostart entry that starts this app folder hidden, and removes it when turned off', async () => {
    const appDir = await copyAppFolder(path.join(await session.dir(), 'Mes apps #1 100% Überall', 'ntfy tray'));
    const userDataDir = path.join(await session.dir(), 'user-data');
    // The launcher's isolated XDG_CONFIG_HOME (launch-app.ts); made first so it can be watched.
    const autostartDir = path.join(`${userDataDir}.home`, '.config', 'autostart');
    await mkdir(autostartDir, { recursive: true });
    const entryFile = path.join(autostartDir, 'ntfy-tray.desktop');
    const app = await session.launch({ appDir, userDataDir });
    await app.waitForWindow();

    expect(await setStartAtLogin(app, true)).toBe(true);
    await waitForFile(entryFile, true);
    // The runtime forks the app with this process's Node binary: the stand-in for the Electron binary.
    expect(parseExec(execLine(await readFile(entryFile, 'utf8')))).toEqual([process.execPath, appDir, '--hidden']);

    expect(await setStartAtLogin(app, false)).toBe(true);
    await waitForFile(entryFile, false);
    expect((await app.records()).errors).toEqual([]);
  });
});
