/**
 * The app as a subscriber of its data folder (launch.ts lockDataDir): taken once this is the only instance, before
 * the window; refused with an error box naming the holder; let go only after the history has closed.
 */
import { describe, expect, it } from 'vitest';
import type { AppRequests } from '../../../main/core/bridge/app-service.ts';
import type { DataDirLockResult } from '../../../main/core/store/data-dir-lock.ts';
import { launchDesktopApp, type LaunchedCore } from '../../../main/desktop/launch.ts';
import { createFakeElectron, createFakeIpcMain, type FakeElectron } from '../../fakes/electron.ts';
import { createRecordingLogger } from '../../fakes/logger.ts';

const DATA_DIR = '/home/ana/.local/share/ntfy-tray';

// Requests are not under test here; no `then`, so promises do not mistake it for one.
const idleService = new Proxy({} as AppRequests, {
  get: (_target, name) => (name === 'then' ? undefined : () => Promise.resolve({ ok: true, value: null })),
});

interface Harness {
  readonly electron: FakeElectron;
  /** What happened, in order: the app's calls and the lock's. */
  readonly events: string[];
}

function launch(
  harness: Harness,
  lock: DataDirLockResult | (() => DataDirLockResult),
  openCore: () => Promise<LaunchedCore>,
) {
  const { electron, events } = harness;
  return launchDesktopApp({
    desktop: {
      electron,
      paths: { preload: '/app/preload.cjs', indexHtml: '/app/index.html', trayIcon: '/app/tray.png' },
      platform: 'linux',
      startHidden: false,
      userDataDir: DATA_DIR,
      log: createRecordingLogger(),
    },
    lockDataDir: () => {
      events.push(...electron.app.calls.splice(0), 'lock');
      return typeof lock === 'function' ? lock() : lock;
    },
    ipcMain: createFakeIpcMain(),
    isTrustedSender: () => true,
    openCore,
    log: createRecordingLogger(),
  });
}

function heldLock(harness: Harness): DataDirLockResult {
  return {
    ok: true,
    release: () => {
      harness.events.push('release');
    },
  };
}

function createHarness(options: { singleInstanceLock?: boolean } = {}): Harness {
  return { electron: createFakeElectron(options), events: [] };
}

describe('the app holds its data folder', () => {
  it('takes it once it is the only instance, before the window, and lets go after the history closed', async () => {
    const harness = createHarness();
    const stopped = Promise.withResolvers<undefined>();
    const core: LaunchedCore = {
      service: idleService,
      stop: () => {
        harness.events.push('core stopping');
        return stopped.promise;
      },
      stopNow: () => {
        harness.events.push('core stopped at once');
      },
    };
    const result = await launch(harness, heldLock(harness), () => {
      harness.events.push(`core opens with ${String(harness.electron.windows.length)} window`);
      return Promise.resolve(core);
    });
    expect(result.kind).toBe('running');

    harness.electron.app.quit();
    expect(harness.events).not.toContain('release');
    stopped.resolve(undefined);
    await harness.electron.app.whenQuit();

    expect(harness.events).toEqual([
      'setPath:userData',
      'requestSingleInstanceLock',
      'lock',
      'core opens with 1 window',
      'core stopping',
      'release',
    ]);
  });

  it('a second instance hands over to the first without asking for the folder', async () => {
    const harness = createHarness({ singleInstanceLock: false });
    const result = await launch(harness, heldLock(harness), () => Promise.reject(new Error('not opened')));

    expect(result.kind).toBe('handed-over');
    expect(harness.events).toEqual([]);
  });

  it('held by ntfy-tray subscribe: an error box names it once ready, and the app quits with no window or core', async () => {
    const harness = createHarness();
    let coreOpened = false;
    const result = await launch(
      harness,
      { ok: false, reason: 'busy', dataDir: DATA_DIR, holder: { kind: 'subscribe', pid: 4242 } },
      () => {
        coreOpened = true;
        return Promise.reject(new Error('not opened'));
      },
    );

    expect(result.kind).toBe('failed');
    expect(coreOpened).toBe(false);
    expect(harness.electron.windows).toEqual([]);
    expect(harness.electron.trays).toEqual([]);
    expect(harness.electron.app.calls).toEqual(['whenReady', 'quit']);
    expect(harness.electron.app.hasQuit).toBe(true);
    expect(harness.electron.dialog.errorBoxes).toEqual([
      {
        title: 'ntfy Tray could not start',
        content: expect.stringContaining(
          `\`ntfy-tray subscribe\` (process 4242) is receiving messages with the data folder ${DATA_DIR}`,
        ) as unknown,
      },
    ]);
  });

  it('says what failed when the folder cannot be locked at all', async () => {
    const harness = createHarness();
    const result = await launch(
      harness,
      { ok: false, reason: 'error', dataDir: DATA_DIR, error: 'EACCES: permission denied' },
      () => Promise.reject(new Error('not opened')),
    );

    expect(result.kind).toBe('failed');
    expect(harness.electron.dialog.errorBoxes[0]?.content).toContain(
      `could not lock its data folder ${DATA_DIR}, so it will close.\n\nEACCES: permission denied`,
    );
  });

  it('lets go of the folder when the history cannot open', async () => {
    const harness = createHarness();
    const result = await launch(harness, heldLock(harness), () => Promise.reject(new Error('SQLITE_CANTOPEN')));

    expect(result.kind).toBe('failed');
    expect(harness.events.at(-1)).toBe('release');
  });
});
