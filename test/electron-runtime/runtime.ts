/**
 * The state behind the stand-in `electron` module for one app process: the app, ipcMain, windows, trays and
 * notifications, and what the test reads of them. electron.ts creates exactly one, as Electron has one per process.
 */
import { EventEmitter } from 'node:events';
import path from 'node:path';
import { AppStandIn } from './app.ts';
import type { BaseWindowStandIn } from './base-window.ts';
import type { BrowserWindowStandIn } from './browser-window.ts';
import { createChromiumLauncher, type ChromiumLauncher } from './chromium.ts';
import { CustomProtocolStandIn } from './custom-protocol.ts';
import { IpcMainStandIn } from './ipc-main.ts';
import type { StandInPlatform } from './platform.ts';
import { emptyRecords, type PageRequestKind, type RuntimeRecords } from './records.ts';
import { SessionStandIn } from './session.ts';
import { createPowerMonitor, type NotificationStandIn } from './system.ts';
import type { MenuStandIn, TrayStandIn } from './tray-menu.ts';

/** Emitted on StandInRuntime.pageRequests after each recordPageRequest. */
export const PAGE_REQUEST_RECORDED = 'recorded';

/** Set to `1` in the app's environment (launchApp's `packaged`) to run as an installed app. */
export const PACKAGED_SWITCH = 'ELECTRON_STAND_IN_PACKAGED';

/** Electron 45's Notification.handleActivation details (Windows). */
export interface ToastActivationDetails {
  readonly type: string;
  readonly arguments: string;
  readonly actionIndex?: number;
}

export class StandInRuntime {
  readonly records: RuntimeRecords = emptyRecords();
  readonly windows: BrowserWindowStandIn[] = [];
  /** BaseWindows without a page (the app's hidden Windows session-end window); quit closes them too. */
  readonly baseWindows: BaseWindowStandIn[] = [];
  readonly trays: TrayStandIn[] = [];
  readonly notifications: NotificationStandIn[] = [];
  readonly ipcMain = new IpcMainStandIn();
  /** Emits PAGE_REQUEST_RECORDED, so the test channel can wait for a page's request to be answered. */
  readonly pageRequests = new EventEmitter();
  readonly session = new SessionStandIn();
  readonly powerMonitor = createPowerMonitor();
  readonly chromium: ChromiumLauncher = createChromiumLauncher();
  readonly protocol = new CustomProtocolStandIn({
    isReady: () => this.app.isReady(),
    reportError: (message) => {
      this.reportError(message);
    },
  });
  applicationMenu: MenuStandIn | null = null;
  /** Windows: the callback of Notification.handleActivation, if the app gave one. */
  toastActivation: ((details: ToastActivationDetails) => void) | undefined;
  readonly app: AppStandIn;
  readonly platform: StandInPlatform;

  constructor(options: {
    readonly mainScript: string;
    readonly platform: StandInPlatform;
    readonly packaged: boolean;
  }) {
    this.platform = options.platform;
    // Electron's app path is the folder of the app's package.json; the bundle lives in <app>/dist/main/.
    const appPath = path.resolve(path.dirname(options.mainScript), '..', '..');
    if (options.packaged) checkPackagedLayout(appPath);
    this.app = new AppStandIn({
      appPath,
      platform: options.platform,
      packaged: options.packaged,
      hooks: {
        closeAllWindows: () =>
          [...this.windows].every((window) => window.close()) &&
          [...this.baseWindows].every((window) => window.close()),
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

  recordPageRequest<K extends PageRequestKind>(kind: K, record: RuntimeRecords[K][number]): void {
    (this.records[kind] as RuntimeRecords[K][number][]).push(record);
    this.pageRequests.emit(PAGE_REQUEST_RECORDED);
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
      platform: this.platform,
      isPackaged: this.app.isPackaged,
      loginItems: this.app.loginItemsRecord(),
      dockVisible: this.app.dock?.isVisible() ?? null,
      baseWindows: this.baseWindows.length,
      windows: this.windows.map((window) => window.toRecord()),
      trays: this.trays.map((tray) => tray.toRecord()),
      notifications: this.notifications.map((notification) => notification.toRecord()),
      applicationMenu: this.applicationMenu?.items.map((item) => item.toRecord()) ?? null,
    };
  }
}

/**
 * An installed app runs from `<install>/resources/app.asar`, or `<install>/resources/app` when unpacked, and
 * Electron sets process.resourcesPath to `<install>/resources`. Node cannot read inside an archive, so a packaged
 * launch runs either `resources/app` (test/electron-runtime/packaged-app.ts) or electron-builder's app.asar
 * extracted to a folder of that name beside its app.asar.unpacked (test/integration/packaging/packaged-asar.test.ts),
 * which gives the app the same paths as Electron's asar support does.
 */
function checkPackagedLayout(appPath: string): void {
  const resources = path.dirname(appPath);
  if (!['app', 'app.asar'].includes(path.basename(appPath)) || path.basename(resources) !== 'resources') {
    throw new Error(`a packaged launch runs from <install>/resources/app or app.asar, not ${appPath}`);
  }
  Object.defineProperty(process, 'resourcesPath', { value: resources, enumerable: true });
}
