/**
 * The order a launch must keep, as one tested function (main/index.ts only supplies the parts):
 * 1. IPC handlers exist before the window starts loading, answering once the core is ready;
 * 2. the tray and window come up while the core (history database, notifier, engine) opens;
 * 3. a core that cannot open, or a data folder another subscriber holds, is shown to the user in an error box, and
 *    the app quits cleanly;
 * 4. a quit, or a Windows logoff/shutdown (which emits no 'before-quit'), flushes the core before the process goes,
 *    and a system-initiated quit is never held back: on macOS a 'before-quit' prevented while the system restarts
 *    cancels the restart, so there the quit is delayed through powerMonitor 'shutdown' instead; on Windows the
 *    session end finishes synchronously, since the process may be ended once its listener returns.
 */
import type { AppRequests } from '../core/bridge/app-service.ts';
import type { Logger } from '../core/ports.ts';
import type { DataDirLockResult } from '../core/store/data-dir-lock.ts';
import { type DesktopAppOptions, type RunningDesktopApp, startDesktopApp } from './app-lifecycle.ts';
import type { IpcMainHandle, MenuHandle, SystemShutdownHandle } from './electron-api.ts';
import { errorMessage } from '../../common/error-message.ts';
import { t } from '../../common/i18n/translate.ts';

export interface LaunchedCore {
  readonly service: AppRequests;
  /** Stops the engine (what was read gets stored) and closes the history; called once, at quit. */
  stop(): Promise<void>;
  /**
   * Closes the history at once, synchronously (Windows ends the process when 'session-end' returns). Nothing is
   * lost: a message's row and its topic's resume point are committed together, so what was read but not yet
   * stored is fetched again at the next start.
   */
  stopNow(): void;
}

interface LaunchOptions<TMenu extends MenuHandle, TCore extends LaunchedCore> {
  readonly desktop: Omit<DesktopAppOptions<TMenu>, 'ipc' | 'onSessionEnd' | 'onSessionEnding' | 'claimDataDir'>;
  /** powerMonitor: macOS (and Linux) say so before the system restarts, shuts down or logs out. */
  readonly systemShutdown?: SystemShutdownHandle;
  /**
   * Takes the data folder's subscriber lock for the app (lockDataDir with kind 'app'); held until the core has
   * stopped. Without it the app runs unlocked (unit tests).
   */
  readonly lockDataDir?: () => DataDirLockResult;
  /**
   * Calls `quit` when the process is asked to end (SIGTERM, SIGINT, SIGHUP: a service manager, `kill`, the terminal
   * of `npm start`): the app quits as from the menu, so the core stops and every subscription command's process
   * group ends with it. Absent: the runtime's own handling (unit tests).
   */
  readonly onTerminationSignal?: (quit: () => void) => void;
  readonly ipcMain: IpcMainHandle;
  /** True for the URL of our own renderer page. */
  readonly isTrustedSender: (url: string) => boolean;
  /** Opens history, notifier and engine. Runs after the window has started loading, which it must not delay. */
  readonly openCore: (desktop: RunningDesktopApp<TMenu>) => Promise<TCore>;
  readonly log: Logger;
}

type LaunchResult<TMenu extends MenuHandle, TCore extends LaunchedCore> =
  | { readonly kind: 'running'; readonly desktop: RunningDesktopApp<TMenu>; readonly core: TCore }
  /** Another instance runs; it was told to open its window. */
  | { readonly kind: 'handed-over' }
  /** The core could not open, or another subscriber holds the data folder: the user saw why and the app is quitting. */
  | { readonly kind: 'failed' };

/** The error box's text: what failed, in the error's own words, and where to look (the log has the stack). */
export function describeStartupFailure(error: unknown): string {
  const reason = errorMessage(error);
  return t('app.startup.failed', { reason });
}

