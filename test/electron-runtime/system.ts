/**
 * The smaller modules: Notification, powerMonitor, net, shell, clipboard and dialog. They record what the app asks
 * for and never reach the desktop (shell.openExternal opens nothing; the clipboard is a list).
 */
import { EventEmitter } from 'node:events';
import type { NotificationRecord, RuntimeRecords } from './records.ts';

export interface SystemRuntime {
  readonly records: RuntimeRecords;
  readonly notifications: NotificationStandIn[];
}

export class NotificationStandIn extends EventEmitter {
  readonly options: Readonly<Record<string, unknown>>;
  #shown = false;

  constructor(runtime: SystemRuntime, options: Readonly<Record<string, unknown>> = {}) {
    super();
    this.options = options;
    runtime.notifications.push(this);
  }

  show(): void {
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

export interface MessageBoxOptions {
  readonly message: string;
  readonly title?: string;
  readonly detail?: string;
}

export function createDialog(records: RuntimeRecords): {
  showErrorBox(title: string, content: string): void;
  showMessageBox(options: MessageBoxOptions): Promise<{ response: number; checkboxChecked: boolean }>;
} {
  return {
    showErrorBox: (title, content) => {
      records.dialogs.push({ kind: 'error', title, content });
    },
    showMessageBox: (options) => {
      records.dialogs.push({
        kind: 'message',
        title: options.title ?? '',
        content: [options.message, options.detail].filter(Boolean).join('\n'),
      });
      return Promise.resolve({ response: 0, checkboxChecked: false });
    },
  };
}
