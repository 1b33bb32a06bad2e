/**
 * The smaller modules: Notification, powerMonitor, net, shell, clipboard and dialog. They record what the app asks
 * for and never reach the desktop (shell.openExternal opens nothing; the clipboard is a list).
 */
import { EventEmitter } from 'node:events';
import type {
  BaseWindow,
  MessageBoxOptions,
  MessageBoxReturnValue,
  SaveDialogOptions,
  SaveDialogReturnValue,
} from 'electron';
import type { NotificationRecord, RuntimeRecords } from './records.ts';

export interface SystemRuntime {
  readonly records: RuntimeRecords;
  readonly notifications: NotificationStandIn[];
}

/** Set to `1` in the app's environment (launchApp's `env`) to make every Notification 'failed' instead of shown. */
export const REFUSE_NOTIFICATIONS_SWITCH = 'ELECTRON_STAND_IN_REFUSE_NOTIFICATIONS';

export class NotificationStandIn extends EventEmitter {
  readonly options: Readonly<Record<string, unknown>>;
  #shown = false;

  constructor(runtime: SystemRuntime, options: Readonly<Record<string, unknown>> = {}) {
    super();
    this.options = options;
    runtime.notifications.push(this);
  }

  show(): void {
    // Test switch: the notification center refuses every popup, as macOS does for an app not allowed to notify.
    // Electron then emits 'failed' (event, error) and never 'show'.
    if (process.env[REFUSE_NOTIFICATIONS_SWITCH] === '1') {
      this.emit('failed', {}, 'Notifications are not allowed for this application');
      return;
    }
    this.#shown = true;
    this.emit('show', {});
  }

  close(): void {
    this.emit('close', {}, {});
  }

  toRecord(): NotificationRecord {
    return { options: this.options, shown: this.#shown };
  }
}

export function createPowerMonitor(): EventEmitter & { getSystemIdleState(threshold: number): string } {
  return Object.assign(new EventEmitter(), {
    getSystemIdleState: () => 'active',
  });
}

export function createNet(): { isOnline(): boolean; readonly online: boolean } {
  return {
    isOnline: () => true,
    get online() {
      return true;
    },
  };
}

export function createShell(records: RuntimeRecords): { openExternal(url: string): Promise<void> } {
  return {
    openExternal: (url) => {
      records.openedExternal.push(url);
      return Promise.resolve();
    },
  };
}

/** Electron 45's clipboard is asynchronous, after the W3C API (electron.d.ts: `writeText(text): Promise<void>`). */
export function createClipboard(records: RuntimeRecords): {
  writeText(text: string): Promise<void>;
  readText(): Promise<string>;
} {
  return {
    writeText: (text) => {
      records.clipboard.push(text);
      return Promise.resolve();
    },
    readText: () => Promise.resolve(records.clipboard.at(-1) ?? ''),
  };
}

/**
 * The path the user "picks" in a save dialog (launchApp's `env`); unset: the user cancels it, as Electron answers
 * `{ canceled: true, filePath: '' }`.
 */
export const SAVE_DIALOG_PATH_SWITCH = 'ELECTRON_STAND_IN_SAVE_PATH';

export interface DialogStandIn {
  showErrorBox(title: string, content: string): void;
  /** Electron's two forms: (options) and (window, options); records the suggested path as the content. */
  showSaveDialog(options: SaveDialogOptions): Promise<SaveDialogReturnValue>;
  showSaveDialog(window: BaseWindow, options: SaveDialogOptions): Promise<SaveDialogReturnValue>;
  /** Electron's two forms: (options) and (window, options). */
  showMessageBox(options: MessageBoxOptions): Promise<MessageBoxReturnValue>;
  showMessageBox(window: BaseWindow, options: MessageBoxOptions): Promise<MessageBoxReturnValue>;
}

export function createDialog(records: RuntimeRecords): DialogStandIn {
  return {
    showErrorBox: (title, content) => {
      records.dialogs.push({ kind: 'error', title, content });
    },
    showMessageBox: (first: BaseWindow | MessageBoxOptions, second?: MessageBoxOptions) => {
      const options = second ?? (first as MessageBoxOptions);
      records.dialogs.push({
        kind: 'message',
        title: options.title ?? '',
        content: [options.message, options.detail].filter(Boolean).join('\n'),
      });
      return Promise.resolve({ response: 0, checkboxChecked: false });
    },
    showSaveDialog: (first: BaseWindow | SaveDialogOptions, second?: SaveDialogOptions) => {
      const options: SaveDialogOptions = second ?? first;
      records.dialogs.push({ kind: 'save', title: options.title ?? '', content: options.defaultPath ?? '' });
      const picked = process.env[SAVE_DIALOG_PATH_SWITCH];
      return Promise.resolve(
        picked === undefined || picked === ''
          ? { canceled: true, filePath: '' }
          : { canceled: false, filePath: picked },
      );
    },
  };
}
