import { describe, expect, it } from 'vitest';
import type { AppRequests } from '../../../main/core/bridge/app-service.ts';
import type { RunningDesktopApp } from '../../../main/desktop/app-lifecycle.ts';
import type { PreventableEvent, SystemShutdownHandle } from '../../../main/desktop/electron-api.ts';
import { launchDesktopApp, type LaunchedCore } from '../../../main/desktop/launch.ts';
import { bridgeOperations } from '../../../common/ipc.ts';
import {
  createFakeElectron,
  createFakeIpcMain,
  type FakeBrowserWindow,
  type FakeElectron,
  type FakeIpcMain,
  type FakeMenu,
} from '../../fakes/electron.ts';
import { createRecordingLogger, type RecordingLogger } from '../../fakes/logger.ts';

const PAGE_URL = 'file:///app/dist/renderer/index.html';

// Answers every request with its own name; no `then`, so promises do not mistake it for one.
const echoService = new Proxy({} as AppRequests, {
  get: (_target, name) => (name === 'then' ? undefined : () => Promise.resolve({ ok: true, value: String(name) })),
});

/** A core whose stop() the test finishes by hand, to see that the quit waits for it. */
function createCore(): LaunchedCore & { stops: number; stopsNow: number; finishStop: () => void } {
  const stopped = Promise.withResolvers<undefined>();
  const core = {
    service: echoService,
    stops: 0,
    stopsNow: 0,
    stop: () => {
      core.stops++;
      return stopped.promise;
    },
    stopNow: () => {
      core.stopsNow++;
    },
    finishStop: () => {
      stopped.resolve(undefined);
    },
  };
  return core;
}

interface Harness {
  readonly electron: FakeElectron;
  readonly ipcMain: FakeIpcMain;
  readonly log: RecordingLogger;
  /** Requests the page made the instant its window started loading. */
  readonly firstCalls: Promise<unknown>[];
}

function createHarness(options: { singleInstanceLock?: boolean } = {}): Harness {
  const ipcMain = createFakeIpcMain();
  const firstCalls: Promise<unknown>[] = [];
  const electron = createFakeElectron({
    ...options,
    onLoadFile: () => {
      firstCalls.push(ipcMain.invoke(bridgeOperations.listSubscriptions.channel, PAGE_URL));
    },
  });
  return { electron, ipcMain, log: createRecordingLogger(), firstCalls };
}

function launch<TCore extends LaunchedCore>(
  harness: Harness,
  openCore: (desktop: RunningDesktopApp<FakeMenu>) => Promise<TCore>,
  options: { platform?: NodeJS.Platform; startHidden?: boolean; systemShutdown?: SystemShutdownHandle } = {},
) {
  return launchDesktopApp({
    ...(options.systemShutdown === undefined ? {} : { systemShutdown: options.systemShutdown }),
    desktop: {
      electron: harness.electron,
      paths: {
        preload: '/app/dist/preload/index.cjs',
        indexHtml: '/app/dist/renderer/index.html',
        trayIcon: '/app/assets/tray/tray.png',
      },
      platform: options.platform ?? 'linux',
      startHidden: options.startHidden ?? false,
      userDataDir: undefined,
      log: harness.log,
    },
    ipcMain: harness.ipcMain,
    isTrustedSender: (url) => url === PAGE_URL,
    openCore,
    log: harness.log,
  });
}

function onlyWindow(electron: FakeElectron): FakeBrowserWindow {
  const [window, ...others] = electron.windows;
  if (window === undefined || others.length > 0) throw new Error(`expected one window, got ${electron.windows.length}`);
  return window;
}

