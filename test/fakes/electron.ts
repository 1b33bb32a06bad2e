/**
 * A typed fake of the Electron surface in main/desktop/electron-api.ts (and electron-notification-api.ts). It records what the desktop modules do and
 * lets tests act as the user or the OS (click a tray item, close a window, launch a second instance). Where the
 * code under test relies on an Electron default, the fake models that default (documented at each spot), so a
 * missing handler shows up as the real behaviour rather than as nothing.
 */
import { fileURLToPath } from 'node:url';
import type {
  DesktopApp,
  DialogHandle,
  DockHandle,
  ElectronApi,
  LoginItemSettings,
  IpcInvokeEvent,
  IpcMainHandle,
  NetHandle,
  PowerMonitorHandle,
  MenuApi,
  MenuHandle,
  MenuItemTemplate,
  MenuRole,
  PreventableEvent,
  SessionEndWindowHandle,
  SessionHandle,
  TrayHandle,
  WebContentsHandle,
  WindowHandle,
  WindowOpenDetails,
  WindowOptions,
} from '../../main/desktop/electron-api.ts';
import type {
  NotificationActionDetails,
  NotificationActivationApi,
  NotificationCloseDetails,
  NotificationHandle,
  NotificationOptions,
  ToastActivationDetails,
} from '../../main/desktop/electron-notification-api.ts';

type AppEvent = 'second-instance' | 'activate' | 'window-all-closed' | 'before-quit' | 'will-quit';
type AppListener = (event: PreventableEvent) => void;

class FakeEvent implements PreventableEvent {
  defaultPrevented = false;
  preventDefault(): void {
    this.defaultPrevented = true;
  }
}

export interface FakeMenuItem {
  readonly label: string;
  /** An Electron role item (its items and shortcuts are Electron's own); undefined for ordinary items. */
  readonly role: MenuRole | undefined;
  readonly type: 'normal' | 'separator' | 'checkbox' | 'submenu';
  readonly enabled: boolean;
  readonly checked: boolean;
  readonly click: (() => void) | undefined;
  readonly submenu: FakeMenu | undefined;
}

function toFakeMenuItem(item: MenuItemTemplate): FakeMenuItem {
  // Like Electron's MenuItem: a separator has an empty label, and items are enabled unless told otherwise.
  const base = { enabled: true, checked: false, click: undefined, submenu: undefined, role: undefined };
  if ('role' in item) return { ...base, label: '', type: 'normal', role: item.role };
  if ('type' in item) {
    return item.type === 'separator'
      ? { ...base, label: '', type: 'separator' }
      : { ...base, label: item.label, type: 'checkbox', checked: item.checked, click: item.click };
  }
  if ('submenu' in item) return { ...base, label: item.label, type: 'submenu', submenu: new FakeMenu(item.submenu) };
  if ('click' in item) return { ...base, label: item.label, type: 'normal', click: item.click };
  return { ...base, label: item.label, type: 'normal', enabled: item.enabled };
}

export class FakeMenu implements MenuHandle {
  readonly items: readonly FakeMenuItem[];

  constructor(template: MenuItemTemplate[]) {
    this.items = template.map(toFakeMenuItem);
  }

  /**
   * Acts as the user choosing an item, following submenu labels first: click('Mute', 'alerts'). Throws if there is
   * no such enabled, clickable item (Electron would not let the user choose it either).
   */
  click(...path: readonly string[]): void {
    const [label, ...rest] = path;
    const item = this.items.find((candidate) => candidate.label === label && candidate.type !== 'separator');
    if (rest.length > 0) {
      if (item?.submenu === undefined) throw new Error(`no submenu labelled ${JSON.stringify(label)}`);
      item.submenu.click(...rest);
      return;
    }
    if (item?.click === undefined || !item.enabled)
      throw new Error(`no clickable menu item labelled ${JSON.stringify(label)}`);
    item.click();
  }

