/**
 * A StatusNotifierWatcher stand-in on a real session bus, as KDE or GNOME's AppIndicator extension run one: it owns
 * org.kde.StatusNotifierWatcher, keeps RegisteredStatusNotifierItems and signals each registration. `refuse` answers
 * RegisterStatusNotifierItem but never lists the item, as GNOME's extension does when Electron 44/45's registration
 * goes wrong. Also: an item of "ours" (a connection of this test process, whose pid the app checks).
 * https://www.freedesktop.org/wiki/Specifications/StatusNotifierItem/StatusNotifierWatcher/
 */
import { EventEmitter } from 'node:events';
import { createClient, type MessageBus } from 'dbus-native';
import { STATUS_NOTIFIER_WATCHER } from '../../../main/os/tray/status-notifier-registration.ts';

export interface WatcherStandIn {
  readonly items: readonly string[];
  /** Lists an item the watcher learned of otherwise (another app's), and signals it. */
  addItem(item: string): void;
  /** Drops the connection: the name goes away as when GNOME Shell restarts. */
  stop(): void;
}

function requestName(bus: MessageBus, name: string): Promise<void> {
  return new Promise((resolve, reject) => {
    bus.requestName(name, 0, (error: unknown, code: unknown) => {
      if (error !== null && error !== undefined)
        reject(error instanceof Error ? error : new Error(JSON.stringify(error)));
      else if (code !== 1) reject(new Error(`did not get ${name} (RequestName answered ${String(code)})`));
      else resolve();
    });
  });
}

export async function startWatcherStandIn(
  busAddress: string,
  mode: 'accept' | 'refuse' = 'accept',
): Promise<WatcherStandIn> {
  const bus = createClient({ busAddress });
  const items: string[] = [];
  const watcher = Object.assign(new EventEmitter(), {
    IsStatusNotifierHostRegistered: true,
    RegisteredStatusNotifierItems: items,
    ProtocolVersion: 0,
    RegisterStatusNotifierItem(service: string, message: { sender: string }): void {
      if (mode === 'refuse') return;
      // KDE's rule: a bare object path belongs to the caller; a bus name gets the default object path.
      const item = service.startsWith('/') ? `${message.sender}${service}` : `${service}/StatusNotifierItem`;
      items.push(item);
      watcher.emit('StatusNotifierItemRegistered', item);
    },
    RegisterStatusNotifierHost(): void {
      // the stand-in always has a host
    },
  });
  await requestName(bus, STATUS_NOTIFIER_WATCHER);
  bus.exportInterface(watcher, '/StatusNotifierWatcher', {
    name: STATUS_NOTIFIER_WATCHER,
    methods: {
      RegisterStatusNotifierItem: ['s', '', ['service'], []],
      RegisterStatusNotifierHost: ['s', '', ['service'], []],
    },
    signals: { StatusNotifierItemRegistered: ['s', 'service'], StatusNotifierItemUnregistered: ['s', 'service'] },
    properties: { IsStatusNotifierHostRegistered: 'b', RegisteredStatusNotifierItems: 'as', ProtocolVersion: 'i' },
  });
  return {
    items,
    addItem(item) {
      items.push(item);
      watcher.emit('StatusNotifierItemRegistered', item);
    },
    stop() {
      bus.connection.end();
    },
  };
}

/**
 * Registers a tray item the way Chromium does (a well-known name with our pid, then RegisterStatusNotifierItem with
 * that name) from a connection of this process. Returns a function that closes that connection.
 */
export async function registerOwnItem(busAddress: string, sequence = 1): Promise<() => void> {
  const bus = createClient({ busAddress });
  const name = `org.kde.StatusNotifierItem-${String(process.pid)}-${String(sequence)}`;
  await requestName(bus, name);
  await new Promise<void>((resolve, reject) => {
    bus.invoke(
      {
        destination: STATUS_NOTIFIER_WATCHER,
        path: '/StatusNotifierWatcher',
        interface: STATUS_NOTIFIER_WATCHER,
        member: 'RegisterStatusNotifierItem',
        signature: 's',
        body: [name],
      },
      (error: unknown) => {
        if (error === null || error === undefined) resolve();
        else reject(error instanceof Error ? error : new Error(JSON.stringify(error)));
      },
    );
  });
  return () => {
    bus.connection.end();
  };
}