describe('launchDesktopApp', () => {
  it('starts loading the window before the core opens, and answers its first request once the core is ready', async () => {
    const harness = createHarness();
    const opening = Promise.withResolvers<LaunchedCore>();
    let windowsWhenCoreOpened = -1;

    const launched = launch(harness, () => {
      windowsWhenCoreOpened = harness.electron.windows.length;
      return opening.promise;
    });
    opening.resolve(createCore());

    expect((await launched).kind).toBe('running');
    expect(windowsWhenCoreOpened).toBe(1);
    expect(harness.firstCalls).toHaveLength(1);
    expect(await Promise.all(harness.firstCalls)).toEqual([{ ok: true, value: 'listSubscriptions' }]);
  });

  it('shows an error box and quits cleanly when the history cannot open, answering waiting requests with an error', async () => {
    const harness = createHarness();

    const result = await launch(harness, () => Promise.reject(new Error('SQLITE_CANTOPEN: unable to open database')));

    expect(result.kind).toBe('failed');
    expect(harness.electron.dialog.errorBoxes).toHaveLength(1);
    expect(harness.electron.dialog.errorBoxes[0]?.content).toContain('SQLITE_CANTOPEN: unable to open database');
    expect(harness.electron.app.hasQuit).toBe(true);
    // A clean quit: the window really closed (not hidden to the tray) and the tray icon was taken down.
    expect(onlyWindow(harness.electron).isDestroyed()).toBe(true);
    expect(harness.electron.trays.map((tray) => tray.destroyed)).toEqual([true]);
    expect(await Promise.all(harness.firstCalls)).toEqual([
      { ok: false, error: { code: 'internal', message: 'the app could not start; see its log' } },
    ]);
    expect(harness.log.entries.some((entry) => entry.level === 'error' && entry.message === 'startup failed')).toBe(
      true,
    );
  });

  it('holds a quit until the core has flushed, then quits', async () => {
    const harness = createHarness();
    const core = createCore();
    await launch(harness, () => Promise.resolve(core));

    harness.electron.app.quit();
    expect(core.stops).toBe(1);
    expect(harness.electron.app.hasQuit).toBe(false);
    core.finishStop();
    await harness.electron.app.whenQuit();

    expect(core.stops).toBe(1);
  });

  it('flushes the core once when Windows ends the session, which emits no before-quit', async () => {
    const harness = createHarness();
    const core = createCore();
    await launch(harness, () => Promise.resolve(core), { platform: 'win32' });
    const [sentinel, ...others] = harness.electron.baseWindows;
    if (sentinel === undefined) throw new Error('no window hears the session end');
    expect(others).toEqual([]);

    sentinel.endSession();
    expect(core.stops).toBe(1);
    sentinel.endSession();
    expect(core.stops).toBe(1);
  });

  it('on a system shutdown (macOS, Linux) delays it, flushes, then quits without holding back before-quit', async () => {
    const harness = createHarness();
    const core = createCore();
    const shutdownListeners: ((event?: PreventableEvent) => void)[] = [];
    const systemShutdown: SystemShutdownHandle = {
      on: (_event, listener) => {
        shutdownListeners.push(listener);
      },
    };
    await launch(harness, () => Promise.resolve(core), { platform: 'darwin', systemShutdown });
    let delayed = false;
    for (const listener of shutdownListeners) listener({ preventDefault: () => (delayed = true) });

    expect([delayed, core.stops]).toEqual([true, 1]);
    expect(harness.electron.app.hasQuit).toBe(false);
    core.finishStop();
    await harness.electron.app.whenQuit();
    expect(core.stops).toBe(1);
  });

  it('starts flushing when Windows asks to end the session, and closes the history synchronously when it ends', async () => {
    const harness = createHarness();
    const core = createCore();
    await launch(harness, () => Promise.resolve(core), { platform: 'win32' });
    const [sentinel] = harness.electron.baseWindows;
    if (sentinel === undefined) throw new Error('no window hears the session end');

    sentinel.querySessionEnd();
    expect([core.stops, core.stopsNow]).toEqual([1, 0]);
    // Windows may end the process once this returns: the close happens inside the listener, not after an await.
    sentinel.endSession();
    expect([core.stops, core.stopsNow]).toEqual([1, 1]);
  });

  it('hears the session end even when launched hidden at login, before any main window exists', async () => {
    const harness = createHarness();
    const core = createCore();
    await launch(harness, () => Promise.resolve(core), { platform: 'win32', startHidden: true });
    expect(harness.electron.windows).toEqual([]);

    for (const window of harness.electron.baseWindows) window.endSession();

    expect(core.stops).toBe(1);
    expect(harness.electron.baseWindows.map((window) => window.options)).toEqual([{ show: false, skipTaskbar: true }]);
  });

  it('makes no extra window where the session end is not a window event (macOS, Linux)', async () => {
    const harness = createHarness();
    await launch(harness, () => Promise.resolve(createCore()), { platform: 'darwin' });

    expect(harness.electron.baseWindows).toEqual([]);
  });

  it('hands over to the running instance without opening the core', async () => {
    const harness = createHarness({ singleInstanceLock: false });
    let opened = false;

    const result = await launch(harness, () => {
      opened = true;
      return Promise.resolve(createCore());
    });

    expect(result.kind).toBe('handed-over');
    expect(opened).toBe(false);
  });
});
