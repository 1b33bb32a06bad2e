/**
 * The D-Bus notifier does not wait for a running notification server's first answers (GetCapabilities,
 * GetServerInformation) before it is usable: the app's start waits for the notifier, and a busy server may take up
 * to the 25 s call deadline. The server here is played by the test (scripted-notification-server.ts) on a private
 * session bus, so it can hold or refuse those answers on cue.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { NotifierShowRequest } from '../../../main/core/ports.ts';
import { connectSessionBus } from '../../../main/os/dbus/session-bus.ts';
import { openDbusNotifier } from '../../../main/os/notifications/dbus-notifier.ts';
import { createRecordingLogger } from '../../fakes/logger.ts';
import { findExecutable, type NotificationSession, startNotificationSession } from './notification-session.ts';
import {
  type ScriptedNotificationServerOptions,
  startScriptedNotificationServer,
} from './scripted-notification-server.ts';

const dbusDaemon = await findExecutable('dbus-daemon');
if (dbusDaemon === undefined) console.warn('Skipping the notifier tests on D-Bus: dbus-daemon is not installed');

const log = createRecordingLogger('dbus-notifier-test');
const cleanUps: (() => Promise<void>)[] = [];

afterEach(async () => {
  for (const cleanUp of cleanUps.splice(0).reverse()) await cleanUp();
});

const request: NotifierShowRequest = {
  id: 'https://ntfy.example|deploys|m1',
  title: 'Deploy finished',
  body: 'build 42 is live',
  urgency: 'normal',
  silent: false,
  actions: [{ id: 'action-0', label: 'Open build' }],
};

async function serverOnBus(options: Omit<ScriptedNotificationServerOptions, 'busAddress'>) {
  const bus: NotificationSession = await startNotificationSession({ server: 'none', log });
  cleanUps.push(() => bus.stop());
  const server = await startScriptedNotificationServer({ busAddress: bus.busAddress, ...options });
  cleanUps.push(() => server.close());
  const open = async () => {
    const notifier = await openDbusNotifier({
      connect: () => connectSessionBus({ busAddress: bus.busAddress, log }),
      log,
    });
    cleanUps.push(() => notifier.dispose());
    return notifier;
  };
  return { server, open };
}

describe.skipIf(dbusDaemon === undefined)('DbusNotifier and a notification server slow to answer', () => {
  it('opens while the server holds its first answers; the first popup goes out once they come', async () => {
    const { server, open } = await serverOnBus({ holdStartupAnswers: true });
    const notifier = await open();
    expect(server.heldCalls()).toEqual(['GetCapabilities']);

    const shown = notifier.show(request);
    const capabilities = notifier.capabilities();
    server.releaseStartupAnswers();
    await shown;
    expect(await capabilities).toEqual({ actions: true, images: true, sound: false });
    // Asked once: the popup and capabilities() shared the answers that came at the start.
    expect(server.capabilityCalls()).toBe(1);
    expect(server.notifies).toEqual([
      expect.objectContaining({ summary: 'Deploy finished', actions: ['default', 'Open', 'action-0', 'Open build'] }),
    ]);
  });

  it('asks again at the next popup when the first asking failed, and that popup still goes out', async () => {
    const { server, open } = await serverOnBus({ holdStartupAnswers: true, refuseCapabilities: 1 });
    const notifier = await open();
    const first = notifier.show(request);
    server.releaseStartupAnswers();
    await expect(first).rejects.toMatchObject({ name: 'DbusCallError' });
    expect(server.notifies).toEqual([]);

    await notifier.show({ ...request, id: 'second' });
    expect(server.capabilityCalls()).toBe(2);
    expect(server.notifies).toEqual([expect.objectContaining({ summary: 'Deploy finished' })]);
  });
});
