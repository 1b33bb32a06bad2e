/**
 * The order a launch must keep, as one tested function (main/index.ts only supplies the parts):
 * 1. IPC handlers exist before the window starts loading, answering once the core is ready;
 * 2. the tray and window come up while the core (history database, notifier, engine) opens;
 * 3. a core that cannot open is shown to the user in an error box, and the app quits cleanly;
 * 4. a quit, or a Windows logoff/shutdown (which emits no 'before-quit'), flushes the core before the process goes.
 */
import type { AppRequests } from '../core/bridge/app-service.ts';
import type { Logger } from '../core/ports.ts';
import { type DesktopAppOptions, type RunningDesktopApp, startDesktopApp } from './app-lifecycle.ts';
import type { IpcMainHandle, MenuHandle } from './electron-api.ts';

export interface LaunchedCore {
  readonly service: AppRequests;
  /** Stops the engine (what was read gets stored) and closes the history; called once, at quit. */
  stop(): Promise<void>;
}

export interface LaunchOptions<TMenu extends MenuHandle, TCore extends LaunchedCore> {
  readonly desktop: Omit<DesktopAppOptions<TMenu>, 'ipc' | 'onSessionEnd'>;
  readonly ipcMain: IpcMainHandle;
  /** True for the URL of our own renderer page. */
  readonly isTrustedSender: (url: string) => boolean;
  /** Opens history, notifier and engine. Runs after the window has started loading, which it must not delay. */
  readonly openCore: (desktop: RunningDesktopApp<TMenu>) => Promise<TCore>;
  readonly log: Logger;
}

export type LaunchResult<TMenu extends MenuHandle, TCore extends LaunchedCore> =
  | { readonly kind: 'running'; readonly desktop: RunningDesktopApp<TMenu>; readonly core: TCore }
  /** Another instance runs; it was told to open its window. */
  | { readonly kind: 'handed-over' }
  /** The core could not open: the user saw why and the app is quitting. */
  | { readonly kind: 'failed' };

/** The error box's text: what failed, in the error's own words, and where to look (the log has the stack). */
export function describeStartupFailure(error: unknown): string {
  const reason = error instanceof Error ? error.message : String(error);
  return `ntfy Tray could not open its message history or notifications, so it will close.\n\n${reason}\n\nThe log has the details.`;
}

export async function launchDesktopApp<TMenu extends MenuHandle, TCore extends LaunchedCore>(
  options: LaunchOptions<TMenu, TCore>,
): Promise<LaunchResult<TMenu, TCore>> {
  const { app, dialog } = options.desktop.electron;
  const { log } = options;
  const core = Promise.withResolvers<TCore>();
  let flushing: Promise<void> | undefined;
  let opened: TCore | undefined;
  // Idempotent: a quit and a session end may both arrive; the core is stopped once.
  const flush = (): Promise<void> => {
    if (opened === undefined) return Promise.resolve();
    const stopping = opened;
    flushing ??= stopping.stop().catch((error: unknown) => {
      log.log('error', 'shutdown was not clean', { error: String(error) });
    });
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
    onSessionEnd: () => {
      log.log('info', 'the session is ending; flushing');
      void flush();
    },
  });
  if (desktop === undefined) return { kind: 'handed-over' };

  try {
    opened = await options.openCore(desktop);
  } catch (error) {
    log.log('error', 'startup failed', { error: String(error) });
    core.reject(error);
    dialog.showErrorBox('ntfy Tray could not start', describeStartupFailure(error));
    app.quit();
    return { kind: 'failed' };
  }
  core.resolve(opened);

  let flushed = false;
  app.on('before-quit', (event) => {
    if (flushed) return;
    // Hold the quit until the core has stopped, then quit again (this listener then lets it through).
    event.preventDefault();
    void flush().then(() => {
      flushed = true;
      app.quit();
    });
  });
  return { kind: 'running', desktop, core: opened };
}
