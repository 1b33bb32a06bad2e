/**
 * Windows: clicks and button presses on toasts that no live Notification object answers for — after a restart
 * (Windows can even start the app from a toast in the Action Center), or once a toast dropped out of the notifier's
 * retained set (MAX_RETAINED_NOTIFICATIONS) — arrive only through Electron 45's `Notification.handleActivation`.
 *
 * Such an activation cannot be tied back to a message: Electron's activation arguments name the toast by a tag of
 * its own making, not by our id. So it is handled like a click on the app: the window opens, where the message is
 * the newest unread one. For a toast whose object is still alive Electron calls this callback in addition to the
 * object's own 'click'/'action' events; opening the window is idempotent, so the message those events open stays
 * on screen. A button press is never replayed from here: without the message, the action is unknown.
 */
import type { Logger } from '../core/ports.ts';
import type { NotificationActivationApi, ToastActivationDetails } from './electron-notification-api.ts';

interface ToastActivationOptions {
  readonly Notification: NotificationActivationApi;
  /** Opens (creating if needed), restores and focuses the main window. */
  readonly showWindow: () => void;
  readonly log: Logger;
}

/** Call once, on Windows only (Electron documents the API there alone); earlier activations are delivered at once. */
export function handleToastActivations(options: ToastActivationOptions): void {
  options.Notification.handleActivation((details: ToastActivationDetails) => {
    // The raw arguments may carry message text a user typed into a reply box: log only the kind.
    options.log.log('info', 'toast activated', { type: details.type, actionIndex: details.actionIndex });
    options.showWindow();
  });
}
