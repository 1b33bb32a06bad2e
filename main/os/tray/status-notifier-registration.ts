/**
 * Looks at the session bus's StatusNotifierWatcher for this process's own tray item and follows the watcher's life
 * (core/tray/tray-presence.ts decides what that means). Electron's item is registered by Chromium's own D-Bus
 * connection in the main process, so "ours" is any registered item whose bus name belongs to a connection with our
 * process id (GetConnectionUnixProcessID), whatever name Chromium chose (`org.kde.StatusNotifierItem-<pid>-<n>`).
 * Watchers list items as `<bus name><object path>` (KDE, GNOME's AppIndicator extension) or as a bare bus name.
 * https://www.freedesktop.org/wiki/Specifications/StatusNotifierItem/StatusNotifierWatcher/
 */
import type { Clock, Logger } from '../../core/ports.ts';
import { type TrayPresence, TrayPresenceTracker, type WatcherLook } from '../../core/tray/tray-presence.ts';
import type { DbusConnection, DbusConnectionFactory } from '../dbus/session-bus.ts';

/** The watcher's bus name (and its interface's name). */
export const STATUS_NOTIFIER_WATCHER = 'org.kde.StatusNotifierWatcher';

const BUS_DAEMON = {
  destination: 'org.freedesktop.DBus',
  path: '/org/freedesktop/DBus',
  interface: 'org.freedesktop.DBus',
} as const;
const WATCHER_PATH = '/StatusNotifierWatcher';

/** dbus-native hands a variant back as `[signature, [value]]`. */
function variantValue(value: unknown): unknown {
  if (!Array.isArray(value) || value.length !== 2) return value;
  const inner: unknown = value[1];
  return Array.isArray(inner) && inner.length === 1 ? inner[0] : inner;
}

async function watcherProperty(bus: DbusConnection, name: string): Promise<unknown> {
  try {
    const [value] = await bus.call({
      destination: STATUS_NOTIFIER_WATCHER,
      path: WATCHER_PATH,
      interface: 'org.freedesktop.DBus.Properties',
      member: 'Get',
      signature: 'ss',
      body: [STATUS_NOTIFIER_WATCHER, name],
    });
    return variantValue(value);
  } catch {
    return undefined; // a watcher without that property, or one that went away meanwhile: it cannot say
  }
}

async function processIdOf(bus: DbusConnection, busName: string): Promise<number | undefined> {
  try {
    const [pid] = await bus.call({
      ...BUS_DAEMON,
      member: 'GetConnectionUnixProcessID',
      signature: 's',
      body: [busName],
    });
    return typeof pid === 'number' ? pid : undefined;
  } catch {
    return undefined; // the item's connection is gone: not a live item of anyone's
  }
}

/** The watcher, its host and whether it lists an item owned by process `pid`. Rejects only when the bus fails. */
async function lookAtWatcher(bus: DbusConnection, pid: number): Promise<WatcherLook> {
  const [owned] = await bus.call({
    ...BUS_DAEMON,
    member: 'NameHasOwner',
    signature: 's',
    body: [STATUS_NOTIFIER_WATCHER],
  });
  if (owned !== true) return { watcherRunning: false, hostRegistered: undefined, ownItemRegistered: undefined };
  const host = await watcherProperty(bus, 'IsStatusNotifierHostRegistered');
  const items = await watcherProperty(bus, 'RegisteredStatusNotifierItems');
  let ownItemRegistered: boolean | undefined;
  if (Array.isArray(items)) {
    const busNames = new Set(items.filter((item) => typeof item === 'string').map((item) => item.split('/')[0] ?? ''));
    const owners = await Promise.all([...busNames].filter((name) => name !== '').map((name) => processIdOf(bus, name)));
    ownItemRegistered = owners.includes(pid);
  }
  return { watcherRunning: true, hostRegistered: typeof host === 'boolean' ? host : undefined, ownItemRegistered };
}

interface TrayPresenceWatchOptions {
  readonly connect: DbusConnectionFactory;
  /** The process whose item counts as ours: the Electron main process, which holds Chromium's D-Bus connection. */
  readonly pid: number;
  readonly clock: Clock;
  /** See TrayPresenceTrackerOptions.settleMs. */
  readonly settleMs: number;
  readonly onChange: (next: TrayPresence, previous: TrayPresence) => void;
  readonly log: Logger;
}

export interface TrayPresenceWatch {
  readonly tracker: TrayPresenceTracker;
  stop(): Promise<void>;
}

/**
 * Connects, subscribes to the watcher's name changes and item signals, and makes the first look. Rejects when the
 * bus cannot be reached (the caller then keeps the default: hide to the tray).
 */
export async function watchTrayPresence(options: TrayPresenceWatchOptions): Promise<TrayPresenceWatch> {
  const { log } = options;
  const bus = await options.connect();
  const tracker = new TrayPresenceTracker({
    look: () => lookAtWatcher(bus, options.pid),
    clock: options.clock,
    settleMs: options.settleMs,
    onChange: options.onChange,
    log,
  });
  const follow = (what: string, step: Promise<void>): void => {
    step.catch((error: unknown) => {
      log.log('warn', `tray presence: ${what} failed`, { error: String(error) });
    });
  };
  const unsubscribe = bus.onSignal((signal) => {
    if (signal.member === 'NameOwnerChanged' && signal.body[0] === STATUS_NOTIFIER_WATCHER) {
      log.log(
        'info',
        signal.body[2] === '' ? 'the StatusNotifierWatcher went away' : 'a StatusNotifierWatcher appeared',
      );
      follow('watcher change', tracker.watcherChanged());
    } else if (
      signal.interface === STATUS_NOTIFIER_WATCHER &&
      (signal.member === 'StatusNotifierItemRegistered' || signal.member === 'StatusNotifierItemUnregistered')
    ) {
      follow('item change', tracker.itemsChanged());
    }
  });
  try {
    await bus.addMatch(
      `type='signal',sender='org.freedesktop.DBus',interface='org.freedesktop.DBus',member='NameOwnerChanged',arg0='${STATUS_NOTIFIER_WATCHER}'`,
    );
    await bus.addMatch(`type='signal',interface='${STATUS_NOTIFIER_WATCHER}'`);
  } catch (error) {
    unsubscribe();
    await bus.close();
    throw error;
  }
  follow('first look', tracker.start());
  return {
    tracker,
    async stop() {
      tracker.stop();
      unsubscribe();
      await bus.close();
    },
  };
}
