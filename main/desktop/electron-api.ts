/**
 * The slice of Electron that the desktop shell uses, and nothing more. Modules in main/desktop receive it in their
 * options instead of importing `electron`, so they run under plain Node against the typed fake in
 * test/fakes/electron.ts. main/index.ts assigns the real module to `ElectronApi`, so if Electron's typings drift
 * away from this surface, typecheck fails there; the parts it does not pass in yet are checked at the end of this
 * file (Notification's surface, in electron-notification-api.ts, too: one proof for the whole surface).
 */
import type { ipcMain, MenuItemConstructorOptions, net, Notification, powerMonitor } from 'electron';
import type { NotificationActivationApi, NotificationConstructor } from './electron-notification-api.ts';

/** The argument Electron passes to cancellable events ('close', 'will-navigate', …). */
export interface PreventableEvent {
  preventDefault(): void;
}

/*
 * One overload per event, like Electron's own typings: against a single signature taking a union of event names,
 * TypeScript would accept a misspelt or removed event, and the drift check in main/index.ts would miss it.
 */
/* eslint-disable @typescript-eslint/unified-signatures -- see above */
export interface DesktopApp {
  /** True when running from a packaged build (app.asar), false under `electron .` in development. */
  readonly isPackaged: boolean;
  /**
   * The app folder (or app.asar). Under `electron .` the Electron binary needs it as its first argument to start
   * this app rather than Electron's default one (see login-item.ts).
   */
  getAppPath(): string;
  /** macOS only: the Dock icon. Electron leaves it undefined on Windows and Linux (read it only on darwin). */
  readonly dock: DockHandle | undefined;
  /** False when another instance already holds the lock; this instance should quit. */
  requestSingleInstanceLock(): boolean;
  quit(): void;
  whenReady(): Promise<void>;
  setPath(name: 'userData', path: string): void;
  /** Another launch of the app while this one holds the single-instance lock. */
  on(event: 'second-instance', listener: () => void): void;
  /**
   * macOS: the user relaunched the running app (Finder, Spotlight, `open`) or clicked its Dock icon. macOS hands a
   * relaunch to the running process this way, so 'second-instance' never fires there.
   */
  on(event: 'activate', listener: () => void): void;
  /** Without a listener Electron quits when the last window closes, which a tray app must not do. */
  on(event: 'window-all-closed', listener: () => void): void;
  /** Emitted once a real quit starts, before windows are closed; preventDefault() stops the quit. */
  on(event: 'before-quit', listener: (event: PreventableEvent) => void): void;
  /** Emitted after all windows have closed during a quit, just before the process exits. */
  on(event: 'will-quit', listener: () => void): void;
  /** macOS and Windows only (Linux uses an XDG autostart file, main/os/autostart.ts). */
  setLoginItemSettings(settings: LoginItemSettings): void;
  /** macOS: `wasOpenedAtLogin`, since macOS passes no arguments to login items. */
  getLoginItemSettings(): { readonly openAtLogin: boolean; readonly wasOpenedAtLogin: boolean };
  /** Windows: toasts are attributed to (and their buttons routed back through) this id and its Start-menu shortcut. */
  setAppUserModelId(id: string): void;
  /** Windows: the COM class that receives toast button presses; fixed so activations survive restarts. */
  setToastActivatorCLSID(id: string): void;
}
/* eslint-enable @typescript-eslint/unified-signatures */

export interface LoginItemSettings {
  readonly openAtLogin: boolean;
  /**
   * Windows only: the program the Run entry starts (default process.execPath). Electron writes `path` and `args`
   * joined by spaces, unquoted, under the app's AppUserModelId, and turning it off deletes that name.
   */
  readonly path?: string;
  /** Windows only (macOS ignores it; see getLoginItemSettings().wasOpenedAtLogin). */
  readonly args: string[];
}

/** Electron's app.dock (macOS). */
export interface DockHandle {
  /** The packaged app has no Dock icon (LSUIElement); under `electron .` this is the only way to match that. */
  hide(): void;
}

interface MenuItemHandle {
  readonly label: string;
}

export interface MenuHandle {
  readonly items: readonly MenuItemHandle[];
}

/** The Electron menu roles the application menu uses; each builds its items and keyboard shortcuts natively. */
export type MenuRole = 'appMenu' | 'editMenu' | 'windowMenu' | 'reload' | 'forceReload' | 'toggleDevTools';

