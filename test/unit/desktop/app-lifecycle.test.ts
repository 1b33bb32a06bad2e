import { describe, expect, it } from 'vitest';
import type { TrayCommand } from '../../../main/core/tray/tray-model.ts';
import type { AppRequests } from '../../../main/core/bridge/app-service.ts';
import { startDesktopApp } from '../../../main/desktop/app-lifecycle.ts';
import type { IpcOptions } from '../../../main/desktop/ipc.ts';
import { bridgeOperations } from '../../../common/ipc.ts';
import {
  createFakeElectron,
  createFakeIpcMain,
  type FakeBrowserWindow,
  type FakeElectron,
  type FakeMenu,
} from '../../fakes/electron.ts';
import { createRecordingLogger, type RecordingLogger } from '../../fakes/logger.ts';

const paths = {
  preload: '/app/dist/preload/index.cjs',
  indexHtml: '/app/dist/renderer/index.html',
  trayIcon: '/app/assets/tray/tray.png',
};

interface StartOverrides {
  readonly startHidden?: boolean;
  readonly userDataDir?: string;
  readonly onTrayCommand?: (command: TrayCommand) => void;
  readonly log?: RecordingLogger;
  readonly ipc?: IpcOptions;
  readonly platform?: NodeJS.Platform;
}

// Only the IPC seam's timing is under test here; the service answers every request with its own name. It has no
// `then`, or promises would take it for a promise and wait on it forever.
const echoService = new Proxy({} as AppRequests, {
  get: (_target, name) => (name === 'then' ? undefined : () => Promise.resolve({ ok: true, value: String(name) })),
});

async function start(electron: FakeElectron, overrides: StartOverrides = {}) {
  return startDesktopApp({
    ipc: overrides.ipc ?? {
      ipcMain: createFakeIpcMain(),
      service: echoService,
      isTrustedSender: () => true,
      log: createRecordingLogger(),
    },
    electron,
    paths: { ...paths, trayIconFor: (variant) => `/app/assets/tray/${variant}.png` },
    startHidden: overrides.startHidden ?? false,
    userDataDir: overrides.userDataDir,
    log: overrides.log ?? createRecordingLogger(),
    ...(overrides.onTrayCommand === undefined ? {} : { onTrayCommand: overrides.onTrayCommand }),
    platform: overrides.platform ?? 'linux',
  });
}

function onlyWindow(electron: FakeElectron): FakeBrowserWindow {
  expect(electron.windows).toHaveLength(1);
  const [window] = electron.windows;
  if (window === undefined) throw new Error('unreachable: length checked above');
  return window;
}

function onlyTray(electron: FakeElectron) {
  expect(electron.trays).toHaveLength(1);
  const [tray] = electron.trays;
  if (tray === undefined) throw new Error('unreachable: length checked above');
  return tray;
}

