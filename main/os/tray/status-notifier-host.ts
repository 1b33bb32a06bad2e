/**
 * Whether the desktop can show a tray icon at all. On Linux, Electron's tray is a StatusNotifierItem, which shows
 * only where a StatusNotifierWatcher runs with a host registered (KDE, XFCE, Cinnamon, GNOME with the AppIndicator
 * extension); plain GNOME Shell has none, and Electron's fallback (an XEmbed icon) is not shown there either. A tray
 * app that hides its window on close would then vanish with no way back, so the shell asks here first.
 * https://www.freedesktop.org/wiki/Specifications/StatusNotifierItem/StatusNotifierWatcher/
 */
import type { DbusConnection } from '../dbus/session-bus.ts';

export const STATUS_NOTIFIER_WATCHER = 'org.kde.StatusNotifierWatcher';

export type TrayHost = 'available' | 'missing' | 'unknown';

/**
 * `available`: a watcher runs and says a host is registered; `missing`: no watcher, or one without a host;
 * `unknown`: the bus could not be asked (then the caller keeps its default behaviour).
 */
export async function detectTrayHost(bus: DbusConnection): Promise<TrayHost> {
  let owned: unknown;
  try {
    [owned] = await bus.call({
      destination: 'org.freedesktop.DBus',
      path: '/org/freedesktop/DBus',
      interface: 'org.freedesktop.DBus',
      member: 'NameHasOwner',
      signature: 's',
      body: [STATUS_NOTIFIER_WATCHER],
    });
  } catch {
    return 'unknown'; // the bus itself did not answer: nothing can be concluded
  }
  if (owned !== true) return 'missing';
  try {
    const [value] = await bus.call({
      destination: STATUS_NOTIFIER_WATCHER,
      path: '/StatusNotifierWatcher',
      interface: 'org.freedesktop.DBus.Properties',
      member: 'Get',
      signature: 'ss',
      body: [STATUS_NOTIFIER_WATCHER, 'IsStatusNotifierHostRegistered'],
    });
    return variantValue(value) === true ? 'available' : 'missing';
  } catch {
    // A watcher that does not answer the property (some minimal ones): it exists, so trust it.
    return 'available';
  }
}

/** dbus-native hands a variant back as `[signature, [value]]`. */
function variantValue(value: unknown): unknown {
  if (!Array.isArray(value) || value.length !== 2) return value;
  const inner: unknown = value[1];
  return Array.isArray(inner) && inner.length === 1 ? inner[0] : inner;
}
