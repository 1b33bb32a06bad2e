/**
 * Compile-time proof that what the stand-in implements has Electron 45's shape (electron.d.ts from the installed
 * `electron` package): every listed member exists in Electron's type and the stand-in's signature is assignable to
 * it. A member Electron 45 does not have, or a signature it would refuse, fails `tsc -b`.
 *
 * Not listed: members whose parameter or result is the stand-in's own Menu or NativeImage-free image path
 * (Menu.buildFromTemplate, Tray.setContextMenu, Menu.setApplicationMenu); Electron's Menu has ~20 members the
 * stand-in has no use for, and the test runtime records menus instead.
 */
import type * as Electron from 'electron';
import type * as StandIn from './electron.ts';

type Holds<Condition extends true> = Condition;
/** The listed keys whose stand-in type does not fit Electron's; `never` when all fit. */
type Misfits<S, R, K extends keyof S & keyof R> = { [P in K]: S[P] extends R[P] ? never : P }[K];
type Fits<S, R, K extends keyof S & keyof R> = [Misfits<S, R, K>] extends [never] ? true : false;

type AppMembers =
  | 'whenReady'
  | 'isReady'
  | 'isPackaged'
  | 'getName'
  | 'getVersion'
  | 'getPreferredSystemLanguages'
  | 'getLocale'
  | 'getAppPath'
  | 'getPath'
  | 'setPath'
  | 'requestSingleInstanceLock'
  | 'hasSingleInstanceLock'
  | 'releaseSingleInstanceLock'
  | 'setBadgeCount'
  | 'getBadgeCount'
  | 'getLoginItemSettings'
  | 'setLoginItemSettings'
  | 'setAppUserModelId'
  | 'setToastActivatorCLSID'
  | 'quit'
  | 'exit';

type WindowMembers =
  | 'id'
  | 'loadFile'
  | 'loadURL'
  | 'show'
  | 'showInactive'
  | 'hide'
  | 'focus'
  | 'minimize'
  | 'restore'
  | 'isMinimized'
  | 'isVisible'
  | 'isDestroyed'
  | 'close'
  | 'destroy';

type StandInWindow = InstanceType<typeof StandIn.BrowserWindow>;
type StandInDock = NonNullable<typeof StandIn.app.dock>;

export type StandInFits = [
  Holds<Fits<typeof StandIn.app, Electron.App, AppMembers>>,
  Holds<Fits<typeof StandIn.ipcMain, Electron.IpcMain, 'handle' | 'handleOnce' | 'removeHandler'>>,
  Holds<Fits<StandInWindow, Electron.BrowserWindow, WindowMembers>>,
  Holds<
    Fits<
      StandInWindow['webContents'],
      Electron.WebContents,
      'id' | 'send' | 'getURL' | 'isDestroyed' | 'setWindowOpenHandler'
    >
  >,
  Holds<
    Fits<
      typeof StandIn.session.defaultSession,
      Electron.Session,
      'setPermissionRequestHandler' | 'setPermissionCheckHandler'
    >
  >,
  Holds<
    Fits<
      InstanceType<typeof StandIn.Tray>,
      Electron.Tray,
      'setImage' | 'setToolTip' | 'setTitle' | 'destroy' | 'isDestroyed'
    >
  >,
  Holds<
    Fits<
      InstanceType<typeof StandIn.BaseWindow>,
      Electron.BaseWindow,
      'isVisible' | 'isDestroyed' | 'close' | 'destroy'
    >
  >,
  Holds<Fits<StandInDock, Electron.Dock, 'hide' | 'show' | 'isVisible'>>,
  Holds<Fits<typeof StandIn.Notification, typeof Electron.Notification, 'isSupported' | 'handleActivation'>>,
  Holds<Fits<InstanceType<typeof StandIn.Notification>, Electron.Notification, 'show' | 'close'>>,
  Holds<Fits<typeof StandIn.shell, Electron.Shell, 'openExternal'>>,
  Holds<Fits<typeof StandIn.clipboard, Electron.Clipboard, 'writeText' | 'readText'>>,
  Holds<Fits<typeof StandIn.dialog, Electron.Dialog, 'showErrorBox' | 'showMessageBox' | 'showSaveDialog'>>,
  Holds<Fits<typeof StandIn.net, Electron.Net, 'isOnline' | 'online'>>,
  Holds<
    Fits<
      typeof StandIn.protocol,
      Electron.Protocol,
      'registerSchemesAsPrivileged' | 'handle' | 'unhandle' | 'isProtocolHandled'
    >
  >,
];