describe('startDesktopApp', () => {
  it('answers the first request the page makes the instant loading starts, once the core is ready', async () => {
    const ipcMain = createFakeIpcMain();
    const core = Promise.withResolvers<AppRequests>();
    const firstCalls: Promise<unknown>[] = [];
    const electron = createFakeElectron({
      onLoadFile: () => {
        firstCalls.push(ipcMain.invoke(bridgeOperations.getSettings.channel, 'file:///app/dist/renderer/index.html'));
      },
    });

    await start(electron, {
      ipc: { ipcMain, service: core.promise, isTrustedSender: () => true, log: createRecordingLogger() },
    });
    expect(firstCalls).toHaveLength(1);
    core.resolve(echoService);

    expect(await Promise.all(firstCalls)).toEqual([{ ok: true, value: 'getSettings' }]);
  });

  it('answers waiting requests with a typed error when the core never starts', async () => {
    const ipcMain = createFakeIpcMain();
    const core = Promise.withResolvers<AppRequests>();
    const firstCalls: Promise<unknown>[] = [];
    const electron = createFakeElectron({
      onLoadFile: () => {
        firstCalls.push(ipcMain.invoke(bridgeOperations.getSettings.channel, 'file:///app/dist/renderer/index.html'));
      },
    });

    await start(electron, {
      ipc: { ipcMain, service: core.promise, isTrustedSender: () => true, log: createRecordingLogger() },
    });
    core.reject(new Error('database is locked'));

    expect(await Promise.all(firstCalls)).toEqual([
      { ok: false, error: { code: 'internal', message: 'the app could not start; see its log' } },
    ]);
  });

  it('quits without creating a tray or window when another instance holds the lock', async () => {
    const electron = createFakeElectron({ singleInstanceLock: false });

    const running = await start(electron);

    expect(running).toBeUndefined();
    expect(electron.app.calls).toEqual(['requestSingleInstanceLock', 'quit']);
    expect(electron.trays).toEqual([]);
    expect(electron.windows).toEqual([]);
  });

  it('points Electron at the given user-data folder before taking the lock, which that folder scopes', async () => {
    const electron = createFakeElectron();

    await start(electron, { userDataDir: '/tmp/profile-1' });

    expect(electron.app.paths.get('userData')).toBe('/tmp/profile-1');
    expect(electron.app.calls.slice(0, 2)).toEqual(['setPath:userData', 'requestSingleInstanceLock']);
  });

  it('puts a tray icon up once ready and shows the window after its first paint', async () => {
    const electron = createFakeElectron();

    await start(electron);

    expect(onlyTray(electron).iconPath).toBe('/app/assets/tray/normal.png');
    const window = onlyWindow(electron);
    expect(window.visible).toBe(false);
    window.finishLoading();
    expect(window.visible).toBe(true);
  });

  it('stays in the tray without a window when launched hidden (autostart)', async () => {
    const electron = createFakeElectron();

    await start(electron, { startHidden: true });

    expect(electron.trays).toHaveLength(1);
    expect(electron.windows).toEqual([]);
  });

  it('opens the window when a second instance is launched while hidden', async () => {
    const electron = createFakeElectron();
    await start(electron, { startHidden: true });

    electron.app.launchSecondInstance();
    onlyWindow(electron).finishLoading();

    expect(onlyWindow(electron).visible).toBe(true);
  });

  it('brings back and focuses the existing window on a second instance instead of opening another', async () => {
    const electron = createFakeElectron();
    await start(electron);
    const window = onlyWindow(electron);
    window.finishLoading();
    window.minimize();

    electron.app.launchSecondInstance();

    expect(onlyWindow(electron)).toBe(window);
    expect(window).toMatchObject({ visible: true, minimized: false, focused: true });
  });

  it('replaces the default menu (with Reload and DevTools) before the window starts loading', async () => {
    const seen: { menuWhenLoading?: FakeMenu | null | undefined } = {};
    const electron: FakeElectron = createFakeElectron({
      isPackaged: true,
      onLoadFile: () => {
        seen.menuWhenLoading = electron.Menu.applicationMenu;
      },
    });

    await start(electron);

    expect(seen).toEqual({ menuWhenLoading: null }); // packaged, on Linux: no menu at all
  });

  it('shows the hidden window again when macOS reports a relaunch of the running app as activate', async () => {
    const electron = createFakeElectron();
    await start(electron);
    const window = onlyWindow(electron);
    window.finishLoading();
    window.close(); // hidden to the tray

    electron.app.activate();

    expect(onlyWindow(electron)).toBe(window);
    expect(window).toMatchObject({ visible: true, focused: true });
  });

  it('shows the unread count beside the tray icon in the menu bar on macOS', async () => {
    const electron = createFakeElectron();
    const running = await start(electron, { platform: 'darwin' });

    running?.tray.showUnread(3);

    expect(onlyTray(electron).title).toBe('3');
  });

  it('hides the window to the tray when it is closed, without quitting', async () => {
    const electron = createFakeElectron();
    await start(electron);
    const window = onlyWindow(electron);
    window.finishLoading();

    const closed = window.close();

    expect(closed).toBe(false);
    expect(window).toMatchObject({ visible: false, destroyed: false });
    expect(electron.app.calls).not.toContain('quit');
  });

  it('keeps running when Electron reports that all windows are closed', async () => {
    const electron = createFakeElectron();
    await start(electron);

    electron.app.emitWindowAllClosed();

    expect(electron.app.calls).not.toContain('quit');
    expect(electron.app.hasQuit).toBe(false);
  });

  it('reopens the hidden window from the tray menu item "Open ntfy Tray"', async () => {
    const electron = createFakeElectron();
    await start(electron);
    const window = onlyWindow(electron);
    window.finishLoading();
    window.close();

    onlyTray(electron).clickMenuItem('Open ntfy Tray');

    expect(onlyWindow(electron)).toBe(window);
    expect(window).toMatchObject({ visible: true, focused: true });
  });

  it('really quits from the tray menu item "Quit", closing the window instead of hiding it', async () => {
    const electron = createFakeElectron();
    await start(electron);
    const window = onlyWindow(electron);
    window.finishLoading();

    onlyTray(electron).clickMenuItem('Quit');

    expect(electron.app.calls).toContain('quit');
    expect(window.destroyed).toBe(true);
    expect(electron.app.hasQuit).toBe(true);
  });

  it('removes the tray icon when quitting, and not before', async () => {
    const electron = createFakeElectron();
    await start(electron);
    const tray = onlyTray(electron);
    onlyWindow(electron).close();

    expect(tray.destroyed).toBe(false);
    tray.clickMenuItem('Quit');

    expect(tray.destroyed).toBe(true);
  });

  it('quits from the tray while the window is hidden', async () => {
    const electron = createFakeElectron();
    await start(electron);
    onlyWindow(electron).close();

    onlyTray(electron).clickMenuItem('Quit');

    expect(electron.app.hasQuit).toBe(true);
  });

  it('hands tray commands other than open and quit to the caller, and lets the returned tray be updated', async () => {
    const electron = createFakeElectron();
    const commands: TrayCommand[] = [];
    const running = await start(electron, { onTrayCommand: (command) => commands.push(command) });

    onlyTray(electron).clickMenuItem('Pause notifications', 'For 8 hours');
    running?.tray.update({ icon: 'unread', tooltip: 'ntfy Tray — 1 unread', menu: [] });

    expect(commands).toEqual([{ type: 'pause', minutes: 480 }]);
    expect(onlyTray(electron)).toMatchObject({
      iconPath: '/app/assets/tray/unread.png',
      toolTip: 'ntfy Tray — 1 unread',
    });
  });

  it('logs a tray command nobody handles yet instead of dropping it silently', async () => {
    const electron = createFakeElectron();
    const log = createRecordingLogger();
    await start(electron, { log });

    onlyTray(electron).clickMenuItem('Pause notifications', 'Until resumed');

    expect(log.entries).toContainEqual(
      expect.objectContaining({ level: 'warn', fields: { command: { type: 'pause', minutes: 'until-resumed' } } }),
    );
  });
});
