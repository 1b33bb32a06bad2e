import type { Logger } from '../core/ports.ts';
import { buildTrayModel, type TrayCommand, type TrayIconVariant } from '../core/tray/tray-model.ts';
import { installAppMenu } from './app-menu.ts';
import type { ElectronApi, MenuHandle } from './electron-api.ts';
import { type IpcOptions, setupIpc } from './ipc.ts';
import { createMainWindow, type MainWindow } from './main-window.ts';
import { createAppTray, type AppTray } from './tray.ts';

interface DesktopPaths {
  readonly preload: string;
  readonly indexHtml: string;
  /** The normal tray icon; also used for every variant when `trayIconFor` is not given. */
  readonly trayIcon: string;
  /** selectTrayIconPath bound to the assets folder and platform. */
  readonly trayIconFor?: (variant: TrayIconVariant) => string;
}

/** The tray before the engine reports anything: no messages, nothing in trouble, nothing paused. */
const STARTUP_TRAY_MODEL = buildTrayModel({ unread: 0, latest: [], subscriptions: [], connections: [], now: 0 });

export interface DesktopAppOptions<TMenu extends MenuHandle> {
  readonly electron: ElectronApi<TMenu>;
  readonly paths: DesktopPaths;
  /** Launched by autostart: stay in the tray instead of opening the window. */
  readonly startHidden: boolean;
  /**
   * Electron's userData: the data folder the app shares with `ntfy-tray` (main/core/store/data-dir.ts appDataDir;
   * tests give each run its own, which also scopes the instance lock). Undefined keeps Electron's default, a
   * folder the command never reads: only unit tests leave it out.
   */
  readonly userDataDir: string | undefined;
  /**
   * Takes what this instance must hold while it runs (the data folder's subscriber lock), once it is the only
   * instance and before the window and tray exist. A refusal is shown in an error box once the app is ready, and
   * the app quits without starting.
   */
  readonly claimDataDir?: () => DataDirClaim;
  /**
   * Runs once, right after 'ready' and before any text is made (menus, tray, error boxes): main/index.ts chooses
   * the language there, because Electron's `app.getLocale()` may only be called after 'ready'.
   */
  readonly onReady?: () => void;
  readonly log: Logger;
  /**
   * The page's requests. Registered before the window exists: the page calls the moment it starts loading, and
   * Electron rejects an invoke on a channel without a handler at once ("No handler registered"). While the core is
   * still opening, `ipc.service` is a promise and the requests wait for it.
   */
  readonly ipc: IpcOptions;
  /** See MainWindowOptions.trayVisible. */
  readonly trayVisible?: () => boolean;
  /** process.platform: picks the application menu, and on macOS puts the unread count in the menu bar. */
  readonly platform: NodeJS.Platform;
  /** Windows asks whether the session may end (see SessionEndWindowHandle): start flushing, never refuse. */
  readonly onSessionEnding?: () => void;
  /**
   * Windows logoff or shutdown (see SessionEndWindowHandle), where no 'before-quit' comes and the process may end as
   * soon as this returns: finish synchronously what must persist.
   */
  readonly onSessionEnd?: () => void;
  /** Tray commands other than open-window and quit (which this module handles): pause, mute, open-message, … */
  readonly onTrayCommand?: (command: TrayCommand) => void;
}

/** A refusal's words are made when shown, after 'ready', so that they are in the language chosen then. */
type DataDirClaim =
  | { readonly ok: true }
  | { readonly ok: false; readonly describe: () => { readonly title: string; readonly message: string } };

export interface RunningDesktopApp<TMenu extends MenuHandle> {
  /** `tray.update(buildTrayModel(state))` whenever unread counts, connections or settings change. */
  readonly tray: AppTray<TMenu>;
  readonly mainWindow: MainWindow;
}

/**
 * Starts the tray app, or quits and resolves to undefined when another instance is already running (that
 * instance receives 'second-instance' and opens its window instead) or the data folder cannot be claimed.
 */
export async function startDesktopApp<TMenu extends MenuHandle>(
  options: DesktopAppOptions<TMenu>,
): Promise<RunningDesktopApp<TMenu> | undefined> {
  const { app, BrowserWindow, Menu, Tray } = options.electron;
  const { log } = options;
  if (options.userDataDir !== undefined) app.setPath('userData', options.userDataDir);
  if (!app.requestSingleInstanceLock()) {
    log.log('info', 'another instance is running; handing over to it');
    app.quit();
    return undefined;
  }
  const claim = options.claimDataDir?.() ?? { ok: true };
  if (!claim.ok) {
    // Before 'ready' Linux prints an error box to stderr instead of showing it.
    await app.whenReady();
    options.onReady?.();
    const { title, message } = claim.describe();
    log.log('error', 'cannot claim the data folder', { reason: message });
    options.electron.dialog.showErrorBox(title, message);
    app.quit();
    return undefined;
  }
  setupIpc(options.ipc);

  let quitting = false;
  app.on('before-quit', () => {
    quitting = true;
  });
  app.on('window-all-closed', () => {
    // Registered only to replace Electron's default (quit): the app lives on in the tray.
  });

  await app.whenReady();
  options.onReady?.();
  installAppMenu(Menu, { platform: options.platform, isPackaged: app.isPackaged });
  const { onSessionEnd, onSessionEnding } = options;
  if (options.platform === 'win32' && (onSessionEnd !== undefined || onSessionEnding !== undefined)) {
    // A hidden native window from the start, because the main window may never exist (started hidden at login)
    // and the session events reach windows only. It is never shown; the quit closes it with the others.
    const sentinel = new options.electron.BaseWindow({ show: false, skipTaskbar: true });
    if (onSessionEnding !== undefined) sentinel.on('query-session-end', onSessionEnding);
    if (onSessionEnd !== undefined) sentinel.on('session-end', onSessionEnd);
  }
  const mainWindow = createMainWindow({
    BrowserWindow,
    preloadPath: options.paths.preload,
    indexHtmlPath: options.paths.indexHtml,
    isQuitting: () => quitting,
    ...(options.trayVisible === undefined ? {} : { trayVisible: options.trayVisible }),
    log,
  });
  const tray = createAppTray({
    Tray,
    Menu,
    iconPathFor: options.paths.trayIconFor ?? (() => options.paths.trayIcon),
    model: STARTUP_TRAY_MODEL,
    unreadInTitle: options.platform === 'darwin',
    onCommand: (command) => {
      if (command.type === 'open-window') mainWindow.show();
      else if (command.type === 'quit') app.quit();
      else if (options.onTrayCommand === undefined) log.log('warn', 'tray command has no handler yet', { command });
      else options.onTrayCommand(command);
    },
  });
  // Besides tidying up, this listener keeps the tray referenced for the life of the process: Electron removes
  // the icon of a Tray object that gets garbage-collected.
  app.on('will-quit', () => {
    tray.destroy();
  });
  // Electron emits 'second-instance' only after 'ready', so registering here misses nothing.
  app.on('second-instance', () => {
    mainWindow.show();
  });
  // macOS delivers a relaunch of the running app (and a Dock click) as 'activate' instead.
  app.on('activate', () => {
    mainWindow.show();
  });
  if (!options.startHidden) mainWindow.show();
  log.log('info', 'ready', { startHidden: options.startHidden });
  return { tray, mainWindow };
}
