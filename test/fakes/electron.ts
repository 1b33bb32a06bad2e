/**
 * A typed fake of the Electron surface in main/desktop/electron-api.ts. It records what the desktop modules do and
 * lets tests act as the user or the OS (click a tray item, close a window, launch a second instance). Where the
 * code under test relies on an Electron default, the fake models that default (documented at each spot), so a
 * missing handler shows up as the real behaviour rather than as nothing.
 */
import type {
  DesktopApp,
  ElectronApi,
  MenuApi,
  MenuHandle,
  MenuItemTemplate,
  PreventableEvent,
  SessionHandle,
  TrayHandle,
  WebContentsHandle,
  WindowHandle,
  WindowOpenDetails,
  WindowOptions,
} from '../../main/desktop/electron-api.ts';

type AppEvent = 'second-instance' | 'window-all-closed' | 'before-quit' | 'will-quit';

class FakeEvent implements PreventableEvent {
  defaultPrevented = false;
  preventDefault(): void {
    this.defaultPrevented = true;
  }
}

export interface FakeMenuItem {
  readonly label: string;
  readonly type: 'normal' | 'separator';
  readonly click: (() => void) | undefined;
}

export class FakeMenu implements MenuHandle {
  readonly items: readonly FakeMenuItem[];

  constructor(template: MenuItemTemplate[]) {
    // Like Electron's MenuItem, a separator has an empty label.
    this.items = template.map((item) =>
      'type' in item
        ? { label: '', type: 'separator', click: undefined }
        : { label: item.label, type: 'normal', click: item.click },
    );
  }

  /** Acts as the user choosing the item; throws if there is no clickable item with that label. */
  click(label: string): void {
    const item = this.items.find((candidate) => candidate.label === label && candidate.type === 'normal');
    if (item?.click === undefined) throw new Error(`no clickable menu item labelled ${JSON.stringify(label)}`);
    item.click();
  }
}

export class FakeTray implements TrayHandle<FakeMenu> {
  readonly iconPath: string;
  toolTip: string | undefined;
  contextMenu: FakeMenu | undefined;
  destroyed = false;
  readonly #clickListeners: (() => void)[] = [];

  constructor(iconPath: string) {
    this.iconPath = iconPath;
  }

  setToolTip(toolTip: string): void {
    this.toolTip = toolTip;
  }

  setContextMenu(menu: FakeMenu): void {
    this.contextMenu = menu;
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

  /** Acts as the user choosing an item from the icon's context menu. */
  clickMenuItem(label: string): void {
    if (this.contextMenu === undefined) throw new Error('the tray has no context menu');
    this.contextMenu.click(label);
  }
}

type PermissionHandler = Parameters<SessionHandle['setPermissionRequestHandler']>[0];
type NavigateListener = (event: PreventableEvent, url: string) => void;

export class FakeSession implements SessionHandle {
  #permissionHandler: PermissionHandler | undefined;

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
}

export class FakeBrowserWindow implements WindowHandle {
  readonly options: WindowOptions;
  readonly webContents = new FakeWebContents();
  loadedFile: string | undefined;
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

  loadFile(filePath: string): Promise<void> {
    this.#assertAlive();
    this.loadedFile = filePath;
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

export class FakeApp implements DesktopApp {
  readonly calls: string[] = [];
  readonly paths = new Map<string, string>();
  hasQuit = false;
  readonly #singleInstanceLock: boolean;
  readonly #openWindows: () => readonly FakeBrowserWindow[];
  readonly #listeners = new Map<AppEvent, (() => void)[]>();

  constructor(options: { singleInstanceLock: boolean; openWindows: () => readonly FakeBrowserWindow[] }) {
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
    this.#emit('before-quit');
    for (const window of this.#openWindows()) {
      if (!window.close()) return;
    }
    this.#emit('will-quit');
    this.hasQuit = true;
  }

  whenReady(): Promise<void> {
    this.calls.push('whenReady');
    return Promise.resolve();
  }

  setPath(name: 'userData', path: string): void {
    this.calls.push(`setPath:${name}`);
    this.paths.set(name, path);
  }

  on(event: AppEvent, listener: () => void): void {
    const listeners = this.#listeners.get(event) ?? [];
    listeners.push(listener);
    this.#listeners.set(event, listeners);
  }

  /** Acts as the user launching the app again while this instance holds the lock. */
  launchSecondInstance(): void {
    this.#emit('second-instance');
  }

  /** Acts as Electron after the last window closed: with no listener, Electron's default is to quit. */
  emitWindowAllClosed(): void {
    if ((this.#listeners.get('window-all-closed') ?? []).length === 0) {
      this.quit();
      return;
    }
    this.#emit('window-all-closed');
  }

  #emit(event: AppEvent): void {
    for (const listener of this.#listeners.get(event) ?? []) listener();
  }
}

export interface FakeElectron extends ElectronApi<FakeMenu> {
  readonly app: FakeApp;
  /** Every window ever constructed, in order (closed ones stay, marked destroyed). */
  readonly windows: readonly FakeBrowserWindow[];
  readonly trays: readonly FakeTray[];
}

export interface FakeElectronOptions {
  readonly singleInstanceLock?: boolean;
  readonly loadFileError?: Error;
}

export function createFakeElectron(options: FakeElectronOptions = {}): FakeElectron {
  const windows: FakeBrowserWindow[] = [];
  const trays: FakeTray[] = [];
  const behaviour: FakeWindowBehaviour = { loadFileError: options.loadFileError };

  class RegisteredWindow extends FakeBrowserWindow {
    constructor(windowOptions: WindowOptions) {
      super(windowOptions, behaviour);
      windows.push(this);
    }
  }
  class RegisteredTray extends FakeTray {
    constructor(iconPath: string) {
      super(iconPath);
      trays.push(this);
    }
  }
  const Menu: MenuApi<FakeMenu> = { buildFromTemplate: (template) => new FakeMenu(template) };

  return {
    app: new FakeApp({
      singleInstanceLock: options.singleInstanceLock ?? true,
      openWindows: () => windows.filter((window) => !window.destroyed),
    }),
    BrowserWindow: RegisteredWindow,
    Tray: RegisteredTray,
    Menu,
    windows,
    trays,
  };
}
