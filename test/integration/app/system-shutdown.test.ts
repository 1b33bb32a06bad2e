/**
 * The OS can shut down with the app running (issue 22 §4), on the runtime playing each system: macOS asks the app to
 * quit through powerMonitor 'shutdown', which the app answers by asking for a moment, flushing and quitting, never by
 * holding back 'before-quit' (that cancels Restart, Shut Down and Log Out); Windows ends the process as soon as
 * 'session-end' returns, so the history must be closed inside that listener. A closed history leaves no -wal file and
 * a released data folder no holder file; a process ended mid-flush leaves both.
 */
import { access, readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { HOLDER_FILE_NAME } from '../../../main/core/store/data-dir-lock.ts';
import { APP_TEST_TIMEOUT_MS } from '../../electron-runtime/app-session.ts';
import type { LaunchedApp } from '../../electron-runtime/launch-app.ts';
import type { StandInPlatform } from '../../electron-runtime/platform.ts';
import { waitForPageText } from '../../support/app-page.ts';
import { registerAppTestHooks } from '../../support/app-test-hooks.ts';

const { session, startServer, launchSubscribed } = registerAppTestHooks();

// A launch per test (issue 25 §11): each starts the app as another platform and ends it by a shutdown.

async function walBytes(userDataDir: string): Promise<number> {
  const names = (await readdir(userDataDir)).filter((name) => name.endsWith('.sqlite-wal'));
  const sizes = await Promise.all(names.map(async (name) => (await stat(path.join(userDataDir, name))).size));
  return sizes.reduce((sum, size) => sum + size, 0);
}

async function exists(file: string): Promise<boolean> {
  try {
    await access(file);
    return true;
  } catch {
    return false;
  }
}

/** The app on `platform`, subscribed, with one message received and stored (so the history has written). */
async function runningWithHistory(platform: StandInPlatform): Promise<LaunchedApp> {
  const server = await startServer();
  const app = await launchSubscribed(server, 'alerts', { platform });
  await server.publish('alerts', { message: 'backup finished' });
  await waitForPageText(app, 'backup finished');
  return app;
}

async function dataFolderState(): Promise<{ walBytes: number; holderFile: boolean }> {
  const userData = path.join(await session.dir(), 'user-data');
  return { walBytes: await walBytes(userData), holderFile: await exists(path.join(userData, HOLDER_FILE_NAME)) };
}

describe('the system shuts down with the app running', { timeout: APP_TEST_TIMEOUT_MS }, () => {
  it('macOS: delays the restart through powerMonitor shutdown, flushes and quits, and never cancels it', async () => {
    const app = await runningWithHistory('darwin');

    const end = await app.systemQuit();
    expect(end).toEqual({ kind: 'system-quit', delayed: true, aborted: false });
    expect(await app.exited).toEqual({ code: 0, signal: null });

    expect(app.finalRecords()?.systemEnds).toEqual([{ kind: 'system-quit', delayed: true, aborted: false }]);
    expect(await dataFolderState()).toEqual({ walBytes: 0, holderFile: false });
    expect(app.output()).toContain('the system is shutting down; flushing, then quitting');
  });

  it('Windows: closes the history and releases the data folder before session-end returns', async () => {
    const app = await runningWithHistory('win32');

    expect(await app.endSession()).toEqual({ code: 0, signal: null });

    expect(await dataFolderState()).toEqual({ walBytes: 0, holderFile: false });
    expect(app.output()).toContain('the session is ending; closing the history now');
  });
});
