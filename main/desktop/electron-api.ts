/**
 * The slice of Electron that the desktop shell uses, and nothing more. Modules in main/desktop receive it in their
 * options instead of importing `electron`, so they run under plain Node against the typed fake in
 * test/fakes/electron.ts. main/index.ts assigns the real module to `ElectronApi`, so if Electron's typings drift
 * away from this surface, typecheck fails there.
 */

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
  /** False when another instance already holds the lock; this instance should quit. */
  requestSingleInstanceLock(): boolean;
  quit(): void;
  whenReady(): Promise<void>;
  setPath(name: 'userData', path: string): void;
  /** Another launch of the app while this one holds the single-instance lock. */
  on(event: 'second-instance', listener: () => void): void;
  /** Without a listener Electron quits when the last window closes, which a tray app must not do. */
  on(event: 'window-all-closed', listener: () => void): void;
  /** Emitted once a real quit starts, before windows are closed. */
  on(event: 'before-quit', listener: () => void): void;
  /** Emitted after all windows have closed during a quit, just before the process exits. */
  on(event: 'will-quit', listener: () => void): void;
}
/* eslint-enable @typescript-eslint/unified-signatures */

export interface MenuItemHandle {
  readonly label: string;
}

export interface MenuHandle {
  readonly items: readonly MenuItemHandle[];
}

export type MenuItemTemplate = { readonly label: string; readonly click: () => void } | { readonly type: 'separator' };

/*
 * Menus are generic (TMenu) because a tray only accepts the menu type its own Menu.buildFromTemplate made: the
 * real Tray wants an Electron Menu, the fake tray a fake menu. A plain MenuHandle parameter would not typecheck.
 */
export interface MenuApi<TMenu extends MenuHandle> {
  buildFromTemplate(template: MenuItemTemplate[]): TMenu;
}

export interface TrayHandle<TMenu extends MenuHandle> {
  setToolTip(toolTip: string): void;
  setContextMenu(menu: TMenu): void;
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
}

export interface WebContentsHandle {
  readonly session: SessionHandle;
  setWindowOpenHandler(handler: (details: WindowOpenDetails) => { action: 'deny' }): void;
  on(event: 'will-navigate', listener: (event: PreventableEvent, url: string) => void): void;
}

export interface WindowHandle {
  readonly webContents: WebContentsHandle;
  loadFile(filePath: string): Promise<void>;
  show(): void;
  hide(): void;
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

export interface ElectronApi<TMenu extends MenuHandle> {
  readonly app: DesktopApp;
  readonly Tray: TrayConstructor<TMenu>;
  readonly Menu: MenuApi<TMenu>;
  readonly BrowserWindow: WindowConstructor;
}
