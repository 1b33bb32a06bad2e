import type { Logger } from '../core/ports.ts';
import type { ElectronApi, MenuHandle, TrayHandle } from './electron-api.ts';
import { createMainWindow, type MainWindow } from './main-window.ts';
import { createAppTray } from './tray.ts';

export interface DesktopPaths {
  readonly preload: string;
  readonly indexHtml: string;
  readonly trayIcon: string;
}

export interface DesktopAppOptions<TMenu extends MenuHandle> {
  readonly electron: ElectronApi<TMenu>;
  readonly paths: DesktopPaths;
  /** Launched by autostart: stay in the tray instead of opening the window. */
  readonly startHidden: boolean;
  /** Overrides Electron's user-data folder (tests give each run its own, which also scopes the instance lock). */
  readonly userDataDir: string | undefined;
  readonly log: Logger;
}

export interface RunningDesktopApp<TMenu extends MenuHandle> {
  readonly tray: TrayHandle<TMenu>;
  readonly mainWindow: MainWindow;
}

/**
 * Starts the tray app, or quits and resolves to undefined when another instance is already running (that
 * instance receives 'second-instance' and opens its window instead).
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

  let quitting = false;
  app.on('before-quit', () => {
    quitting = true;
  });
  app.on('window-all-closed', () => {
    // Registered only to replace Electron's default (quit): the app lives on in the tray.
  });

  await app.whenReady();
  const mainWindow = createMainWindow({
    BrowserWindow,
    preloadPath: options.paths.preload,
    indexHtmlPath: options.paths.indexHtml,
    isQuitting: () => quitting,
    log,
  });
  const tray = createAppTray({
    Tray,
    Menu,
    iconPath: options.paths.trayIcon,
    actions: {
      openWindow: () => {
        mainWindow.show();
      },
      quit: () => {
        app.quit();
      },
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
  if (!options.startHidden) mainWindow.show();
  log.log('info', 'ready', { startHidden: options.startHidden });
  return { tray, mainWindow };
}