  /** Labels as the user sees them: separators as '---', submenus as `label >`, role items as `(role)`. */
  labels(): string[] {
    return this.items.map((item) => {
      if (item.role !== undefined) return `(${item.role})`;
      return item.type === 'separator' ? '---' : item.type === 'submenu' ? `${item.label} >` : item.label;
    });
  }

  /** Every role in this menu and its submenus, depth first. */
  roles(): MenuRole[] {
    return this.items.flatMap((item) => [
      ...(item.role === undefined ? [] : [item.role]),
      ...(item.submenu?.roles() ?? []),
    ]);
  }
}

export class FakeMenuApi implements MenuApi<FakeMenu> {
  /** undefined until setApplicationMenu is called: Electron then shows its default menu (with Reload and DevTools). */
  applicationMenu: FakeMenu | null | undefined;

  buildFromTemplate(template: MenuItemTemplate[]): FakeMenu {
    return new FakeMenu(template);
  }

  setApplicationMenu(menu: FakeMenu | null): void {
    this.applicationMenu = menu;
  }
}

export class FakeTray implements TrayHandle<FakeMenu> {
  iconPath: string;
  toolTip: string | undefined;
  /** macOS menu-bar text beside the icon. */
  title = '';
  contextMenu: FakeMenu | undefined;
  destroyed = false;
  /** Every call that changed the tray after construction, in order, so tests can see what was redone. */
  readonly updates: ('setImage' | 'setToolTip' | 'setContextMenu' | 'setTitle')[] = [];
  readonly #clickListeners: (() => void)[] = [];

  constructor(iconPath: string) {
    this.iconPath = iconPath;
  }

  setToolTip(toolTip: string): void {
    this.updates.push('setToolTip');
    this.toolTip = toolTip;
  }

  setImage(iconPath: string): void {
    this.updates.push('setImage');
    this.iconPath = iconPath;
  }

  setContextMenu(menu: FakeMenu): void {
    this.updates.push('setContextMenu');
    this.contextMenu = menu;
  }

  setTitle(title: string): void {
    this.updates.push('setTitle');
    this.title = title;
  }

  destroy(): void {
    this.destroyed = true;
  }

  on(_event: 'click', listener: () => void): void {
    this.#clickListeners.push(listener);
  }

  /** Acts as the user left-clicking the icon. */
  click(): void {
    for (const listener of this.#clickListeners) listener();
  }

  /** Acts as the user choosing an item from the icon's context menu (submenu labels first). */
  clickMenuItem(...path: readonly string[]): void {
    if (this.contextMenu === undefined) throw new Error('the tray has no context menu');
    this.contextMenu.click(...path);
  }
}

type PermissionHandler = Parameters<SessionHandle['setPermissionRequestHandler']>[0];
type NavigateListener = (event: PreventableEvent, url: string) => void;

type PermissionCheckHandler = Parameters<SessionHandle['setPermissionCheckHandler']>[0];

export class FakeSession implements SessionHandle {
  #permissionHandler: PermissionHandler | undefined;
  #permissionCheckHandler: PermissionCheckHandler | undefined;

  setPermissionCheckHandler(handler: PermissionCheckHandler): void {
    this.#permissionCheckHandler = handler;
  }

  /** Acts as a page checking a permission (navigator.permissions.query); Electron says yes when no handler is set. */
  checkPermission(permission: string, requestingOrigin = 'file:///'): boolean {
    return this.#permissionCheckHandler?.(undefined, permission, requestingOrigin) ?? true;
  }

  setPermissionRequestHandler(handler: PermissionHandler): void {
    this.#permissionHandler = handler;
  }

  /** Acts as a page asking for a permission; Electron grants everything when no handler is set. */
  requestPermission(permission: string): boolean {
    if (this.#permissionHandler === undefined) return true;
    let granted: boolean | undefined;
    this.#permissionHandler(undefined, permission, (answer) => {
      granted = answer;
    });
    if (granted === undefined) throw new Error('the permission handler did not answer synchronously');
    return granted;
  }
}