/** The subset of Electron's MenuItemConstructorOptions that the tray and application menus use. */
export type MenuItemTemplate =
  | { readonly role: MenuRole }
  | { readonly label: string; readonly click: () => void }
  /** A line of text (Electron greys it out). */
  | { readonly label: string; readonly enabled: false }
  | { readonly type: 'checkbox'; readonly label: string; readonly checked: boolean; readonly click: () => void }
  | { readonly label: string; readonly submenu: MenuItemTemplate[] }
  | { readonly type: 'separator' };

/*
 * Menus are generic (TMenu) because a tray only accepts the menu type its own Menu.buildFromTemplate made: the
 * real Tray wants an Electron Menu, the fake tray a fake menu. A plain MenuHandle parameter would not typecheck.
 */
export interface MenuApi<TMenu extends MenuHandle> {
  buildFromTemplate(template: MenuItemTemplate[]): TMenu;
  /**
   * The menu bar (macOS) or window menu (Windows, Linux); null removes it. Until it is called Electron shows its
   * default menu, which has Reload and Toggle Developer Tools.
   */
  setApplicationMenu(menu: TMenu | null): void;
}

export interface TrayHandle<TMenu extends MenuHandle> {
  setToolTip(toolTip: string): void;
  /** A file path, like the constructor's (Electron picks the @2x twin and honours the Template suffix). */
  setImage(iconPath: string): void;
  setContextMenu(menu: TMenu): void;
  /**
   * macOS: text beside the icon in the menu bar ('' removes it). The app's only place for an unread count there:
   * with LSUIElement (no Dock icon) the Dock badge never shows.
   */
  setTitle(title: string): void;
  /** Removes the icon at once (on Windows it would otherwise linger until the pointer passes over it). */
  destroy(): void;
  /** Left click on the icon (Windows, macOS; most Linux trays only show the context menu). */
  on(event: 'click', listener: () => void): void;
}

/**
 * Takes a file path rather than a NativeImage so the fake needs no image type: Electron picks `name@2x.png` for
 * high-DPI screens and treats a file name ending in `Template` as a macOS template image by itself.
 */
export type TrayConstructor<TMenu extends MenuHandle> = new (iconPath: string) => TrayHandle<TMenu>;

export interface WindowOpenDetails {
  readonly url: string;
}

export interface WebPreferencesOptions {
  readonly preload: string;
  readonly contextIsolation: boolean;
  readonly sandbox: boolean;
  readonly nodeIntegration: boolean;
  readonly nodeIntegrationInSubFrames: boolean;
  readonly webSecurity: boolean;
  readonly allowRunningInsecureContent: boolean;
  readonly webviewTag: boolean;
}

export interface WindowOptions {
  readonly title: string;
  readonly width: number;
  readonly height: number;
  readonly minWidth: number;
  readonly minHeight: number;
  /** Created hidden and shown on 'ready-to-show', so the user never sees an empty frame. */
  readonly show: boolean;
  readonly autoHideMenuBar: boolean;
  readonly webPreferences: WebPreferencesOptions;
}

export interface SessionHandle {
  setPermissionRequestHandler(
    handler: (webContents: unknown, permission: string, callback: (granted: boolean) => void) => void,
  ): void;
  /**
   * Answers synchronous permission checks (navigator.permissions.query, a page testing before it asks). Without a
   * handler Electron answers yes to every check, whatever the request handler would say.
   */
  setPermissionCheckHandler(
    handler: (webContents: unknown, permission: string, requestingOrigin: string) => boolean,
  ): void;
}

export interface WebContentsHandle {
  readonly session: SessionHandle;
  setWindowOpenHandler(handler: (details: WindowOpenDetails) => { action: 'deny' }): void;
  on(event: 'will-navigate', listener: (event: PreventableEvent, url: string) => void): void;
  /** Pushes an event to the page (the preload turns it into an onX listener call). */
  send(channel: string, ...args: unknown[]): void;
}

export interface WindowHandle {
  readonly webContents: WebContentsHandle;
  loadFile(filePath: string): Promise<void>;
  loadURL(url: string): Promise<void>;
  show(): void;
  hide(): void;
  minimize(): void;
  focus(): void;
  restore(): void;
  isMinimized(): boolean;
  isVisible(): boolean;
  isDestroyed(): boolean;
  on(event: 'close', listener: (event: PreventableEvent) => void): void;
  on(event: 'closed', listener: () => void): void;
  once(event: 'ready-to-show', listener: () => void): void;
}

