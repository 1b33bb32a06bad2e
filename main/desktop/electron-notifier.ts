/**
 * Native notifications on macOS and Windows: the Notifier port over Electron's Notification (Linux uses the D-Bus
 * notifier in main/os, which has what Electron lacks there).
 *
 * Action buttons use Electron's own `actions` on both systems. Since Electron 39 (electron/electron#48132) Electron
 * writes the Windows toast XML itself, escaping the text, with `activationType="foreground"` buttons whose arguments
 * (`type=action&action=<index>&tag=<hash of the id>`) its COM activator maps back to the 'action' event. A `toastXml`
 * of our own would have to copy that private argument format to get the event, or use `activationType="protocol"`,
 * which needs a registered URL scheme and relaunches the app with the URL: neither is worth it when the built-in
 * path does the job. Windows routes button presses only to an app with an AppUserModelID and a toast activator,
 * hence prepareWindowsToasts().
 */
import type { Notification as ElectronNotification } from 'electron';
import type { Logger, NotificationClosedReason, Notifier, NotifierShowRequest } from '../core/ports.ts';
import type { DesktopApp } from './electron-api.ts';
import type {
  NotificationCloseDetails,
  NotificationConstructor,
  NotificationHandle,
  NotificationOptions,
} from './electron-notification-api.ts';

/** Windows refuses toasts over about 5 KB of XML; the full text is in the window anyway. Characters. */
export const MAX_TITLE_LENGTH = 200;
export const MAX_BODY_LENGTH = 1000;

/**
 * Popups that moved into the Windows Action Center (or that macOS keeps in Notification Center) still answer
 * clicks as long as we hold their object, but no 'close' ever comes for them, so only this many are kept.
 */
export const MAX_RETAINED_NOTIFICATIONS = 100;

/**
 * Fixed, so that the Start-menu shortcut and registry entry Electron writes for the toast activator stay valid
 * across launches (a fresh random CLSID per run would orphan button presses on toasts from earlier runs).
 */
export const TOAST_ACTIVATOR_CLSID = '{F4D80B70-4F06-42F7-B47C-046370262BDB}';

/**
 * Electron's Notification with its 'show' event, which the narrow NotificationHandle (electron-notification-api.ts) does not list
 * yet. The type below proves at compile time that Electron 45's Notification has it; the one cast is in onShow.
 */
type ShowingNotificationHandle = NotificationHandle & {
  on(event: 'show', listener: () => void): void;
};

type ElectronNotificationShows = ElectronNotification extends ShowingNotificationHandle ? true : never;
export const electronNotificationShows: ElectronNotificationShows = true;

/** Electron emits 'show' each time the popup is shown (electronjs.org/docs/latest/api/notification#event-show). */
function onShow(notification: NotificationHandle, listener: () => void): void {
  (notification as ShowingNotificationHandle).on('show', listener);
}

interface ElectronNotifierOptions {
  readonly Notification: NotificationConstructor;
  readonly log: Logger;
  /** Local file used when a request brings neither an image nor an icon. */
  readonly appIconPath?: string;
  /**
   * The notification center refused a popup ('failed': true), or showed one after refusing ('show': false). macOS
   * refuses every popup of an app the user has not allowed to notify; the app then says so in the window and tray.
   */
  readonly onRefusalChange?: (refused: boolean) => void;
}

function truncate(text: string, max: number): string {
  const characters = Array.from(text); // code points, so a surrogate pair is never cut in half
  return characters.length <= max ? text : `${characters.slice(0, max - 1).join('')}…`;
}

/**
 * The Electron options for one request. Urgency reaches Windows (Electron 45 maps it there; macOS ignores it);
 * critical popups also stay up until dismissed, as ntfy's priority 4–5 asks for attention. Electron has one image
 * slot: the downloaded attachment wins over the message icon, which wins over the app icon.
 */
function notificationOptionsFor(request: NotifierShowRequest, appIconPath?: string): NotificationOptions {
  const icon = request.imagePath ?? request.iconPath ?? appIconPath;
  return {
    id: request.id,
    title: truncate(request.title, MAX_TITLE_LENGTH),
    body: truncate(request.body, MAX_BODY_LENGTH),
    silent: request.silent,
    urgency: request.urgency,
    timeoutType: request.urgency === 'critical' ? 'never' : 'default',
    actions: request.actions.map((action) => ({ type: 'button', text: action.label })),
    ...(icon === undefined ? {} : { icon }),
  };
}

/**
 * Windows 'close' reasons (macOS gives none). A toast that timed out went to the Action Center, where it can still
 * be clicked, so that one is not a close at all: undefined.
 */
function closedReasonFor(details: NotificationCloseDetails): NotificationClosedReason | undefined {
  if (details.reason === 'timedOut') return undefined;
  return details.reason === 'applicationHidden' ? 'closed' : 'dismissed';
}

/** Windows only, once at startup before the first notification; `appUserModelId` is electron-builder.yml's appId. */
export function prepareWindowsToasts(app: DesktopApp, appUserModelId: string): void {
  app.setToastActivatorCLSID(TOAST_ACTIVATOR_CLSID);
  app.setAppUserModelId(appUserModelId);
}

type ActionListener = (id: string, actionId: string) => void;
type ClosedListener = (id: string, reason: NotificationClosedReason) => void;

interface Shown {
  readonly notification: NotificationHandle;
  readonly actionIds: readonly string[];
}