export class FakeWebContents implements WebContentsHandle {
  readonly session = new FakeSession();
  #windowOpenHandler: ((details: WindowOpenDetails) => { action: 'deny' }) | undefined;
  readonly #navigateListeners: NavigateListener[] = [];

  setWindowOpenHandler(handler: (details: WindowOpenDetails) => { action: 'deny' }): void {
    this.#windowOpenHandler = handler;
  }

  on(_event: 'will-navigate', listener: NavigateListener): void {
    this.#navigateListeners.push(listener);
  }

  /** Every event pushed to the page, in order. */
  readonly sent: { readonly channel: string; readonly args: unknown[] }[] = [];

  send(channel: string, ...args: unknown[]): void {
    // Like Electron, payloads are structured clones: the page never shares objects with main.
    this.sent.push({ channel, args: structuredClone(args) });
  }

  /** Acts as the page calling window.open(url); Electron allows it when no handler is set. */
  requestWindowOpen(url: string): 'allow' | 'deny' {
    return this.#windowOpenHandler?.({ url }).action ?? 'allow';
  }

  /** Acts as the page navigating to url; returns whether the navigation goes ahead. */
  navigate(url: string): boolean {
    const event = new FakeEvent();
    for (const listener of this.#navigateListeners) listener(event, url);
    return !event.defaultPrevented;
  }
}

export interface FakeWindowBehaviour {
  /** When set, loadFile rejects with this error (a missing or broken renderer build). */
  readonly loadFileError: Error | undefined;
  /** Acts as the page's own script running the instant loading starts (its first IPC calls). */
  readonly onLoadFile: ((window: FakeBrowserWindow) => void) | undefined;
}

export class FakeBrowserWindow implements WindowHandle {
  readonly options: WindowOptions;
  readonly webContents = new FakeWebContents();
  loadedFile: string | undefined;
  loadedUrl: string | undefined;
  visible: boolean;
  focused = false;
  minimized = false;
  destroyed = false;
  readonly #behaviour: FakeWindowBehaviour;
  readonly #closeListeners: ((event: PreventableEvent) => void)[] = [];
  readonly #closedListeners: (() => void)[] = [];
  #readyToShowListeners: (() => void)[] = [];

  constructor(options: WindowOptions, behaviour: FakeWindowBehaviour) {
    this.options = options;
    this.visible = options.show;
    this.#behaviour = behaviour;
  }

  /** A file: URL is recorded both as it was given and as the file it names. */
  loadURL(url: string): Promise<void> {
    this.loadedUrl = url;
    return this.loadFile(url.startsWith('file:') ? fileURLToPath(url) : url);
  }

  loadFile(filePath: string): Promise<void> {
    this.#assertAlive();
    this.loadedFile = filePath;
    this.#behaviour.onLoadFile?.(this);
    const { loadFileError } = this.#behaviour;
    return loadFileError === undefined ? Promise.resolve() : Promise.reject(loadFileError);
  }

  show(): void {
    this.#assertAlive();
    this.visible = true;
    this.minimized = false;
    this.focused = true;
  }

  hide(): void {
    this.#assertAlive();
    this.visible = false;
    this.focused = false;
  }

  focus(): void {
    this.#assertAlive();
    this.focused = true;
  }

  restore(): void {
    this.#assertAlive();
    this.minimized = false;
  }

  isMinimized(): boolean {
    this.#assertAlive();
    return this.minimized;
  }

  isVisible(): boolean {
    this.#assertAlive();
    return this.visible;
  }

  isDestroyed(): boolean {
    return this.destroyed;
  }

  on(...[event, listener]: ['close', (event: PreventableEvent) => void] | ['closed', () => void]): void {
    if (event === 'close') this.#closeListeners.push(listener);
    else this.#closedListeners.push(listener);
  }

  once(_event: 'ready-to-show', listener: () => void): void {
    this.#readyToShowListeners.push(listener);
  }

