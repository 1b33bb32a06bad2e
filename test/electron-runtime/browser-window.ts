/**
 * BrowserWindow and its webContents (https://www.electronjs.org/docs/latest/api/browser-window) over a Playwright
 * page: construction before 'ready' throws as in Electron, `loadFile` opens the real renderer file in Chromium with
 * the preload run first in a world of its own (preload-world.ts), ipcRenderer.invoke reaches ipcMain with the
 * calling frame's URL, and `webContents.send` reaches the preload's listeners in order.
 */
import { EventEmitter } from 'node:events';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { IpcMainInvokeEvent } from 'electron';
import type { Page } from 'playwright-core';
import type { ChromiumLauncher } from './chromium.ts';
import type { CustomProtocolStandIn } from './custom-protocol.ts';
import type { IpcMainStandIn } from './ipc-main.ts';
import { drivePageNavigation, type PageNavigation, type WindowOpenHandler } from './page-navigation.ts';
import { drivePermissionRequests } from './page-permissions.ts';
import { runPreloadInIsolatedWorld, type PreloadWorld } from './preload-world.ts';
import type { PageRequestKind, RuntimeRecords, WindowRecord } from './records.ts';
import type { SessionStandIn } from './session.ts';
import { strict } from './strict.ts';

export interface WindowRuntime {
  isReady(): boolean;
  readonly chromium: ChromiumLauncher;
  readonly ipcMain: IpcMainStandIn;
  readonly session: SessionStandIn;
  /** Maps URLs of handled custom schemes to the pages' HTTP stand-ins and back (custom-protocol.ts). */
  readonly protocol: CustomProtocolStandIn;
  readonly windows: BrowserWindowStandIn[];
  /** Records a navigation, window.open call or permission request of a page, once the app's handler answered. */
  recordPageRequest<K extends PageRequestKind>(kind: K, record: RuntimeRecords[K][number]): void;
  /** A failure inside the stand-in or the page, kept for the test to see (never dropped silently). */
  reportError(message: string): void;
  /** Counts invokes that found no handler (the first-call race). */
  reportUnhandledInvoke(channel: string): void;
}

interface WebPreferences {
  readonly preload?: string;
  readonly contextIsolation?: boolean;
  readonly sandbox?: boolean;
  readonly nodeIntegration?: boolean;
}

export interface BrowserWindowOptions {
  readonly show?: boolean;
  readonly webPreferences?: WebPreferences;
  readonly [option: string]: unknown;
}

/** Electron's loadFile builds the URL with Node's legacy url.format, which escapes only `?` and `#` in the path. */
export function fileUrlAsElectronBuildsIt(filePath: string): string {
  return `file://${path.resolve(filePath).replace(/[?#]/g, encodeURIComponent)}`;
}

class WebContentsStandIn extends EventEmitter {
  readonly session: SessionStandIn;
  readonly id: number;
  windowOpenHandler: WindowOpenHandler | null = null;
  readonly #owner: BrowserWindowStandIn;

  constructor(owner: BrowserWindowStandIn, session: SessionStandIn, id: number) {
    super();
    this.#owner = owner;
    this.session = session;
    this.id = id;
  }

  setWindowOpenHandler(handler: WindowOpenHandler): void {
    this.windowOpenHandler = handler;
  }

  getURL(): string {
    return this.#owner.url;
  }

  isDestroyed(): boolean {
    return this.#owner.isDestroyed();
  }

  send(channel: string, ...args: unknown[]): void {
    this.#owner.deliver(channel, args);
  }
}

let nextWindowId = 1;

export class BrowserWindowStandIn extends EventEmitter {
  readonly id = nextWindowId++;
  readonly webContents: WebContentsStandIn;
  url = '';
  readonly #runtime: WindowRuntime;
  readonly #preloadPath: string | undefined;
  readonly #page: Promise<Page>;
  #visible: boolean;
  #destroyed = false;
  #loaded = false;
  #requestedUrl = '';
  #focusCount = 0;
  #minimized = false;
  #readyToShowSent = false;
  /** Set once the page is open (before #page resolves): what the page may do without the app's consent. */
  #navigation: PageNavigation | undefined;
  /** Set with #navigation when the window has a preload: where webContents.send delivers. */
  #preload: PreloadWorld | undefined;
  // webContents.send keeps its order: each delivery waits for the one before.
  #deliveries: Promise<void> = Promise.resolve();

