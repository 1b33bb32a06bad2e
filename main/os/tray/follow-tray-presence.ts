/**
 * The app's use of the tray presence (status-notifier-registration.ts, core/tray/tray-presence.ts): whether closing
 * the window may hide it, the notices that say why not, and bringing the window back when the icon goes missing.
 * Linux only; elsewhere a tray (menu bar, notification area) is always there.
 */
import type { DesktopNotices } from '../../core/notices/desktop-notices.ts';
import type { Clock, Logger } from '../../core/ports.ts';
import { type TrayPresence, trayPresenceEffects, trayUsable } from '../../core/tray/tray-presence.ts';
import type { DbusConnectionFactory } from '../dbus/session-bus.ts';
import { type TrayPresenceWatch, watchTrayPresence } from './status-notifier-registration.ts';

/** Milliseconds Electron gets to register its item (after start, or after a watcher appears) before it counts. */
export const TRAY_SETTLE_MS = 10_000;

interface TrayPresenceFollowerOptions {
  readonly platform: NodeJS.Platform;
  readonly connect: DbusConnectionFactory;
  readonly pid: number;
  readonly clock: Clock;
  readonly notices: DesktopNotices;
  readonly log: Logger;
}

interface TrayPresenceFollower {
  /** For the main window's close: false while the icon is known to be missing. */
  readonly usable: () => boolean;
  /** Call once the tray exists; `showWindow` brings the window back when the icon goes missing. */
  start(showWindow: () => void): void;
  stop(): Promise<void>;
}

export function followTrayPresence(options: TrayPresenceFollowerOptions): TrayPresenceFollower {
  const { log, notices } = options;
  let presence: TrayPresence = 'pending';
  let watching: TrayPresenceWatch | undefined;
  let stopped = false;
  const onChange = (next: TrayPresence, previous: TrayPresence, showWindow: () => void): void => {
    presence = next;
    const effects = trayPresenceEffects(previous, next);
    if (next === 'no-host') log.log('warn', 'no tray host on this desktop: closing the window minimizes it');
    if (next === 'not-registered')
      log.log('warn', 'the tray host does not list our icon: closing the window minimizes it');
    if (next === 'shown') log.log('info', 'the tray icon is registered with the StatusNotifierWatcher');
    notices.setTrayHostMissing(effects.trayHostMissing);
    notices.setTrayIconMissing(effects.trayIconMissing);
    if (effects.showWindow) showWindow();
  };
  return {
    usable: () => trayUsable(presence),
    start(showWindow) {
      if (options.platform !== 'linux') return;
      const begin = async (): Promise<void> => {
        const watch = await watchTrayPresence({
          connect: options.connect,
          pid: options.pid,
          clock: options.clock,
          settleMs: TRAY_SETTLE_MS,
          onChange: (next, previous) => {
            onChange(next, previous, showWindow);
          },
          log,
        });
        if (stopped) await watch.stop();
        else watching = watch;
      };
      begin().catch((error: unknown) => {
        // No bus to ask: keep hiding to the tray, as on the systems where one always exists.
        log.log('info', 'could not ask for a tray host', { error: String(error) });
      });
    },
    async stop() {
      stopped = true;
      await watching?.stop();
    },
  };
}
