/**
 * Single instance on the Electron test runtime: a second launch on the same user data hands over to the running
 * app, which shows its window again (here after the user closed it to the tray), and the second process ends.
 */
import { describe, expect, it } from 'vitest';
import { APP_TEST_TIMEOUT_MS } from '../../electron-runtime/app-session.ts';
import { registerAppTestHooks } from '../../support/app-test-hooks.ts';

const { session } = registerAppTestHooks();

describe('a second launch', { timeout: APP_TEST_TIMEOUT_MS }, () => {
  it('shows the running instance window and ends itself', async () => {
    const first = await session.launch();
    await first.waitForWindow();
    // Closing the window of a tray app only hides it.
    expect(await first.closeWindow()).toBe(false);
    expect((await first.records()).windows).toEqual([expect.objectContaining({ visible: false, destroyed: false })]);

    const second = await session.launch();
    expect(await second.exited).toEqual({ code: 0, signal: null });
    await first.waitForAppEvent('second-instance');
    const records = await first.records();
    expect(records.windows.map((window) => window.visible)).toEqual([true]);
    expect(second.finalRecords()?.windows).toEqual([]);
  });
});