export class ElectronNotifier implements Notifier {
  readonly #options: ElectronNotifierOptions;
  /**
   * Our id → the live popup. Holding the object is what keeps its events coming: Electron drops a Notification's
   * handlers (and on macOS the popup) once the JS object is garbage-collected. Map order is insertion order, so the
   * first entry is the oldest.
   */
  readonly #shown = new Map<string, Shown>();
  readonly #actionListeners = new Set<ActionListener>();
  readonly #closedListeners = new Set<ClosedListener>();
  #disposed = false;
  #refused = false;

  constructor(options: ElectronNotifierOptions) {
    this.#options = options;
  }

  show(request: NotifierShowRequest): Promise<void> {
    if (this.#disposed) return Promise.reject(new Error('The Electron notifier is disposed'));
    if (!this.#options.Notification.isSupported()) {
      return Promise.reject(new Error('This system does not support desktop notifications'));
    }
    // Replacing: take the old popup down first. Its 'close' event is ignored below, because by then the id
    // belongs to the new popup.
    this.#take(request.id)?.notification.close();
    const notification = new this.#options.Notification(notificationOptionsFor(request, this.#options.appIconPath));
    const shown: Shown = { notification, actionIds: request.actions.map((action) => action.id) };
    this.#listen(request.id, shown);
    this.#shown.set(request.id, shown);
    this.#evictOldest();
    notification.show();
    return Promise.resolve();
  }

  close(id: string): Promise<void> {
    const shown = this.#shown.get(id);
    // Electron emits 'close' for a programmatic close on Windows only; report it once, here, on every system.
    this.#take(id)?.notification.close();
    if (shown !== undefined) this.#emitClosed(id, 'closed');
    return Promise.resolve();
  }

  onAction(listener: ActionListener): () => void {
    this.#actionListeners.add(listener);
    return () => this.#actionListeners.delete(listener);
  }

  onClosed(listener: ClosedListener): () => void {
    this.#closedListeners.add(listener);
    return () => this.#closedListeners.delete(listener);
  }

  /**
   * macOS shows buttons only for a signed app whose Info.plist asks for alerts (electron-builder.yml does). While
   * the notification center refuses our popups, nothing of them reaches the user: no actions, images or sound.
   */
  capabilities(): Promise<{ readonly actions: boolean; readonly images: boolean; readonly sound: boolean }> {
    const working = !this.#refused;
    return Promise.resolve({ actions: working, images: working, sound: working });
  }

  /** Whether the last popup the system answered for was refused ('failed') rather than shown. */
  refused(): boolean {
    return this.#refused;
  }

  /** Stops reporting. Popups already shown stay up, like the D-Bus notifier's; their clicks then reach nobody. */
  dispose(): Promise<void> {
    this.#disposed = true;
    this.#actionListeners.clear();
    this.#closedListeners.clear();
    this.#shown.clear();
    return Promise.resolve();
  }

  #take(id: string): Shown | undefined {
    const shown = this.#shown.get(id);
    this.#shown.delete(id);
    return shown;
  }

  #isCurrent(id: string, shown: Shown): boolean {
    return this.#shown.get(id) === shown;
  }

  #listen(id: string, shown: Shown): void {
    const { notification } = shown;
    notification.on('click', () => {
      if (this.#isCurrent(id, shown)) this.#emitAction(id, 'default');
    });
    notification.on('action', ({ actionIndex }) => {
      if (!this.#isCurrent(id, shown)) return;
      const actionId = shown.actionIds[actionIndex];
      if (actionId === undefined) {
        this.#options.log.log('warn', 'notification action out of range', { id, actionIndex });
        return;
      }
      this.#emitAction(id, actionId);
    });
    notification.on('close', (details) => {
      const reason = closedReasonFor(details);
      if (reason === undefined || !this.#isCurrent(id, shown)) return;
      this.#shown.delete(id);
      this.#emitClosed(id, reason);
    });
    onShow(notification, () => {
      this.#setRefused(false);
    });
    notification.on('failed', (_event, error) => {
      this.#options.log.log('warn', 'the system refused a notification', { id, error });
      this.#setRefused(true);
      if (!this.#isCurrent(id, shown)) return;
      this.#shown.delete(id);
      this.#emitClosed(id, 'unknown');
    });
  }

  #setRefused(refused: boolean): void {
    if (this.#disposed || this.#refused === refused) return;
    this.#refused = refused;
    try {
      this.#options.onRefusalChange?.(refused);
    } catch (error) {
      this.#options.log.log('error', 'notification refusal listener threw', { error });
    }
  }

  #evictOldest(): void {
    while (this.#shown.size > MAX_RETAINED_NOTIFICATIONS) {
      const oldest = this.#shown.keys().next();
      if (oldest.done === true) return;
      // Not closed: the popup may still be on screen or in the Action Center; it just stops answering.
      this.#shown.delete(oldest.value);
      this.#emitClosed(oldest.value, 'unknown');
    }
  }

  #emitAction(id: string, actionId: string): void {
    for (const listener of [...this.#actionListeners]) {
      try {
        listener(id, actionId);
      } catch (error) {
        this.#options.log.log('error', 'notification listener threw', { error });
      }
    }
  }

  #emitClosed(id: string, reason: NotificationClosedReason): void {
    for (const listener of [...this.#closedListeners]) {
      try {
        listener(id, reason);
      } catch (error) {
        this.#options.log.log('error', 'notification listener threw', { error });
      }
    }
  }
}
