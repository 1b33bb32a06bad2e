/**
 * Issue 11: a cold start with 10,000 messages in history while the notification server on D-Bus is slow. The
 * server (played by the test) receives the notifier's first questions, GetCapabilities and GetServerInformation,
 * and answers neither until the test releases them. The window must not wait for it: it shows the newest rows and
 * a live message meanwhile, and the popup for that message reaches the server once it answers.
 *
 * The app's own D-Bus deadline (25 s per call) bounds how long the answers may be held; everything the test checks
 * while holding them comes from events (the held call, the page's text), and the log proves the app had not given
 * up on the server and fallen back to Electron's notifications by then.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { APP_TEST_TIMEOUT_MS } from '../../electron-runtime/app-session.ts';
import { createRecordingLogger } from '../../fakes/logger.ts';
import { waitForPageText } from '../../support/app-page.ts';
import { registerAppTestHooks } from '../../support/app-test-hooks.ts';
import { storeNumberedMessages } from '../../support/seed-history.ts';
import { findExecutable, startNotificationSession } from '../os/notification-session.ts';
import { startScriptedNotificationServer } from '../os/scripted-notification-server.ts';

const MESSAGE_COUNT = 10_000;
/** What main/index.ts logs when it gives up on D-Bus and uses Electron's Notification instead. */
const FALLBACK_LOG = 'no D-Bus notification server';

const dbusDaemon = await findExecutable('dbus-daemon');
if (dbusDaemon === undefined) console.warn('Skipping the app tests on D-Bus: dbus-daemon is not installed');

const { session, cleanUpAfterTest, startServer, launchSubscribed } = registerAppTestHooks();

describe.skipIf(dbusDaemon === undefined)('a cold start with a slow notification server', () => {
  it(
    'shows the newest of 10,000 stored messages and a live one while the server holds its answers',
    { timeout: APP_TEST_TIMEOUT_MS },
    async () => {
      const ntfy = await startServer();
      const userDataDir = path.join(await session.dir(), 'user-data');
      // First run (no bus: Electron notifications): the subscription is saved through the app, as a user would.
      const first = await launchSubscribed(ntfy, 'alerts', { userDataDir });
      await first.quit();
      await storeNumberedMessages(userDataDir, ntfy.url, MESSAGE_COUNT);

      const bus = await startNotificationSession({ server: 'none', log: createRecordingLogger('bus') });
      cleanUpAfterTest(() => bus.stop());
      const notifications = await startScriptedNotificationServer({
        busAddress: bus.busAddress,
        holdStartupAnswers: true,
      });
      cleanUpAfterTest(() => notifications.close());
      const app = await session.launch({ userDataDir, env: { DBUS_SESSION_BUS_ADDRESS: bus.busAddress } });
      await notifications.waitForHeldCalls(1);

      await app.waitForWindow();
      await waitForPageText(app, `stored message ${String(MESSAGE_COUNT - 1)}`);
      await ntfy.waitForSubscribers(1, { topic: 'alerts' });
      await ntfy.publish('alerts', { title: 'Live', message: 'arrived while the server was silent' });
      await waitForPageText(app, 'arrived while the server was silent');

      const records = await app.records();
      // Still unanswered, and the app still waiting for it rather than fallen back.
      expect(notifications.heldCalls()).toEqual(['GetCapabilities']);
      expect(app.output()).not.toContain(FALLBACK_LOG);
      expect(records.errors).toEqual([]);
      expect(records.unhandledInvokes).toEqual([]);
      // The app runs in en_US here (test/electron-runtime pins LANG), so the count has its digit grouping.
      expect(records.trays[0]?.toolTip).toContain(`${(MESSAGE_COUNT + 1).toLocaleString('en-US')} unread`);
      expect(notifications.notifies).toEqual([]);

      notifications.releaseStartupAnswers();
      const popup = await notifications.waitForNotify(1);
      expect(popup).toMatchObject({ appName: 'ntfy Tray', summary: 'Live' });
      expect(popup.body).toContain('arrived while the server was silent');
      const after = await app.records();
      expect(after.notifications).toEqual([]);
      expect(after.errors).toEqual([]);
      expect(app.output()).not.toContain(FALLBACK_LOG);
    },
  );
});
