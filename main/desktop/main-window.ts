import path from 'node:path';
import type { Logger } from '../core/ports.ts';
import { appPageUrl } from './app-protocol.ts';
import type { WebContentsHandle, WebPreferencesOptions, WindowConstructor, WindowHandle } from './electron-api.ts';

interface MainWindowOptions {
  readonly BrowserWindow: WindowConstructor;
  /** Absolute path of the bundled preload (dist/preload/index.cjs). */
  readonly preloadPath: string;
  /**
   * Absolute path of the built renderer page (dist/renderer/index.html). The window loads it by its name from the
   * app:// scheme, which serves the page's folder (main/desktop/app-protocol.ts), never as a file: URL.
   */
  readonly indexHtmlPath: string;
  /** True once a real quit has started; until then closing the window only hides it to the tray. */
  readonly isQuitting: () => boolean;
  /**
   * False where no tray icon can show (Linux without a StatusNotifier host, e.g. plain GNOME Shell): closing then
   * minimizes instead of hiding, or the app would vanish with no way back. Asked at each close; default true.
   */
  readonly trayVisible?: () => boolean;
  readonly log: Logger;
}

export interface MainWindow {
  /** Creates the window on first use (it appears once painted), otherwise restores, shows and focuses it. */
  show(): void;
  /** Pushes a bridge event to the page if the window exists; events for a closed window are dropped. */
  send(channel: string, payload: unknown): void;
}

/**
 * The renderer gets no Node, runs in a sandbox with its own JS world and talks only to window.ntfy. See
 * https://www.electronjs.org/docs/latest/tutorial/security — each flag here is one item of that checklist.
 */
function createSecureWebPreferences(preloadPath: string): WebPreferencesOptions {
  return {
    preload: preloadPath,
    contextIsolation: true,
    sandbox: true,
    nodeIntegration: false,
    nodeIntegrationInSubFrames: false,
    webSecurity: true,
    allowRunningInsecureContent: false,
    webviewTag: false,
  };
}

/** Writing plain text to the clipboard ("Copy message") is the one thing the page may do; reading is not. */
function isPermissionAllowed(permission: string): boolean {
  return permission === 'clipboard-sanitized-write';
}

/**
 * The window only ever shows our own page: popups and navigation are refused, and so are permission prompts
 * (camera, geolocation, …) that a notification list never needs. Links in messages will be opened in the
 * system browser by a dedicated IPC handler that checks the scheme, never by navigating this window.
 */
function hardenWebContents(webContents: WebContentsHandle, log: Logger): void {
  webContents.setWindowOpenHandler(({ url }) => {
    log.log('warn', 'refused to open a new window', { url });
    return { action: 'deny' };
  });
  webContents.on('will-navigate', (event, url) => {
    event.preventDefault();
    log.log('warn', 'refused to navigate the main window', { url });
  });
  webContents.session.setPermissionRequestHandler((_webContents, permission, callback) => {
    if (isPermissionAllowed(permission)) {
      callback(true);
      return;
    }
    log.log('warn', 'refused a permission request', { permission });
    callback(false);
  });
  // Checks (navigator.permissions.query, or Chromium asking before it prompts) get the same answer as requests.
  // Not logged: pages and Chromium itself check often, and a refused check changes nothing by itself.
  webContents.session.setPermissionCheckHandler((_webContents, permission) => isPermissionAllowed(permission));
}

function openWindow(options: MainWindowOptions): WindowHandle {
  const window = new options.BrowserWindow({
    title: 'ntfy Tray',
    width: 960,
    height: 680,
    minWidth: 480,
    minHeight: 360,
    show: false,
    autoHideMenuBar: true,
    webPreferences: createSecureWebPreferences(options.preloadPath),
  });
  hardenWebContents(window.webContents, options.log);
  window.once('ready-to-show', () => {
    window.show();
  });
  window.on('close', (event) => {
    // A tray app keeps running with its window closed; only Quit (which sets isQuitting) really closes it.
    if (!options.isQuitting()) {
      event.preventDefault();
      if (options.trayVisible?.() === false) window.minimize();
      else window.hide();
    }
  });
  const pageUrl = appPageUrl(path.basename(options.indexHtmlPath));
  window.loadURL(pageUrl).catch((error: unknown) => {
    options.log.log('error', 'could not load the renderer page', { url: pageUrl, error });
  });
  return window;
}

export function createMainWindow(options: MainWindowOptions): MainWindow {
  let current: WindowHandle | undefined;
  return {
    show() {
      if (current === undefined || current.isDestroyed()) {
        const created = openWindow(options);
        created.on('closed', () => {
          if (current === created) current = undefined;
        });
        current = created;
        return;
      }
      if (current.isMinimized()) current.restore();
      current.show();
      current.focus();
    },
    send(channel, payload) {
      if (current !== undefined && !current.isDestroyed()) current.webContents.send(channel, payload);
    },
  };
}
