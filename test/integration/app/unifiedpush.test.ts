/**
 * The app as a UnifiedPush distributor (issue 35): the real main bundle on the Electron test runtime, as Linux, on a
 * private session bus with a connector written to the spec (../os/unifiedpush-connector.ts) and test/server as the
 * user's default server. Push messages reach the app that registered with their exact bytes, never the window's
 * message list or a popup, and registrations outlive a quit.
 */
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { openConfSettingsStore } from '../../../main/core/store/settings/conf-settings-store.ts';
import { APP_TEST_TIMEOUT_MS } from '../../electron-runtime/app-session.ts';
import { createRecordingLogger } from '../../fakes/logger.ts';
import { waitForPageText } from '../../support/app-page.ts';
import { registerAppTestHooks } from '../../support/app-test-hooks.ts';
import { findExecutable, startNotificationSession } from '../os/notification-session.ts';
import { TestConnector } from '../os/unifiedpush-connector.ts';

const dbusDaemon = await findExecutable('dbus-daemon');
if (dbusDaemon === undefined) console.warn('Skipping the app UnifiedPush test: dbus-daemon is not installed');

const log = createRecordingLogger('unifiedpush-app-test');
const { session, cleanUpAfterTest, startServer, launchSubscribed } = registerAppTestHooks();

describe.skipIf(dbusDaemon === undefined)(
  'the app as a UnifiedPush distributor',
  { timeout: APP_TEST_TIMEOUT_MS },
  () => {
    it('hands pushed bytes to the registered app only, out of the window and popups, and again after a restart', async () => {
      const bus = await startNotificationSession({ server: 'none', log });
      cleanUpAfterTest(() => bus.stop());
      const server = await startServer();
      const userDataDir = path.join(await mkdtemp(path.join(tmpdir(), 'ntfy-tray-up-app-')), 'user-data');
      await openConfSettingsStore({ dir: userDataDir, log }).update({ defaultServer: server.url });
      const launch = { userDataDir, env: { DBUS_SESSION_BUS_ADDRESS: bus.busAddress } };
      const first = await launchSubscribed(server, 'alerts', launch);

      const chat = await TestConnector.start(bus.busAddress, 'org.example.ChatApp');
      cleanUpAfterTest(() => {
        chat.close();
        return Promise.resolve();
      });
      // The app takes its distributor name after its window: a connector registers once it is there.
      await chat.waitForDistributor();
      expect(await chat.register('chat-token')).toEqual({ success: 'REGISTRATION_SUCCEEDED' });
      const endpoint = (await chat.next((call) => call.member === 'NewEndpoint')).endpoint ?? '';
      expect(endpoint).toMatch(new RegExp(`^${server.url}/up[A-Za-z0-9]{12}\\?up=1$`));

      const binary = Buffer.from([0xde, 0xad, 0xbe, 0xef, 0x00, 0x0a]);
      expect((await fetch(endpoint, { method: 'POST', body: 'push text, kept as is ' })).status).toBe(200);
      expect((await fetch(endpoint, { method: 'POST', body: binary })).status).toBe(200);
      expect(await chat.messagesOf('chat-token', 2)).toEqual([Buffer.from('push text, kept as is '), binary]);
      // A message on the user's own subscription after the pushes: once it is in the window, the pushes would be too.
      await server.publish('alerts', 'an ordinary message');
      await waitForPageText(first, 'an ordinary message');
      const records = await first.records();
      expect(records.notifications.map(({ options }) => String(options['body']))).toEqual(['an ordinary message']);
      expect(records.trays.at(-1)?.toolTip).toContain('1 unread');

      expect(await first.quit()).toEqual({ code: 0, signal: null });
      expect((await fetch(endpoint, { method: 'POST', body: 'while the app was closed' })).status).toBe(200);
      const second = await session.launch(launch);
      await second.waitForWindow();
      expect(await chat.messagesOf('chat-token', 3)).toEqual([
        Buffer.from('push text, kept as is '),
        binary,
        Buffer.from('while the app was closed'),
      ]);
    });
  },
);