/** The error box's text when the data folder cannot be taken: who holds it, and what the user can do. */
function describeDataDirRefusal(refusal: Exclude<DataDirLockResult, { ok: true }>): string {
  if (refusal.reason === 'error') {
    return t('app.startup.lock-failed', { dataDir: refusal.dataDir, error: refusal.error });
  }
  const { holder } = refusal;
  const { dataDir } = refusal;
  // A process id is a name, not an amount: passed as a string so it gets no digit grouping ("12.345").
  const who =
    holder === undefined
      ? t('app.startup.folder-in-use.unknown', { dataDir })
      : holder.kind === 'subscribe'
        ? t('app.startup.folder-in-use.cli', { dataDir, pid: String(holder.pid) })
        : t('app.startup.folder-in-use.app', { dataDir, pid: String(holder.pid) });
  return `${who} ${t('app.startup.folder-in-use.advice')}`;
}

export async function launchDesktopApp<TMenu extends MenuHandle, TCore extends LaunchedCore>(
  options: LaunchOptions<TMenu, TCore>,
): Promise<LaunchResult<TMenu, TCore>> {
  const { app, dialog } = options.desktop.electron;
  const { log } = options;
  const core = Promise.withResolvers<TCore>();
  let flushing: Promise<void> | undefined;
  let opened: TCore | undefined;
  let releaseDataDir = (): void => undefined;
  // An object, not a `let`: TypeScript would take a boolean set only inside the callback for always false.
  const dataDir: { refused: boolean } = { refused: false };
  // Idempotent: a quit and a session end may both arrive; the core is stopped once.
  const flush = (): Promise<void> => {
    if (opened === undefined) return Promise.resolve();
    const stopping = opened;
    flushing ??= stopping
      .stop()
      .catch((error: unknown) => {
        log.log('error', 'shutdown was not clean', { error: String(error) });
      })
      // After the history is closed; the lock would go with the process anyway, this only makes it prompt.
      .finally(releaseDataDir);
    return flushing;
  };

  const desktop = await startDesktopApp({
    ...options.desktop,
    ipc: {
      ipcMain: options.ipcMain,
      service: core.promise.then((started) => started.service),
      isTrustedSender: options.isTrustedSender,
      log,
    },
    onSessionEnding: () => {
      log.log('info', 'the session is about to end; flushing');
      void flush();
    },
    onSessionEnd: () => {
      log.log('info', 'the session is ending; closing the history now');
      void flush();
      opened?.stopNow();
      releaseDataDir();
    },
    claimDataDir: () => {
      const lock = options.lockDataDir?.();
      if (lock === undefined) return { ok: true };
      if (!lock.ok) {
        dataDir.refused = true;
        return {
          ok: false,
          describe: () => ({ title: t('app.startup.failed-title'), message: describeDataDirRefusal(lock) }),
        };
      }
      releaseDataDir = lock.release;
      return { ok: true };
    },
  });
  if (desktop === undefined) return { kind: dataDir.refused ? 'failed' : 'handed-over' };

  try {
    opened = await options.openCore(desktop);
  } catch (error) {
    log.log('error', 'startup failed', { error: String(error) });
    core.reject(error);
    dialog.showErrorBox(t('app.startup.failed-title'), describeStartupFailure(error));
    releaseDataDir();
    app.quit();
    return { kind: 'failed' };
  }
  core.resolve(opened);

  let flushed = false;
  const quitOnceFlushed = (): void => {
    void flush().then(() => {
      flushed = true;
      app.quit();
    });
  };
  app.on('before-quit', (event) => {
    if (flushed) return;
    // Hold the quit until the core has stopped, then quit again (this listener then lets it through).
    event.preventDefault();
    quitOnceFlushed();
  });
  options.onTerminationSignal?.(() => {
    log.log('info', 'asked to end; flushing, then quitting');
    app.quit();
  });
  options.systemShutdown?.on('shutdown', (event) => {
    // The system asks the app to quit. Held back in 'before-quit', the restart or log-out would be cancelled; told
    // here that the app quits by itself shortly, macOS waits for it.
    log.log('info', 'the system is shutting down; flushing, then quitting');
    event?.preventDefault();
    quitOnceFlushed();
  });
  return { kind: 'running', desktop, core: opened };
}