  /** Acts as Chromium having painted the page for the first time. */
  finishLoading(): void {
    const listeners = this.#readyToShowListeners;
    this.#readyToShowListeners = [];
    for (const listener of listeners) listener();
  }

  /** Acts as the user minimizing the window. */
  minimize(): void {
    this.minimized = true;
    this.focused = false;
  }

  /** Acts as the user (or app.quit) closing the window; returns whether it really closed. */
  close(): boolean {
    this.#assertAlive();
    const event = new FakeEvent();
    for (const listener of this.#closeListeners) listener(event);
    if (event.defaultPrevented) return false;
    this.destroyed = true;
    this.visible = false;
    this.focused = false;
    for (const listener of this.#closedListeners) listener();
    return true;
  }

  #assertAlive(): void {
    // Electron throws "Object has been destroyed" when a closed window is used.
    if (this.destroyed) throw new Error('Object has been destroyed');
  }
}

/** Electron's BaseWindow as the app uses it: a hidden native window that hears Windows end the session. */
export class FakeBaseWindow implements SessionEndWindowHandle {
  readonly options: { readonly show: false; readonly skipTaskbar: true };
  readonly #listeners = { 'query-session-end': [] as (() => void)[], 'session-end': [] as (() => void)[] };

  constructor(options: { readonly show: false; readonly skipTaskbar: true }) {
    this.options = options;
  }

  on(event: 'query-session-end' | 'session-end', listener: () => void): void {
    this.#listeners[event].push(listener);
  }