  constructor(runtime: WindowRuntime, options: BrowserWindowOptions = {}) {
    super();
    if (!runtime.isReady()) throw new Error('Cannot create BrowserWindow before app is ready');
    this.#runtime = runtime;
    this.#visible = options.show ?? true;
    this.#preloadPath = options.webPreferences?.preload;
    this.webContents = strict('webContents', new WebContentsStandIn(this, runtime.session, this.id));
    this.#page = this.#openPage();
    // The page opens in the background; a failure there is reported when something awaits it, and kept here.
    this.#page.catch((error: unknown) => {
      runtime.reportError(`window ${String(this.id)} could not open a page: ${String(error)}`);
    });
    runtime.windows.push(this);
  }

  async #openPage(): Promise<Page> {
    const { context } = await this.#runtime.chromium.session();
    const page = await context.newPage();
    page.on('pageerror', (error) => {
      this.#runtime.reportError(`page error: ${error.message}`);
    });
    page.on('console', (message) => {
      if (message.type() === 'error') this.#runtime.reportError(`page console: ${message.text()}`);
    });
    const invoke = async (name: string, args: unknown[], pageUrl: string): Promise<unknown> => {
      // As Electron reports it: a page served for app://ntfy-tray shows that URL, not its HTTP stand-in's.
      const frameUrl = this.#runtime.protocol.appUrlOf(pageUrl);
      const event = strict('IpcMainInvokeEvent', {
        type: 'frame',
        senderFrame: strict('senderFrame', { url: frameUrl }),
        sender: this.webContents,
        frameId: 1,
        processId: 1,
        defaultPrevented: false,
        preventDefault: () => undefined,
      }) as unknown as IpcMainInvokeEvent;
      try {
        return await this.#runtime.ipcMain.invoke(name, event, args);
      } catch (error) {
        if (String(error).includes('No handler registered')) this.#runtime.reportUnhandledInvoke(name);
        throw error;
      }
    };
    const runtime = this.#runtime;
    const appUrlOf = (pageUrl: string): string => runtime.protocol.appUrlOf(pageUrl);
    this.#navigation = await drivePageNavigation(context, page, {
      emitWillNavigate: (url) => {
        const event = {
          url,
          isSameDocument: false,
          isMainFrame: true,
          defaultPrevented: false,
          preventDefault: () => void (event.defaultPrevented = true),
        };
        // Electron 45: (details event, url, isInPlace, isMainFrame, frameProcessId, frameRoutingId).
        this.webContents.emit('will-navigate', event, url, false, true, 1, 1);
        return !event.defaultPrevented;
      },
      windowOpenHandler: () => this.webContents.windowOpenHandler,
      currentUrl: () => this.url,
      appUrlOf,
      recordNavigation: (record) => {
        runtime.recordPageRequest('navigations', record);
      },
      recordWindowOpen: (record) => {
        runtime.recordPageRequest('windowOpens', record);
      },
      recordClosedPopup: (record) => {
        runtime.recordPageRequest('closedPopups', record);
      },
      reportError: (message) => {
        runtime.reportError(message);
      },
    });
    await drivePermissionRequests(context, page, {
      requestHandler: () => runtime.session.permissionRequestHandler,
      checkHandler: () => runtime.session.permissionCheckHandler,
      webContents: this.webContents,
      appUrlOf,
      record: (record) => {
        runtime.recordPageRequest('permissionRequests', record);
      },
      recordCheck: (record) => {
        runtime.recordPageRequest('permissionChecks', record);
      },
    });
    // Electron's getURL follows the page wherever it went (a navigation the app let happen).
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) this.url = appUrlOf(frame.url());
    });
    if (this.#preloadPath !== undefined) {
      this.#preload = await runPreloadInIsolatedWorld(context, page, {
        preloadSource: await readFile(this.#preloadPath, 'utf8'),
        probeFirstCall: process.env['ELECTRON_STAND_IN_PROBE_FIRST_CALL'] === '1',
        invoke,
        reportError: (message) => {
          runtime.reportError(message);
        },
      });
    }
    return page;
  }

  /** For the test control channel: the page behind this window. */
  page(): Promise<Page> {
    return this.#page;
  }

  deliver(channel: string, args: readonly unknown[]): void {
    if (this.#destroyed) throw new Error('Object has been destroyed');
    // Electron's webContents.send serializes with the structured clone algorithm and throws for a function.
    structuredClone(args);
    this.#deliveries = this.#deliveries
      .then(async () => {
        await this.#page;
        // A page without the preload (or not loaded yet) has no listeners: Electron drops the message too.
        await this.#preload?.deliver(channel, args);
      })
      .catch((error: unknown) => {
        // A send that meets a navigation went to the document being replaced; Electron drops it the same way.
        if (this.#destroyed || /Execution context was destroyed/.test(String(error))) return;
        this.#runtime.reportError(`webContents.send('${channel}') failed: ${String(error)}`);
      });
  }

  async loadFile(filePath: string): Promise<void> {
    await this.loadURL(fileUrlAsElectronBuildsIt(filePath));
  }

  async loadURL(url: string): Promise<void> {
    this.#requestedUrl = url;
    try {
      await this.goto(url);
    } catch (error) {
      throw new Error(`ERR_FAILED loading '${url}': ${String(error)}`, { cause: error });
    }
    this.#loaded = true;
    this.webContents.emit('did-finish-load');
    if (!this.#readyToShowSent) {
      this.#readyToShowSent = true;
      this.emit('ready-to-show');
    }
  }

  /**
   * Loads `url` as the main process does (webContents.loadURL: no 'will-navigate'), without the window's load
   * records and events; the test's `navigate` uses it directly.
   */
  async goto(url: string): Promise<void> {
    const page = await this.#page;
    const pageUrl = await this.#runtime.protocol.pageUrlFor(url);
    this.#navigation?.expectProgrammaticLoad(pageUrl);
    await page.goto(pageUrl, { waitUntil: 'load' });
    this.url = this.#runtime.protocol.appUrlOf(page.url());
  }

  show(): void {
    this.#assertAlive();
    this.#visible = true;
    this.#focusCount += 1;
  }

  showInactive(): void {
    this.#assertAlive();
    this.#visible = true;
  }

  hide(): void {
    this.#assertAlive();
    this.#visible = false;
  }

  focus(): void {
    this.#assertAlive();
    this.#focusCount += 1;
  }

  minimize(): void {
    this.#assertAlive();
    this.#minimized = true;
  }

  restore(): void {
    this.#assertAlive();
    this.#minimized = false;
  }

  isMinimized(): boolean {
    return this.#minimized;
  }

  isVisible(): boolean {
    return this.#visible && !this.#destroyed;
  }

  isDestroyed(): boolean {
    return this.#destroyed;
  }

  /** As the user's close button: 'close' may be prevented; otherwise the window goes and 'closed' follows. */
  close(): boolean {
    if (this.#destroyed) return true;
    const event = { defaultPrevented: false, preventDefault: () => void (event.defaultPrevented = true) };
    this.emit('close', event);
    if (event.defaultPrevented) return false;
    this.destroy();
    return true;
  }

  destroy(): void {
    if (this.#destroyed) return;
    this.#destroyed = true;
    this.#visible = false;
    const list = this.#runtime.windows;
    list.splice(list.indexOf(this), 1);
    this.#page
      .then((page) => page.close())
      .catch((error: unknown) => {
        this.#runtime.reportError(`closing window ${String(this.id)} failed: ${String(error)}`);
      });
    this.emit('closed');
  }

  toRecord(): WindowRecord {
    return {
      id: this.id,
      url: this.url,
      requestedUrl: this.#requestedUrl,
      visible: this.isVisible(),
      minimized: this.#minimized,
      destroyed: this.#destroyed,
      focusCount: this.#focusCount,
      loaded: this.#loaded,
    };
  }

  #assertAlive(): void {
    if (this.#destroyed) throw new Error('Object has been destroyed');
  }
}
