/**
 * The slice of Electron's Notification that the notifier (electron-notifier.ts) and the toast activations
 * (toast-activation.ts) use. Part of the narrow Electron surface of electron-api.ts, whose ElectronExtrasFit proves
 * that real Electron still satisfies these too.
 */
/** Options of Electron's Notification that the notifier sets (https://www.electronjs.org/docs/latest/api/notification). */
export interface NotificationOptions {
  /** macOS: the request identifier; Windows: the toast tag. Showing an id again supersedes its popup. */
  readonly id: string;
  readonly title: string;
  readonly body: string;
  readonly silent: boolean;
  /** Local file; macOS shows it beside the text, Windows as the toast's app logo. */
  readonly icon?: string;
  /** Linux and Windows in Electron 45; macOS ignores it. */
  readonly urgency: 'low' | 'normal' | 'critical';
  /** Linux and Windows: 'never' keeps the popup up until the user acts (Windows: the "reminder" scenario). */
  readonly timeoutType: 'default' | 'never';
  /** Buttons on macOS and Windows (Electron renders the Windows toast XML itself, escaping the text). */
  readonly actions: { readonly type: 'button'; readonly text: string }[];
}

export interface NotificationActionDetails {
  readonly actionIndex: number;
}

export interface NotificationCloseDetails {
  /** Windows reports why a toast left the screen; macOS reports nothing. */
  readonly reason?: 'userCanceled' | 'applicationHidden' | 'timedOut';
}

export interface NotificationHandle {
  show(): void;
  close(): void;
  on(event: 'click', listener: () => void): void;
  on(event: 'action', listener: (details: NotificationActionDetails) => void): void;
  on(event: 'close', listener: (details: NotificationCloseDetails) => void): void;
  /** macOS and Windows: the OS refused the popup (notifications off, bad content, …). */
  on(event: 'failed', listener: (event: unknown, error: string) => void): void;
}

export interface NotificationConstructor {
  new (options: NotificationOptions): NotificationHandle;
  isSupported(): boolean;
}

/** What Electron 45 reports for a toast activation (Windows; its ActivationArguments structure). */
export interface ToastActivationDetails {
  /** 'click', 'action' or 'reply'. */
  readonly type: string;
  /** Windows' raw activation arguments, in Electron's own format. */
  readonly arguments: string;
  /** For 'action': the index of the button pressed. */
  readonly actionIndex?: number;
}

export interface NotificationActivationApi {
  /**
   * Windows: one callback for every toast activation, whether or not its Notification object still exists; an
   * activation that happened before the call (a cold start from a toast) is delivered at once. A later call
   * replaces the callback.
   */
  handleActivation(callback: (details: ToastActivationDetails) => void): void;
}