export type WindowConstructor = new (options: WindowOptions) => WindowHandle;

/** A native window without a page (Electron's BaseWindow): the app only uses a hidden one that hears 'session-end'. */
/* eslint-disable @typescript-eslint/unified-signatures -- one overload per event, as in DesktopApp */
export interface SessionEndWindowHandle {
  /**
   * Windows asks whether the session may end (WM_QUERYENDSESSION): the first word of a log-off or shutdown, while
   * other apps are still asked. preventDefault() would only make Windows show "this app is preventing shutdown";
   * the app never calls it, it starts flushing here instead.
   */
  on(event: 'query-session-end', listener: () => void): void;
  /**
   * Windows: the user logs off or the machine shuts down (WM_ENDSESSION). Electron emits no 'before-quit' then, and
   * this is a window event, so it reaches only a window that exists (hidden ones too); Windows may end the process
   * as soon as the listeners return, so nothing left for later is sure to run.
   */
  on(event: 'session-end', listener: () => void): void;
}
/* eslint-enable @typescript-eslint/unified-signatures */

type SessionEndWindowConstructor = new (options: {
  readonly show: false;
  readonly skipTaskbar: true;
}) => SessionEndWindowHandle;

export interface DialogHandle {
  /**
   * A modal error box that blocks until dismissed; safe before 'ready' (on Linux it then only prints to stderr).
   * The one way to tell a user why the app is going away when it cannot start.
   */
  showErrorBox(title: string, content: string): void;
}

export interface ElectronApi<TMenu extends MenuHandle> {
  readonly app: DesktopApp;
  readonly Tray: TrayConstructor<TMenu>;
  readonly Menu: MenuApi<TMenu>;
  readonly BrowserWindow: WindowConstructor;
  readonly BaseWindow: SessionEndWindowConstructor;
  readonly dialog: DialogHandle;
}

/* eslint-disable @typescript-eslint/unified-signatures -- one overload per event, as in DesktopApp */
export interface PowerMonitorHandle {
  /** The machine woke from sleep: sockets that lived through it may be half-open. */
  on(event: 'resume', listener: () => void): void;
  /** macOS and Windows: the user unlocked the screen. */
  on(event: 'unlock-screen', listener: () => void): void;
  removeListener(event: 'resume' | 'unlock-screen', listener: () => void): void;
}
/* eslint-enable @typescript-eslint/unified-signatures */

/**
 * powerMonitor's 'shutdown' (macOS and Linux): the system is about to restart, shut down or log out. On macOS it is
 * how Electron answers the system's request to quit (NSApplication terminate:): preventDefault() tells the system
 * the app will quit by itself shortly, and the app must then call app.quit() as soon as it can. Without it Electron
 * quits at once, and a 'before-quit' held back then cancels the whole restart.
 */
export interface SystemShutdownHandle {
  /** Optional only because electron.d.ts types the listener without it; Electron passes the event (see its docs). */
  on(event: 'shutdown', listener: (event?: PreventableEvent) => void): void;
}

/** The part of an `ipcMain.handle` event the handlers read: which frame asked. */
export interface IpcInvokeEvent {
  readonly senderFrame: { readonly url: string } | null;
}

export interface IpcMainHandle {
  handle(channel: string, listener: (event: IpcInvokeEvent, ...args: unknown[]) => Promise<unknown>): void;
  removeHandler(channel: string): void;
}

export interface NetHandle {
  /** False is a strong sign of no connectivity; true only means some link is up. The main process has no event. */
  isOnline(): boolean;
}

/*
 * Compile-time proof that the real Electron objects fit the surfaces above, for the parts that main/index.ts does
 * not pass in yet (it passes `ElectronApi`); a type-only import, so nothing of Electron loads under Node.
 */
type Holds<Condition extends true> = Condition;
export type ElectronExtrasFit = [
  Holds<typeof Notification extends NotificationConstructor ? true : false>,
  Holds<typeof Notification extends NotificationActivationApi ? true : false>,
  Holds<typeof powerMonitor extends PowerMonitorHandle ? true : false>,
  Holds<typeof powerMonitor extends SystemShutdownHandle ? true : false>,
  Holds<typeof net extends NetHandle ? true : false>,
  Holds<typeof ipcMain extends IpcMainHandle ? true : false>,
  Holds<MenuRole extends NonNullable<MenuItemConstructorOptions['role']> ? true : false>,
];
