/**
 * Popup clicks on the Linux path of the composed app: the real main bundle on the Electron test runtime, on a
 * private session bus where a notification server played by the test (scripted-notification-server.ts) records
 * what the app's D-Bus notifier sends and answers with ActionInvoked, as a click on the popup or a button would.
 */
import { describe, expect, it } from 'vitest';
import { APP_TEST_TIMEOUT_MS } from '../../electron-runtime/app-session.ts';
import { firstShownMessage, recordShownMessages, waitForPageText } from '../../support/app-page.ts';
import { registerAppTestHooks } from '../../support/app-test-hooks.ts';
import { createRecordingLogger } from '../../fakes/logger.ts';
import { findExecutable, type NotificationSession, startNotificationSession } from '../os/notification-session.ts';
import {
  type ScriptedNotificationServer,
  startScriptedNotificationServer,
} from '../os/scripted-notification-server.ts';

const dbusDaemon = await findExecutable('dbus-daemon');
if (dbusDaemon === undefined) console.warn('Skipping the app tests on D-Bus: dbus-daemon is not installed');

const { cleanUpAfterTest, startServer, launchSubscribed } = registerAppTestHooks();

async function busWithScriptedServer(): Promise<{ bus: NotificationSession; server: ScriptedNotificationServer }> {
  const bus = await startNotificationSession({ server: 'none', log: createRecordingLogger('bus') });
  cleanUpAfterTest(() => bus.stop());
  const server = await startScriptedNotificationServer({ busAddress: bus.busAddress });
  cleanUpAfterTest(() => server.close());
  return { bus, server };
}

describe.skipIf(dbusDaemon === undefined)(
  'popup clicks through the D-Bus notifier',
  { timeout: APP_TEST_TIMEOUT_MS },
  () => {
    it('a click on the popup opens that message in the window, and a view button opens its URL', async () => {
      const { bus, server: notifications } = await busWithScriptedServer();
      const ntfy = await startServer();
      const app = await launchSubscribed(ntfy, 'deploys', { env: { DBUS_SESSION_BUS_ADDRESS: bus.busAddress } });
      await recordShownMessages(app);

      const url = 'https://ci.example.com/builds/42';
      const published = await ntfy.publish('deploys', {
        title: 'Deploy finished',
        message: 'build 42 is live',
        actions: [{ action: 'view', label: 'Open build', url, clear: true }],
      });
      const popup = await notifications.waitForNotify(1);
      expect(popup).toMatchObject({ appName: 'ntfy Tray', replacesId: 0, summary: 'Deploy finished' });
      expect(popup.body).toContain('build 42 is live');
      // What the composition root adds: the .desktop name and the app icon as a file the server can read.
      expect(popup.hintNames).toEqual(expect.arrayContaining(['urgency', 'desktop-entry']));
      expect(popup.appIcon).toMatch(/^file:\/\/.*\/assets\/icon\.png$/);
      // Pairs of key and label: the click on the popup (`default`), then the message's button under the app's key.
      const keys = popup.actions.filter((_, index) => index % 2 === 0);
      const labels = popup.actions.filter((_, index) => index % 2 === 1);
      expect(labels).toEqual(['Open', 'Open build']);
      expect(keys[0]).toBe('default');
      const viewKey = keys[1] ?? '';
      // It went to D-Bus, not to Electron's Notification (the fallback without a notification server).
      expect((await app.records()).notifications).toEqual([]);
      await waitForPageText(app, 'build 42 is live');

      notifications.invokeAction(popup.serverId, 'default');
      expect(await firstShownMessage(app)).toEqual({ server: ntfy.url, id: published.id });

      // `clear: true` closes the popup after the URL was handed to the shell, so its CloseNotification says when.
      notifications.invokeAction(popup.serverId, viewKey);
      await notifications.waitForClosed(popup.serverId);
      const records = await app.records();
      expect(records.openedExternal).toEqual([url]);
      expect(records.windows.map((window) => window.visible)).toEqual([true]);
      expect(records.errors).toEqual([]);
    });
  },
);
