/**
 * watchTrayPresence against a real dbus-daemon (a private session bus) and a StatusNotifierWatcher stand-in that
 * refuses our item, accepts it late, appears after the app (an autostart login) or restarts. The settle delay runs
 * on a ManualClock: nothing here waits for time, only for the bus's signals and the looks they cause.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  DesktopNotices,
  trayHostMissingText,
  trayIconMissingText,
} from '../../../main/core/notices/desktop-notices.ts';
import type { TrayPresence } from '../../../main/core/tray/tray-presence.ts';
import { connectSessionBus } from '../../../main/os/dbus/session-bus.ts';
import { followTrayPresence, TRAY_SETTLE_MS } from '../../../main/os/tray/follow-tray-presence.ts';
import { type TrayPresenceWatch, watchTrayPresence } from '../../../main/os/tray/status-notifier-registration.ts';
import { createRecordingLogger } from '../../fakes/logger.ts';
import { ManualClock } from '../../support/manual-clock.ts';
import { findExecutable, type NotificationSession, startNotificationSession } from './notification-session.ts';
import { registerOwnItem, startWatcherStandIn } from './status-notifier-watcher.ts';

const SETTLE_MS = 5_000;
/** What a D-Bus round trip may take on a loaded machine (vi.waitFor gives up after 1 s by default): a budget, not a speed check. */
const WAIT = { timeout: 30_000, interval: 50 };
const dbusDaemon = await findExecutable('dbus-daemon');
if (dbusDaemon === undefined) console.log('watchTrayPresence tests skipped: dbus-daemon is not installed');

let session: NotificationSession | undefined;
const cleanups: (() => Promise<void> | void)[] = [];

afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  await session?.stop();
  session = undefined;
});

interface Watching {
  readonly address: string;
  readonly clock: ManualClock;
  readonly changes: TrayPresence[];
  readonly watch: TrayPresenceWatch;
}

async function startBus(): Promise<string> {
  session = await startNotificationSession({ server: 'none', log: createRecordingLogger('bus') });
  return session.busAddress;
}

async function watch(address: string): Promise<Watching> {
  const clock = new ManualClock();
  const changes: TrayPresence[] = [];
  const watching = await watchTrayPresence({
    connect: () => connectSessionBus({ log: createRecordingLogger('dbus'), busAddress: address }),
    pid: process.pid,
    clock,
    settleMs: SETTLE_MS,
    onChange: (next) => changes.push(next),
    log: createRecordingLogger('tray'),
  });
  cleanups.push(() => watching.stop());
  return { address, clock, changes, watch: watching };
}

async function presenceBecomes(watching: Watching, expected: TrayPresence): Promise<void> {
  await vi.waitFor(() => {
    expect(watching.watch.tracker.presence).toBe(expected);
  }, WAIT);
}

/** The look found our item missing and waits for it: the settle timer is armed. */
async function waitingToSettle(watching: Watching): Promise<void> {
  await vi.waitFor(() => {
    expect(watching.clock.pendingTimers).toBe(1);
  }, WAIT);
}

describe.skipIf(dbusDaemon === undefined)('watchTrayPresence', () => {
  it('finds our item where the watcher lists it', async () => {
    const address = await startBus();
    await startWatcherStandIn(address);
    cleanups.push(await registerOwnItem(address));
    const watching = await watch(address);

    await presenceBecomes(watching, 'shown');
    expect(watching.changes).toEqual(['shown']);
  });

  it('says not-registered, after the settle delay, where the watcher refuses our item', async () => {
    const address = await startBus();
    const watcher = await startWatcherStandIn(address, 'refuse');
    cleanups.push(() => {
      watcher.stop();
    });
    cleanups.push(await registerOwnItem(address));
    const watching = await watch(address);
    await waitingToSettle(watching);
    expect(watching.watch.tracker.presence).toBe('pending');

    watching.clock.advance(SETTLE_MS);
    await presenceBecomes(watching, 'not-registered');
    expect(watching.changes).toEqual(['not-registered']);
  });

  it('does not count another process’s item as ours', async () => {
    const address = await startBus();
    const watcher = await startWatcherStandIn(address);
    // The bus daemon's own name: a live connection of another process (or one the daemon will not attribute).
    watcher.addItem('org.freedesktop.DBus/StatusNotifierItem');
    const watching = await watch(address);
    await waitingToSettle(watching);

    watching.clock.advance(SETTLE_MS);
    await presenceBecomes(watching, 'not-registered');
  });

  it('takes an item that registers late, before the settle delay ends, without a change to not-registered', async () => {
    const address = await startBus();
    await startWatcherStandIn(address);
    const watching = await watch(address);
    await waitingToSettle(watching);

    cleanups.push(await registerOwnItem(address));
    await presenceBecomes(watching, 'shown');
    expect(watching.clock.pendingTimers).toBe(0);
    expect(watching.changes).toEqual(['shown']);
  });

  it('says no-host at once without a watcher, and shown once one appears (after an autostart login) and lists us', async () => {
    const address = await startBus();
    const watching = await watch(address);
    await presenceBecomes(watching, 'no-host');

    await startWatcherStandIn(address);
    cleanups.push(await registerOwnItem(address));
    await presenceBecomes(watching, 'shown');
    expect(watching.changes).toEqual(['no-host', 'shown']);
  });

  it('follows a watcher restart: keeps shown while it is away, says not-registered when the new one does not list us', async () => {
    const address = await startBus();
    const first = await startWatcherStandIn(address);
    cleanups.push(await registerOwnItem(address, 1));
    const watching = await watch(address);
    await presenceBecomes(watching, 'shown');

    first.stop();
    await waitingToSettle(watching);
    expect(watching.watch.tracker.presence).toBe('shown');
    await startWatcherStandIn(address);
    // The new watcher's NameOwnerChanged restarts the settle delay; our item does not register again (the bug).
    await vi.waitFor(() => {
      expect(watching.clock.pendingTimers).toBe(1);
    }, WAIT);
    watching.clock.advance(SETTLE_MS);
    await presenceBecomes(watching, 'not-registered');

    cleanups.push(await registerOwnItem(address, 2));
    await presenceBecomes(watching, 'shown');
    expect(watching.changes).toEqual(['shown', 'not-registered', 'shown']);
  });

  it('in the app: brings the window back once and explains, when the watcher refuses our item', async () => {
    const address = await startBus();
    const watcher = await startWatcherStandIn(address, 'refuse');
    cleanups.push(() => {
      watcher.stop();
    });
    cleanups.push(await registerOwnItem(address));
    const clock = new ManualClock();
    const notices = new DesktopNotices({ platform: 'linux' });
    const follower = followTrayPresence({
      platform: 'linux',
      connect: () => connectSessionBus({ log: createRecordingLogger('dbus'), busAddress: address }),
      pid: process.pid,
      clock,
      notices,
      log: createRecordingLogger('tray'),
    });
    cleanups.push(() => follower.stop());
    let windowShown = 0;
    follower.start(() => {
      windowShown++;
    });
    await vi.waitFor(() => {
      expect(clock.pendingTimers).toBe(1);
    }, WAIT);
    expect(follower.usable()).toBe(true);

    clock.advance(TRAY_SETTLE_MS);
    await vi.waitFor(() => {
      expect(follower.usable()).toBe(false);
    }, WAIT);
    expect(windowShown).toBe(1);
    expect(notices.list().map((notice) => notice.text)).toEqual([trayIconMissingText()]);
    expect(notices.list().map((notice) => notice.text)).not.toContain(trayHostMissingText());
  });
});
