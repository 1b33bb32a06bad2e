/**
 * What the stand-in remembers of the app's calls into Electron, as plain data the test process can read over the
 * child's IPC channel (test/electron-runtime/launch-app.ts). One instance per app process: the stand-in stands for
 * the `electron` module, which is a process-wide singleton in the real runtime too.
 */
import type { ClosedPopupRecord, NavigationRecord, WindowOpenRecord } from './page-navigation.ts';
import type { PermissionRecord } from './page-permissions.ts';
import type { LoginItemsRecord } from './platform-app.ts';
import type { StandInPlatform } from './platform.ts';

export interface MenuItemRecord {
  readonly label: string;
  readonly type: string;
  readonly enabled: boolean;
  readonly checked: boolean;
  readonly submenu: readonly MenuItemRecord[];
}

export interface TrayRecord {
  readonly image: string;
  readonly toolTip: string;
  readonly title: string;
  readonly menu: readonly MenuItemRecord[];
  readonly destroyed: boolean;
}

export interface WindowRecord {
  readonly id: number;
  /** The page's URL once loaded (as Chromium normalised it). */
  readonly url: string;
  /** What loadURL/loadFile asked for, set the moment it is called. */
  readonly requestedUrl: string;
  readonly visible: boolean;
  readonly minimized: boolean;
  readonly destroyed: boolean;
  readonly focusCount: number;
  readonly loaded: boolean;
}

export interface NotificationRecord {
  readonly options: Readonly<Record<string, unknown>>;
  readonly shown: boolean;
}

export interface RuntimeRecords {
  readonly ready: boolean;
  /** The platform the launch played (process.platform in the app). */
  readonly platform: StandInPlatform;
  readonly isPackaged: boolean;
  /** What the OS would start at login (macOS SMAppService, Windows Run key); Linux has none (XDG files instead). */
  readonly loginItems: LoginItemsRecord;
  /** macOS: whether the Dock icon shows; null elsewhere (no Dock). */
  readonly dockVisible: boolean | null;
  /** How many BaseWindows (without a page) exist. */
  readonly baseWindows: number;
  /** Each system-initiated quit or session end the test played, and what the app did with it (control.ts). */
  readonly systemEnds: SystemEndRecord[];
  /** The app events emitted so far, in order ('ready', 'second-instance', 'before-quit', …). */
  readonly appEvents: readonly string[];
  readonly windows: WindowRecord[];
  readonly trays: TrayRecord[];
  readonly notifications: NotificationRecord[];
  readonly openedExternal: string[];
  /** Navigations the pages started themselves, each offered to 'will-navigate' (page-navigation.ts). */
  readonly navigations: NavigationRecord[];
  /** window.open calls and target=_blank links, each offered to the window open handler. */
  readonly windowOpens: WindowOpenRecord[];
  /** The popups Chromium made for those anyway, each closed by the stand-in once its first load ended. */
  readonly closedPopups: ClosedPopupRecord[];
  /** Permission requests of the pages, each offered to the session's permission request handler. */
  readonly permissionRequests: PermissionRecord[];
  /** navigator.permissions.query calls, each offered to the session's permission check handler. */
  readonly permissionChecks: PermissionRecord[];
  readonly clipboard: string[];
  readonly dialogs: { readonly kind: string; readonly title: string; readonly content: string }[];
  readonly badgeCount: number;
  readonly applicationMenu: readonly MenuItemRecord[] | null;
  /** Uncaught page errors and console errors of the renderer, and failures inside the stand-in itself. */
  readonly errors: string[];
  /** IPC channels invoked while no handler was registered (Electron rejects those at once). */
  readonly unhandledInvokes: string[];
}

/** A macOS or Linux shutdown, or a Windows session end, as played by the runtime (see control.ts). */
export interface SystemEndRecord {
  readonly kind: 'system-quit' | 'session-end';
  /** macOS/Linux: the app held the quit back (before-quit prevented or a window refused): the OS cancels it. */
  readonly aborted: boolean;
  /** powerMonitor 'shutdown' was prevented: the app asked for time to quit by itself. */
  readonly delayed: boolean;
}

/** What a page asked Electron's browser side for, each offered to the app's handler (browser-window.ts). */
export type PageRequestKind =
  'navigations' | 'windowOpens' | 'closedPopups' | 'permissionRequests' | 'permissionChecks';

export function emptyRecords(): RuntimeRecords {
  return {
    ready: false,
    platform: 'linux',
    isPackaged: false,
    loginItems: { macAppService: false, windowsRun: {} },
    dockVisible: null,
    baseWindows: 0,
    systemEnds: [],
    appEvents: [],
    windows: [],
    trays: [],
    notifications: [],
    openedExternal: [],
    navigations: [],
    windowOpens: [],
    closedPopups: [],
    permissionRequests: [],
    permissionChecks: [],
    clipboard: [],
    dialogs: [],
    badgeCount: 0,
    applicationMenu: null,
    errors: [],
    unhandledInvokes: [],
  };
}
