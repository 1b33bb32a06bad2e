/**
 * The state behind the stand-in `electron` module for one app process: the app, ipcMain, windows, trays and
 * notifications, and what the test reads of them. electron.ts creates exactly one, as Electron has one per process.
 */
import path from 'node:path';
import { AppStandIn } from './app.ts';
import type { BrowserWindowStandIn } from './browser-window.ts';
import { createChromiumLauncher, type ChromiumLauncher } from './chromium.ts';
import { CustomProtocolStandIn } from './custom-protocol.ts';
import { IpcMainStandIn } from './ipc-main.ts';
import { emptyRecords, type RuntimeRecords } from './records.ts';
import { SessionStandIn } from './session.ts';
import type { NotificationStandIn } from './system.ts';
import type { MenuStandIn, TrayStandIn } from './tray-menu.ts';

export class StandInRuntime {
  readonly records: RuntimeRecords = emptyRecords();
  readonly windows: BrowserWindowStandIn[] = [];
  readonly trays: TrayStandIn[] = [];
  readonly notifications: NotificationStandIn[] = [];
  readonly ipcMain = new IpcMainStandIn();
  readonly session = new SessionStandIn();
  readonly chromium: ChromiumLauncher = createChromiumLauncher();
  readonly protocol = new CustomProtocolStandIn({
    isReady: () => this.app.isReady(),
    reportError: (message) => {
      this.reportError(message);
    },
  });
  applicationMenu: MenuStandIn | null = null;
  readonly app: AppStandIn;

  constructor(options: { readonly mainScript: string }) {
    // Electron's app path is the folder of the app's package.json; the bundle lives in <app>/dist/main/.
    this.app = new AppStandIn({
      appPath: path.resolve(path.dirname(options.mainScript), '..', '..'),
      hooks: {
        closeAllWindows: () => [...this.windows].every((window) => window.close()),
        exitProcess: (code) => {
          this.#exit(code);
        },
      },
    });
  }

  /** Hands the final records to the launcher (what a failed start showed is otherwise gone), then ends. */
  #exit(code: number): void {
    const finalRecords = new Promise<void>((resolve) => {
      if (process.send === undefined) resolve();
      else
        process.send({ type: 'final-records', records: this.snapshot() }, () => {
          resolve();
        });
    });
    Promise.all([finalRecords, this.chromium.close(), this.protocol.close(), this.app.handOverDone()])
      .catch((error: unknown) => {
        console.error('electron stand-in: could not close Chromium or report the records', error);
      })
      .finally(() => {
        process.exit(code);
      });
  }

  isReady(): boolean {
    return this.app.isReady();
  }

  reportError(message: string): void {
    this.records.errors.push(message);
  }

  reportUnhandledInvoke(channel: string): void {
    this.records.unhandledInvokes.push(channel);
  }

  snapshot(): RuntimeRecords {
    return {
      ...this.records,
      ready: this.app.isReady(),
      appEvents: [...this.app.emitted],
      badgeCount: this.app.getBadgeCount(),
      windows: this.windows.map((window) => window.toRecord()),
      trays: this.trays.map((tray) => tray.toRecord()),
      notifications: this.notifications.map((notification) => notification.toRecord()),
      applicationMenu: this.applicationMenu?.items.map((item) => item.toRecord()) ?? null,
    };
  }
}
