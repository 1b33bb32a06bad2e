/**
 * "Send test notification" in the tray menu of the real main bundle on the Electron test runtime: the click goes
 * through the Electron menu, the app core and the publish request to test/server on 127.0.0.1, and the test
 * message comes back through the subscription into the window.
 */
import { describe, expect, it, vi } from 'vitest';
import { APP_TEST_TIMEOUT_MS } from '../../electron-runtime/app-session.ts';
import type { MenuItemRecord } from '../../electron-runtime/records.ts';
import { waitForPageText } from '../../support/app-page.ts';
import { registerAppTestHooks } from '../../support/app-test-hooks.ts';

const { startServer, launchSubscribed } = registerAppTestHooks();

function labels(items: readonly MenuItemRecord[]): string[] {
  return items.flatMap((item) => [item.label, ...labels(item.submenu)]).filter((label) => label !== '');
}

describe('tray menu: send test notification', { timeout: APP_TEST_TIMEOUT_MS }, () => {
  it('publishes the test message to the clicked subscription, and it arrives in the window', async () => {
    const server = await startServer();
    const app = await launchSubscribed(server, 'alerts');
    // The menu is rebuilt once the new subscription is saved (the tray follows the settings).
    await vi.waitFor(
      async () => {
        expect(labels((await app.records()).trays[0]?.menu ?? [])).toContain('Send test notification');
      },
      { timeout: APP_TEST_TIMEOUT_MS / 2, interval: 100 },
    );

    // The first item labelled 'alerts' is in "Send test notification", which comes before "Mute".
    await app.clickTrayItem('alerts');
    await waitForPageText(app, 'This is a test from ntfy Tray');

    expect(server.cachedMessages()).toMatchObject([
      { topic: 'alerts', title: 'Test notification', message: 'This is a test from ntfy Tray', tags: ['tada'] },
    ]);
    expect((await app.records()).errors).toEqual([]);
  });
});
