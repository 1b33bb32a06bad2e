/**
 * detectTrayHost against a real dbus-daemon (a private session bus), with a StatusNotifierWatcher played by a
 * second connection that owns the watcher's name, as KDE or GNOME's AppIndicator extension would.
 */
import { createClient } from 'dbus-native';
import { afterEach, describe, expect, it } from 'vitest';
import { connectSessionBus, type DbusConnection } from '../../../main/os/dbus/session-bus.ts';
import { detectTrayHost, STATUS_NOTIFIER_WATCHER } from '../../../main/os/tray/status-notifier-host.ts';
import { createRecordingLogger } from '../../fakes/logger.ts';
import { findExecutable, type NotificationSession, startNotificationSession } from './notification-session.ts';

const dbusDaemon = await findExecutable('dbus-daemon');
let session: NotificationSession | undefined;
const cleanups: (() => Promise<void> | void)[] = [];

afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  await session?.stop();
  session = undefined;
});

async function bus(): Promise<{ app: DbusConnection; address: string }> {
  session = await startNotificationSession({ server: 'none', log: createRecordingLogger('bus') });
  const app = await connectSessionBus({ log: createRecordingLogger('app'), busAddress: session.busAddress });
  cleanups.push(() => app.close());
  return { app, address: session.busAddress };
}

/** Owns the watcher's name and answers IsStatusNotifierHostRegistered with `hostRegistered`. */
async function startWatcher(address: string, hostRegistered: boolean): Promise<void> {
  const watcher = createClient({ busAddress: address });
  cleanups.push(() => {
    watcher.connection.end();
  });
  await new Promise<void>((resolve, reject) => {
    watcher.requestName(STATUS_NOTIFIER_WATCHER, 0, (error: unknown, code: unknown) => {
      if (error !== null && error !== undefined)
        reject(error instanceof Error ? error : new Error(JSON.stringify(error)));
      else if (code !== 1) reject(new Error(`did not get the watcher name (RequestName answered ${String(code)})`));
      else resolve();
    });
  });
  watcher.exportInterface({ IsStatusNotifierHostRegistered: hostRegistered }, '/StatusNotifierWatcher', {
    name: STATUS_NOTIFIER_WATCHER,
    methods: {},
    signals: {},
    properties: { IsStatusNotifierHostRegistered: 'b' },
  });
}

describe.skipIf(dbusDaemon === undefined)('detectTrayHost', () => {
  it('says missing where no StatusNotifierWatcher runs (plain GNOME Shell)', async () => {
    const { app } = await bus();
    expect(await detectTrayHost(app)).toBe('missing');
  });

  it('says available where a watcher runs with a host registered', async () => {
    const { app, address } = await bus();
    await startWatcher(address, true);
    expect(await detectTrayHost(app)).toBe('available');
  });

  it('says missing where a watcher runs but no host has registered with it', async () => {
    const { app, address } = await bus();
    await startWatcher(address, false);
    expect(await detectTrayHost(app)).toBe('missing');
  });
});

if (dbusDaemon === undefined) console.log('detectTrayHost tests skipped: dbus-daemon is not installed');