  /** Acts as Windows asking whether the session may end (WM_QUERYENDSESSION). */
  querySessionEnd(): void {
    for (const listener of this.#listeners['query-session-end']) listener();
  }

  /** Acts as Windows ending the session (logoff, shutdown): each window hears it, and no 'before-quit' comes. */
  endSession(): void {
    for (const listener of this.#listeners['session-end']) listener();
  }
}

export class FakeDock implements DockHandle {
  visible = true;

  hide(): void {
    this.visible = false;
  }
}

export class FakeApp implements DesktopApp {
  readonly isPackaged: boolean;
  /** Like Electron: a Dock on macOS only (see FakeElectronOptions.platform), undefined elsewhere. */
  readonly dock: FakeDock | undefined;
  /** app.getAppPath(); FakeElectronOptions.appPath. */
  readonly appPath: string;
  readonly calls: string[] = [];
  readonly paths = new Map<string, string>();
  hasQuit = false;
  loginItemSettings: LoginItemSettings | undefined;
  /** What macOS would report for a launch by the login item. */
  wasOpenedAtLogin = false;
  appUserModelId: string | undefined;
  toastActivatorClsid: string | undefined;
  readonly #singleInstanceLock: boolean;
  readonly #openWindows: () => readonly FakeBrowserWindow[];
  readonly #listeners = new Map<AppEvent, AppListener[]>();
  readonly #quit = Promise.withResolvers<undefined>();

  constructor(options: {
    singleInstanceLock: boolean;
    isPackaged: boolean;
    platform: NodeJS.Platform;
    appPath: string;
    openWindows: () => readonly FakeBrowserWindow[];
  }) {
    this.isPackaged = options.isPackaged;
    this.appPath = options.appPath;
    this.dock = options.platform === 'darwin' ? new FakeDock() : undefined;
    this.#singleInstanceLock = options.singleInstanceLock;
    this.#openWindows = options.openWindows;
  }

  requestSingleInstanceLock(): boolean {
    this.calls.push('requestSingleInstanceLock');
    return this.#singleInstanceLock;
  }

  /**
   * Electron's order: 'before-quit', then every window is closed (if one refuses, quitting stops), then
   * 'will-quit'. Electron does not emit 'window-all-closed' during a quit.
   */
  quit(): void {
    this.calls.push('quit');
    // A listener that calls preventDefault() on 'before-quit' stops the quit, as in Electron.
    if (this.#emit('before-quit')) return;
    for (const window of this.#openWindows()) {
      if (!window.close()) return;
    }
    this.#emit('will-quit');
    this.hasQuit = true;
    this.#quit.resolve(undefined);
  }

  /** Resolves once a quit went all the way through (no listener held it). */
  whenQuit(): Promise<undefined> {
    return this.#quit.promise;
  }

  whenReady(): Promise<void> {
    this.calls.push('whenReady');
    return Promise.resolve();
  }

  setPath(name: 'userData', path: string): void {
    this.calls.push(`setPath:${name}`);
    this.paths.set(name, path);
  }

  getAppPath(): string {
    return this.appPath;
  }

  setLoginItemSettings(settings: LoginItemSettings): void {
    this.calls.push('setLoginItemSettings');
    this.loginItemSettings = settings;
  }

  getLoginItemSettings(): { readonly openAtLogin: boolean; readonly wasOpenedAtLogin: boolean } {
    return { openAtLogin: this.loginItemSettings?.openAtLogin ?? false, wasOpenedAtLogin: this.wasOpenedAtLogin };
  }

  setAppUserModelId(id: string): void {
    this.calls.push('setAppUserModelId');
    this.appUserModelId = id;
  }

  setToastActivatorCLSID(id: string): void {
    this.calls.push('setToastActivatorCLSID');
    this.toastActivatorClsid = id;
  }

  on(event: AppEvent, listener: AppListener): void {
    const listeners = this.#listeners.get(event) ?? [];
    listeners.push(listener);
    this.#listeners.set(event, listeners);
  }

  /** Acts as the user launching the app again while this instance holds the lock (Windows, Linux). */
  launchSecondInstance(): void {
    this.#emit('second-instance');
  }

  /** Acts as macOS when the user relaunches the running app or clicks its Dock icon ('second-instance' never comes). */
  activate(): void {
    this.#emit('activate');
  }

  /** Acts as Electron after the last window closed: with no listener, Electron's default is to quit. */
  emitWindowAllClosed(): void {
    if ((this.#listeners.get('window-all-closed') ?? []).length === 0) {
      this.quit();
      return;
    }
    this.#emit('window-all-closed');
  }

  /** Returns whether a listener prevented the default. */
  #emit(event: AppEvent): boolean {
    const emitted = new FakeEvent();
    for (const listener of this.#listeners.get(event) ?? []) listener(emitted);
    return emitted.defaultPrevented;
  }
}

type NotificationListeners = {
  click: (() => void)[];
  action: ((details: NotificationActionDetails) => void)[];
  close: ((details: NotificationCloseDetails) => void)[];
  failed: ((event: unknown, error: string) => void)[];
};

/**
 * Electron's Notification as the notifier sees it. `close()` emits 'close' the way Electron does on Windows for a
 * programmatic dismissal (reason 'applicationHidden'), which is the case a replacing notifier must not mistake for
 * the user closing the new popup.
 */
export class FakeNotification implements NotificationHandle {
  readonly options: NotificationOptions;
  shown = false;
  closed = false;
  readonly #listeners: NotificationListeners = { click: [], action: [], close: [], failed: [] };

  constructor(options: NotificationOptions) {
    this.options = options;
  }

  static isSupported(): boolean {
    return true;
  }

  show(): void {
    this.shown = true;
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.#emitClose({ reason: 'applicationHidden' });
  }

  on(
    ...[event, listener]:
      | ['click', () => void]
      | ['action', (details: NotificationActionDetails) => void]
      | ['close', (details: NotificationCloseDetails) => void]
      | ['failed', (event: unknown, error: string) => void]
  ): void {
    switch (event) {
      case 'click':
        this.#listeners.click.push(listener);
        break;
      case 'action':
        this.#listeners.action.push(listener);
        break;
      case 'close':
        this.#listeners.close.push(listener);
        break;
      case 'failed':
        this.#listeners.failed.push(listener);
        break;
    }
  }

  /** Acts as the user clicking the popup itself. */
  clickPopup(): void {
    for (const listener of this.#listeners.click) listener();
  }

  /** Acts as the user pressing button `actionIndex` (Electron passes the index in the event details). */
  pressAction(actionIndex: number): void {
    for (const listener of this.#listeners.action) listener({ actionIndex });
  }

  /** Acts as the OS taking the popup down (the user closed it, or it timed out). */
  dismiss(reason: NotificationCloseDetails['reason']): void {
    this.closed = true;
    this.#emitClose(reason === undefined ? {} : { reason });
  }

  /** Acts as the OS refusing to show the popup. */
  fail(error: string): void {
    for (const listener of this.#listeners.failed) listener({}, error);
  }

  #emitClose(details: NotificationCloseDetails): void {
    for (const listener of this.#listeners.close) listener(details);
  }
}

export class FakePowerMonitor implements PowerMonitorHandle {
  readonly #listeners = new Map<'resume' | 'unlock-screen', Set<() => void>>();

  on(event: 'resume' | 'unlock-screen', listener: () => void): void {
    const listeners = this.#listeners.get(event) ?? new Set();
    listeners.add(listener);
    this.#listeners.set(event, listeners);
  }

  removeListener(event: 'resume' | 'unlock-screen', listener: () => void): void {
    this.#listeners.get(event)?.delete(listener);
  }

  listenerCount(event: 'resume' | 'unlock-screen'): number {
    return this.#listeners.get(event)?.size ?? 0;
  }

  /** Acts as the OS waking up or the user unlocking the screen. */
  emit(event: 'resume' | 'unlock-screen'): void {
    for (const listener of [...(this.#listeners.get(event) ?? [])]) listener();
  }
}

export class FakeNet implements NetHandle {
  online = true;
  checks = 0;

  isOnline(): boolean {
    this.checks++;
    return this.online;
  }
}

/** Records error boxes instead of blocking on them (the real one is modal until the user dismisses it). */
export class FakeDialog implements DialogHandle {
  readonly errorBoxes: { readonly title: string; readonly content: string }[] = [];

  showErrorBox(title: string, content: string): void {
    this.errorBoxes.push({ title, content });
  }
}

export interface FakeElectron extends ElectronApi<FakeMenu> {
  readonly app: FakeApp;
  readonly Menu: FakeMenuApi;
  /** Every BaseWindow ever constructed (the app makes one, hidden, on Windows). */
  readonly baseWindows: readonly FakeBaseWindow[];
  /** Every window ever constructed, in order (closed ones stay, marked destroyed). */
  readonly windows: readonly FakeBrowserWindow[];
  readonly dialog: FakeDialog;
  readonly trays: readonly FakeTray[];
  readonly Notification: typeof FakeNotification & NotificationActivationApi;
  /**
   * Acts as Windows activating a toast (a click or button press) through the COM activator, which reaches the app
   * whether or not the toast's Notification object still exists. Held until a handleActivation callback exists, as
   * Electron does for a cold start from a toast.
   */
  activateToast(details: ToastActivationDetails): void;
  /** Every notification ever constructed, in order. */
  readonly notifications: readonly FakeNotification[];
  readonly powerMonitor: FakePowerMonitor;
  readonly net: FakeNet;
}

export interface FakeElectronOptions {
  readonly singleInstanceLock?: boolean;
  /** app.isPackaged: true plays an installed build; the default plays `electron .` in development. */
  readonly isPackaged?: boolean;
  /** The system the fake plays where Electron's surface differs (app.dock exists on 'darwin' only); 'linux' if unset. */
  readonly platform?: NodeJS.Platform;
  /** What app.getAppPath() answers: the app folder under `electron .`, or …/resources/app.asar when packaged. */
  readonly appPath?: string;
  readonly loadFileError?: Error;
  /** Runs when a window starts loading its page, as the page's first script would (see FakeWindowBehaviour). */
  readonly onLoadFile?: (window: FakeBrowserWindow) => void;
  /** What Notification.isSupported() answers (false: e.g. Windows with notifications unavailable). */
  readonly notificationsSupported?: boolean;
}

export function createFakeElectron(options: FakeElectronOptions = {}): FakeElectron {
  const windows: FakeBrowserWindow[] = [];
  const trays: FakeTray[] = [];
  const notifications: FakeNotification[] = [];
  const behaviour: FakeWindowBehaviour = { loadFileError: options.loadFileError, onLoadFile: options.onLoadFile };

  class RegisteredWindow extends FakeBrowserWindow {
    constructor(windowOptions: WindowOptions) {
      super(windowOptions, behaviour);
      windows.push(this);
    }
  }
  const baseWindows: FakeBaseWindow[] = [];
  class RegisteredBaseWindow extends FakeBaseWindow {
    constructor(baseWindowOptions: { readonly show: false; readonly skipTaskbar: true }) {
      super(baseWindowOptions);
      baseWindows.push(this);
    }
  }
  class RegisteredTray extends FakeTray {
    constructor(iconPath: string) {
      super(iconPath);
      trays.push(this);
    }
  }
  const notificationsSupported = options.notificationsSupported ?? true;
  let activationCallback: ((details: ToastActivationDetails) => void) | undefined;
  const heldActivations: ToastActivationDetails[] = [];
  class RegisteredNotification extends FakeNotification {
    static override isSupported(): boolean {
      return notificationsSupported;
    }

    static handleActivation(callback: (details: ToastActivationDetails) => void): void {
      activationCallback = callback;
      for (const details of heldActivations.splice(0)) callback(details);
    }

    constructor(notificationOptions: NotificationOptions) {
      super(notificationOptions);
      notifications.push(this);
    }
  }
  const Menu = new FakeMenuApi();

  return {
    app: new FakeApp({
      singleInstanceLock: options.singleInstanceLock ?? true,
      isPackaged: options.isPackaged ?? false,
      platform: options.platform ?? 'linux',
      appPath: options.appPath ?? '/home/dev/ntfy-tray',
      openWindows: () => windows.filter((window) => !window.destroyed),
    }),
    BrowserWindow: RegisteredWindow,
    BaseWindow: RegisteredBaseWindow,
    baseWindows,
    Tray: RegisteredTray,
    Menu,
    dialog: new FakeDialog(),
    windows,
    trays,
    Notification: RegisteredNotification,
    activateToast: (details) => {
      if (activationCallback === undefined) heldActivations.push(details);
      else activationCallback(details);
    },
    notifications,
    powerMonitor: new FakePowerMonitor(),
    net: new FakeNet(),
  };
}

/** ipcMain: records handlers; `invoke` plays a renderer frame at `senderUrl` calling a channel. */
export interface FakeIpcMain extends IpcMainHandle {
  readonly channels: () => string[];
  invoke(channel: string, senderUrl: string | null, ...args: unknown[]): Promise<unknown>;
}

export function createFakeIpcMain(): FakeIpcMain {
  const handlers = new Map<string, (event: IpcInvokeEvent, ...args: unknown[]) => Promise<unknown>>();
  return {
    handle(channel, listener) {
      // Electron throws on a second handler for the same channel; so does the fake.
      if (handlers.has(channel)) throw new Error(`Attempted to register a second handler for '${channel}'`);
      handlers.set(channel, listener);
    },
    removeHandler(channel) {
      handlers.delete(channel);
    },
    channels: () => [...handlers.keys()],
    invoke(channel, senderUrl, ...args) {
      const handler = handlers.get(channel);
      if (handler === undefined) return Promise.reject(new Error(`No handler registered for '${channel}'`));
      // Like Electron, arguments arrive as structured clones, never the caller's objects.
      return handler({ senderFrame: senderUrl === null ? null : { url: senderUrl } }, ...structuredClone(args));
    },
  };
}
