/**
 * Which notifier the app shows its notifications with: on Linux the D-Bus notification server (buttons, urgency,
 * replacing a popup), when one answers; elsewhere, and as the Linux fallback, Electron's Notification, whose refusals
 * become the window's notice.
 */
import type { DesktopNotices } from '../core/notices/desktop-notices.ts';
import type { Logger, Notifier } from '../core/ports.ts';
import type { DbusConnectionFactory } from '../os/dbus/session-bus.ts';
import { openDbusNotifier } from '../os/notifications/dbus-notifier.ts';
import { unpackedAsarPath } from '../os/notifications/unpacked-path.ts';
import type { DesktopApp } from './electron-api.ts';
import type { NotificationConstructor } from './electron-notification-api.ts';
import { ElectronNotifier, prepareWindowsToasts } from './electron-notifier.ts';

interface PlatformNotifierOptions {
  readonly platform: NodeJS.Platform;
  readonly app: DesktopApp;
  readonly Notification: NotificationConstructor;
  /** Windows: the AppUserModelId toasts are attributed to. */
  readonly appId: string;
  /** The app's icon file (it may lie inside app.asar). */
  readonly appIconPath: string;
  /** `() => connectSessionBus({ log })` */
  readonly connectSessionBus: DbusConnectionFactory;
  readonly notices: DesktopNotices;
  readonly log: Logger;
}

export async function openPlatformNotifier(options: PlatformNotifierOptions): Promise<Notifier> {
  const { platform, log } = options;
  if (platform === 'win32') prepareWindowsToasts(options.app, options.appId);
  if (platform === 'linux') {
    try {
      return await openDbusNotifier({
        connect: options.connectSessionBus,
        log: log.child('notifier'),
        // The notification server reads the file itself: it cannot see inside app.asar.
        appIconPath: unpackedAsarPath(options.appIconPath),
        desktopEntry: 'ntfy-tray',
      });
    } catch (error) {
      log.log('warn', 'no D-Bus notification server; using Electron notifications', { error: String(error) });
    }
  }
  return new ElectronNotifier({
    Notification: options.Notification,
    log: log.child('notifier'),
    appIconPath: options.appIconPath,
    onRefusalChange: (refused) => {
      options.notices.setNotificationsRefused(refused);
    },
  });
}
