/**
 * The tray menu and a failed start of the real main bundle on the Electron test runtime: pausing from the tray
 * menu shows in the menu, and a history database that cannot open is shown in an error box instead of a silent
 * exit.
 */
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { APP_TEST_TIMEOUT_MS } from '../../electron-runtime/app-session.ts';
import type { MenuItemRecord } from '../../electron-runtime/records.ts';
import { registerAppTestHooks } from '../../support/app-test-hooks.ts';

const { session } = registerAppTestHooks();

// A launch per test (issue 25 §11): one quits the app and one is a failed start; the pause test alone would share nothing.

function labels(items: readonly MenuItemRecord[]): string[] {
  return items.flatMap((item) => [item.label, ...labels(item.submenu)]).filter((label) => label !== '');
}

describe('tray menu', { timeout: APP_TEST_TIMEOUT_MS }, () => {
  it('pauses notifications until resumed from the tray menu, and the menu says so', async () => {
    const app = await session.launch();
    await app.waitForWindow();
    const before = await app.records();
    expect(labels(before.trays[0]?.menu ?? [])).not.toContain('Notifications paused until resumed');

    await app.clickTrayItem('Until resumed');
    const after = await app.records();
    expect(labels(after.trays[0]?.menu ?? [])).toContain('Notifications paused until resumed');
    expect(after.errors).toEqual([]);
  });

  it('quits from the tray menu with exit code 0', async () => {
    const app = await session.launch();
    await app.waitForWindow();
    await app.clickTrayItem('Quit');
    expect(await app.exited).toEqual({ code: 0, signal: null });
  });
});

describe('a start that fails', { timeout: APP_TEST_TIMEOUT_MS }, () => {
  it('shows an error box when the history database cannot open, then exits', async () => {
    const userDataDir = path.join(await session.dir(), 'user-data');
    // A folder where the database file should be: SQLite cannot open it.
    await mkdir(path.join(userDataDir, 'history.sqlite'), { recursive: true });
    const app = await session.launch({ userDataDir });
    const exit = await app.exited;
    expect(exit.signal).toBeNull();
    expect(app.output()).toContain('startup failed');
    const dialogs = app.finalRecords()?.dialogs ?? [];
    expect(dialogs).toEqual([
      { kind: 'error', title: 'ntfy Tray could not start', content: expect.stringContaining('history') as unknown },
    ]);
  });
});
