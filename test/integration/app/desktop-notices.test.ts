/**
 * Desktop notices through the real main bundle on the Electron test runtime: a session bus with no
 * StatusNotifierWatcher (plain GNOME Shell) makes the window say how to get a tray, once; a notification center that
 * refuses popups (the runtime's 'failed' switch) makes the window and the tray menu say so.
 */
import { describe, expect, it, vi } from 'vitest';
import { trayHostMissingText } from '../../../main/core/notices/desktop-notices.ts';
import { notificationsRefusedLabel } from '../../../main/core/tray/tray-model.ts';
import { APP_TEST_TIMEOUT_MS } from '../../electron-runtime/app-session.ts';
import type { LaunchedApp } from '../../electron-runtime/launch-app.ts';
import type { PageGlobals } from '../../electron-runtime/page-globals.ts';
import type { MenuItemRecord } from '../../electron-runtime/records.ts';
import { REFUSE_NOTIFICATIONS_SWITCH } from '../../electron-runtime/system.ts';
import { createRecordingLogger } from '../../fakes/logger.ts';
import { subscribeInApp, waitForPageText } from '../../support/app-page.ts';
import { registerAppTestHooks } from '../../support/app-test-hooks.ts';
import { runsOn } from '../../support/run-platform.ts';
import { findExecutable, startNotificationSession } from '../os/notification-session.ts';

/** The page members these tests use beyond PageGlobals (the tests are type-checked for Node, without the DOM). */
interface NoticePage {
  readonly document: {
    querySelector(selector: string): { getAttribute(name: string): string | null; click(): void } | null;
  };
}

const { session, cleanUpAfterTest, startServer } = registerAppTestHooks();

// A launch per test (issue 25 §11): the tray notice is about a restart on the same profile, the refused popups need
// another environment.
const dbusDaemon = await findExecutable('dbus-daemon');
// The StatusNotifier host is a Linux desktop's; macOS and Windows always have a menu bar or notification area.
const onLinux = runsOn('linux', 'tray host notice test');

function labels(items: readonly MenuItemRecord[]): string[] {
  return items.flatMap((item) => [item.label, ...labels(item.submenu)]).filter((label) => label !== '');
}

function pageText(app: LaunchedApp): Promise<string> {
  return app.evaluate(() => (globalThis as unknown as PageGlobals).document.body.textContent ?? '', null);
}

describe.skipIf(dbusDaemon === undefined || !onLinux)(
  'no tray host on the session bus',
  { timeout: APP_TEST_TIMEOUT_MS },
  () => {
    it('says once how to get a tray: dismissed, it does not come back after a restart', async () => {
      const bus = await startNotificationSession({ server: 'none', log: createRecordingLogger('bus') });
      cleanUpAfterTest(() => bus.stop());
      const env = { DBUS_SESSION_BUS_ADDRESS: bus.busAddress };
      const first = await session.launch({ env });
      await first.waitForWindow();
      await waitForPageText(first, trayHostMissingText());
      const role = await first.evaluate(
        () =>
          (globalThis as unknown as NoticePage).document
            .querySelector('[data-notice="tray-host-missing"]')
            ?.getAttribute('role'),
        null,
      );
      expect(role).toBe('status');

      await first.evaluate(() => {
        const button = (globalThis as unknown as NoticePage).document.querySelector(
          '[data-notice="tray-host-missing"] button',
        );
        button?.click();
      }, null);
      await first.waitForFunction(
        () => (globalThis as unknown as PageGlobals).document.querySelector('[data-notice]') === null,
        null,
      );
      expect(await first.quit()).toEqual({ code: 0, signal: null });

      const second = await session.launch({ env });
      await second.waitForWindow();
      // The app has asked the bus and found no host (it logs that) before its notice would show.
      await vi.waitFor(
        () => {
          expect(second.output()).toContain('no tray host on this desktop');
        },
        { timeout: 30_000 },
      );
      const listed = await second.evaluate(() => (globalThis as unknown as PageGlobals).ntfy.listNotices(), null);
      expect(listed).toEqual({ ok: true, value: [] });
      expect(await pageText(second)).not.toContain(trayHostMissingText());
      expect((await second.records()).errors).toEqual([]);
    });
  },
);

describe('a notification center that refuses popups', { timeout: APP_TEST_TIMEOUT_MS }, () => {
  it('says so in the window (an alert) and in the tray menu', async () => {
    const server = await startServer();
    const app = await session.launch({ env: { [REFUSE_NOTIFICATIONS_SWITCH]: '1' } });
    await app.waitForWindow();
    expect(labels((await app.records()).trays[0]?.menu ?? [])).not.toContain(notificationsRefusedLabel());
    await subscribeInApp(app, server.url, 'alerts');
    await server.waitForSubscribers(1, { topic: 'alerts' });

    await server.publish('alerts', { message: 'disk almost full on backup-2' });
    await waitForPageText(app, "is not showing ntfy Tray's notifications");

    const role = await app.evaluate(
      () =>
        (globalThis as unknown as NoticePage).document
          .querySelector('[data-notice="notifications-refused"]')
          ?.getAttribute('role'),
      null,
    );
    expect(role).toBe('alert');
    const records = await app.records();
    expect(records.notifications.map((notification) => notification.shown)).toEqual([false]);
    expect(labels(records.trays[0]?.menu ?? [])).toContain(notificationsRefusedLabel());
    expect(records.trays[0]?.toolTip).toContain('notifications blocked');
    expect(records.errors).toEqual([]);
  });
});

if (dbusDaemon === undefined) console.log('tray host notice test skipped: dbus-daemon is not installed');
