import { describe, expect, it } from 'vitest';
import { appPageUrl } from '../../../main/desktop/app-protocol.ts';
import { isRendererPage } from '../../../main/desktop/ipc.ts';
import { createMainWindow } from '../../../main/desktop/main-window.ts';
import { createFakeElectron, type FakeBrowserWindow, type FakeElectron } from '../../fakes/electron.ts';
import { createRecordingLogger, type RecordingLogger } from '../../fakes/logger.ts';

const preloadPath = '/app/dist/preload/index.cjs';
const indexHtmlPath = '/app/dist/renderer/index.html';

function openMainWindow(
  electron: FakeElectron,
  log: RecordingLogger = createRecordingLogger(),
  trayVisible?: () => boolean,
) {
  let quitting = false;
  const mainWindow = createMainWindow({
    BrowserWindow: electron.BrowserWindow,
    preloadPath,
    indexHtmlPath,
    isQuitting: () => quitting,
    ...(trayVisible === undefined ? {} : { trayVisible }),
    log,
  });
  mainWindow.show();
  const window = electron.windows.at(-1);
  if (window === undefined) throw new Error('show() created no window');
  return {
    mainWindow,
    window,
    startQuitting: () => {
      quitting = true;
    },
  };
}

function createOpenWindow(): FakeBrowserWindow {
  return openMainWindow(createFakeElectron()).window;
}

describe('main window', () => {
  it('is created with a sandboxed, context-isolated renderer without Node and with web security on', () => {
    const window = createOpenWindow();

    expect(window.options.webPreferences).toEqual({
      preload: preloadPath,
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
    });
  });

  it('loads the built renderer page from the app:// scheme, not file://, and stays hidden until its first paint', () => {
    const window = createOpenWindow();

    expect(window.loadedUrl).toBe('app://ntfy-tray/index.html');
    expect(window.options.show).toBe(false);
    expect(window.visible).toBe(false);
    window.finishLoading();
    expect(window.visible).toBe(true);
  });

  it('denies window.open', () => {
    const window = createOpenWindow();

    expect(window.webContents.requestWindowOpen('https://example.com/')).toBe('deny');
  });

  it('prevents navigation away from the app page', () => {
    const window = createOpenWindow();

    expect(window.webContents.navigate('https://example.com/')).toBe(false);
    expect(window.webContents.navigate('file:///etc/passwd')).toBe(false);
  });

  it('refuses permission requests such as camera or geolocation', () => {
    const window = createOpenWindow();

    expect(window.webContents.session.requestPermission('media')).toBe(false);
    expect(window.webContents.session.requestPermission('geolocation')).toBe(false);
    expect(window.webContents.session.requestPermission('clipboard-read')).toBe(false);
  });

  it('answers permission checks as it answers requests: no by default, yes only to writing the clipboard', () => {
    const window = createOpenWindow();
    const { session } = window.webContents;

    for (const permission of ['media', 'geolocation', 'notifications', 'clipboard-read', 'hid', 'unknown']) {
      expect(session.checkPermission(permission), permission).toBe(false);
    }
    expect(session.checkPermission('clipboard-sanitized-write')).toBe(true);
  });

  it('lets the page write plain text to the clipboard (Copy message)', () => {
    const window = createOpenWindow();

    expect(window.webContents.session.requestPermission('clipboard-sanitized-write')).toBe(true);
  });

  it('logs the refused popup and navigation with their URLs', () => {
    const log = createRecordingLogger();
    const { window } = openMainWindow(createFakeElectron(), log);

    window.webContents.requestWindowOpen('https://popup.example/');
    window.webContents.navigate('https://navigate.example/');

    expect(log.entries.map((entry) => [entry.level, entry.fields?.['url']])).toEqual([
      ['warn', 'https://popup.example/'],
      ['warn', 'https://navigate.example/'],
    ]);
  });

  it('reports a renderer page that fails to load instead of leaving the promise unhandled', async () => {
    const log = createRecordingLogger();
    const loadFileError = new Error('ERR_FILE_NOT_FOUND');

    openMainWindow(createFakeElectron({ loadFileError }), log);
    await Promise.resolve();

    expect(log.entries).toContainEqual(
      expect.objectContaining({ level: 'error', fields: { url: 'app://ntfy-tray/index.html', error: loadFileError } }),
    );
  });

  it('reuses one window for repeated show() calls', () => {
    const electron = createFakeElectron();
    const { mainWindow } = openMainWindow(electron);

    mainWindow.show();
    mainWindow.show();

    expect(electron.windows).toHaveLength(1);
  });

  it('hides instead of closing until a quit has started, then closes for real', () => {
    const { window, startQuitting } = openMainWindow(createFakeElectron());

    expect(window.close()).toBe(false);
    expect(window.destroyed).toBe(false);
    startQuitting();
    expect(window.close()).toBe(true);
    expect(window.destroyed).toBe(true);
  });

  it('loads the same page URL, which the sender check accepts, from a folder with spaces, #, % and non-ASCII letters', () => {
    const electron = createFakeElectron();
    const odd = '/home/zoë/Mes apps #1 100% Überall/ntfy tray/dist/renderer/index.html';
    createMainWindow({
      BrowserWindow: electron.BrowserWindow,
      preloadPath,
      indexHtmlPath: odd,
      isQuitting: () => false,
      log: createRecordingLogger(),
    }).show();
    const loaded = electron.windows.at(-1)?.loadedUrl ?? '';
    // The folder is the protocol handler's business (app-protocol.ts); the URL never carries it.
    expect(loaded).toBe('app://ntfy-tray/index.html');
    expect(isRendererPage(loaded, appPageUrl('index.html'))).toBe(true);
  });

  it('minimizes instead of hiding where no tray icon can show, so the app never vanishes', () => {
    let trayVisible = false;
    const { window } = openMainWindow(createFakeElectron(), createRecordingLogger(), () => trayVisible);
    window.show();

    expect(window.close()).toBe(false);
    expect([window.minimized, window.visible, window.destroyed]).toEqual([true, true, false]);
    window.show();
    trayVisible = true; // a StatusNotifier host appeared (e.g. the AppIndicator extension was enabled)
    expect(window.close()).toBe(false);
    expect(window.visible).toBe(false);
  });

  it('opens a fresh window when the previous one was destroyed', () => {
    const electron = createFakeElectron();
    const { mainWindow, window, startQuitting } = openMainWindow(electron);
    startQuitting();
    window.close();

    mainWindow.show();

    expect(electron.windows).toHaveLength(2);
    expect(electron.windows[1]?.destroyed).toBe(false);
  });
});

describe('main window events', () => {
  it('pushes bridge events to the open page and drops them while there is no window', () => {
    const electron = createFakeElectron();
    const mainWindow = createMainWindow({
      BrowserWindow: electron.BrowserWindow,
      preloadPath,
      indexHtmlPath,
      isQuitting: () => false,
      log: createRecordingLogger(),
    });
    mainWindow.send('messages:received', [{ id: 'early' }]);
    mainWindow.show();
    const window = electron.windows.at(-1);
    mainWindow.send('messages:received', [{ id: 'late' }]);
    expect(window?.webContents.sent).toEqual([{ channel: 'messages:received', args: [[{ id: 'late' }]] }]);
  });
});
