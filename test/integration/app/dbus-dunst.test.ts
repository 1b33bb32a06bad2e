/**
 * The Linux path of the composed app: the real main bundle on the Electron test runtime, on a private session bus
 * with real dunst on Xvfb (notification-session.ts). A message published to test/server becomes a dunst popup
 * through the app's D-Bus notifier (not Electron's Notification, the fallback without a server), and the tray's
 * tooltip, menu and unread count follow.
 *
 * When dunst accepted the popup is an event: a watcher on the bus overhears the app's Notify and dunst's answer
 * (notify-watcher.ts). Dunst puts a popup in its queue before it answers Notify and moves it to the screen at its
 * next update, so right after the answer the popup is in `waiting + displayed`, read in one GetAll call.
 */
import { describe, expect, it } from 'vitest';
import { connectSessionBus } from '../../../main/os/dbus/session-bus.ts';
import { NOTIFICATIONS_SERVICE } from '../../../main/os/notifications/freedesktop-notifications.ts';
import { APP_TEST_TIMEOUT_MS } from '../../electron-runtime/app-session.ts';
import { createRecordingLogger } from '../../fakes/logger.ts';
import { waitForPageText } from '../../support/app-page.ts';
import { registerAppTestHooks } from '../../support/app-test-hooks.ts';
import { findExecutable, type NotificationSession, startNotificationSession } from '../os/notification-session.ts';
import { watchNotifyCalls } from '../os/notify-watcher.ts';

const missing: string[] = [];
for (const tool of ['Xvfb', 'dunst', 'dbus-daemon']) {
  if ((await findExecutable(tool)) === undefined) missing.push(tool);
}
if (missing.length > 0) console.warn(`Skipping the app test with dunst: ${missing.join(', ')} not installed`);

/** Popups stay until closed: what the test reads must not expire under it. */
const DUNST_CONFIG = `
[global]
    notification_limit = 0
    idle_threshold = 0
[urgency_low]
    timeout = 0
[urgency_normal]
    timeout = 0
[urgency_critical]
    timeout = 0
`;

const log = createRecordingLogger('dbus-dunst-test');
const { cleanUpAfterTest, startServer, launchSubscribed } = registerAppTestHooks();

/** Dunst's queue lengths (org.dunstproject.cmd0), both read in one call so no queue update falls between them. */
async function dunstQueues(desktop: NotificationSession): Promise<{ waiting: number; displayed: number }> {
  const bus = await connectSessionBus({ busAddress: desktop.busAddress, log });
  try {
    const [properties] = await bus.call({
      ...NOTIFICATIONS_SERVICE,
      interface: 'org.freedesktop.DBus.Properties',
      member: 'GetAll',
      signature: 's',
      body: ['org.dunstproject.cmd0'],
    });
    // dbus-native hands an a{sv} over as a plain object of plain values.
    const all = properties as Record<string, unknown>;
    return { waiting: Number(all['waitingLength']), displayed: Number(all['displayedLength']) };
  } finally {
    await bus.close();
  }
}

describe.skipIf(missing.length > 0)('the app on a desktop with dunst', { timeout: APP_TEST_TIMEOUT_MS }, () => {
  it('shows a published message as a dunst popup, and the tray tooltip, menu and unread count follow', async () => {
    const desktop = await startNotificationSession({ server: 'dunst', log, dunstConfig: DUNST_CONFIG });
    cleanUpAfterTest(() => desktop.stop());
    const watcher = await watchNotifyCalls(desktop.busAddress);
    cleanUpAfterTest(() => watcher.close());
    const ntfy = await startServer();
    const app = await launchSubscribed(ntfy, 'backups', { env: { DBUS_SESSION_BUS_ADDRESS: desktop.busAddress } });
    expect(await dunstQueues(desktop)).toEqual({ waiting: 0, displayed: 0 });

    await ntfy.publish('backups', { title: 'Backups', message: 'disk almost full on backup-2' });
    const popup = await watcher.waitForAnswered(1);
    expect(popup).toMatchObject({ appName: 'ntfy Tray', summary: 'Backups', actions: ['default', 'Open'] });
    expect(popup.body).toContain('disk almost full on backup-2');
    expect(popup.serverId).toBeGreaterThan(0); // 0: dunst discarded it
    const queues = await dunstQueues(desktop);
    expect(queues.waiting + queues.displayed).toBe(1);
    await waitForPageText(app, 'disk almost full on backup-2');

    const records = await app.records();
    // The popup went through D-Bus: Electron's Notification (the fallback) was never used.
    expect(records.notifications).toEqual([]);
    expect(records.trays[0]?.toolTip).toContain('1 unread');
    expect(records.trays[0]?.menu.map((item) => item.label)).toContain('Backups');
    expect(records.badgeCount).toBe(1);
    expect(records.errors).toEqual([]);
    expect(app.output()).not.toContain('no D-Bus notification server');
  });
});
