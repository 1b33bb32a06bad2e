/**
 * Registers the bridge's request channels on ipcMain. Each request is checked twice before the core sees it: the
 * sender must be our own page (not a frame that navigated elsewhere or an injected one), and every argument is
 * validated by the core's dispatcher, which always answers a BridgeResult.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ipcChannels } from '../../preload/contract.ts';
import type { AppRequests } from '../core/bridge/app-service.ts';
import { dispatchRequest } from '../core/bridge/dispatch.ts';
import type { Logger } from '../core/ports.ts';
import type { IpcMainHandle } from './electron-api.ts';

export interface IpcOptions {
  readonly ipcMain: IpcMainHandle;
  /**
   * The core's requests, or a promise of them: handlers are registered before the window loads, so a request the
   * page makes while the history and notifier are still opening waits here and is answered once they are. If the
   * core never starts, each waiting request gets a typed error.
   */
  readonly service: AppRequests | Promise<AppRequests>;
  /** True for the URL of our own renderer page (file:// in the app). */
  readonly isTrustedSender: (url: string) => boolean;
  readonly log: Logger;
}

/** Returns a function that removes every handler again. */
export function setupIpc(options: IpcOptions): () => void {
  const channels = Object.values(ipcChannels);
  // Settled into a value once, here, so a core that fails to start is not an unhandled rejection per request.
  // (Not Promise.resolve(service): that would treat any service with a `then` member as a promise.)
  const { service } = options;
  const core: Promise<{ ok: true; service: AppRequests } | { ok: false; error: unknown }> =
    service instanceof Promise
      ? service.then(
          (ready) => ({ ok: true, service: ready }),
          (error: unknown) => ({ ok: false, error }),
        )
      : Promise.resolve({ ok: true, service });
  for (const channel of channels) {
    options.ipcMain.handle(channel, async (event, ...args) => {
      const url = event.senderFrame?.url ?? '';
      if (!options.isTrustedSender(url)) {
        options.log.log('warn', 'refused an IPC request from an unexpected sender', { channel, url });
        return { ok: false, error: { code: 'invalid-argument', message: 'request from an unexpected page' } };
      }
      const ready = await core;
      if (!ready.ok) return { ok: false, error: { code: 'internal', message: 'the app could not start; see its log' } };
      return dispatchRequest(ready.service, channel, args, options.log);
    });
  }
  return () => {
    for (const channel of channels) options.ipcMain.removeHandler(channel);
  };
}

/**
 * True for a file URL that names the page at `indexHtmlPath` (any hash or query), false for anything else.
 *
 * The URL is turned into a path, not the path into a URL: a file URL percent-encodes spaces, `#`, `%` and every
 * non-ASCII letter of a user folder (`C:\Users\Zoë Müller\#apps\100%`), and rebuilding one by hand gets those
 * wrong (a bare `%` made the old check throw). The path's own shape says which rules apply: an absolute POSIX path
 * starts with `/`; anything else is a Windows path (drive letter or UNC), which compares case-insensitively as NTFS
 * does. Both sides are NFC-normalized because macOS may hand out either form of an accented letter.
 */
export function isRendererPage(url: string, indexHtmlPath: string): boolean {
  const windows = !indexHtmlPath.startsWith('/');
  let pagePath: string;
  try {
    const parsed = new URL(url);
    if (parsed.protocol !== 'file:') return false;
    parsed.hash = '';
    parsed.search = '';
    pagePath = fileURLToPath(parsed, { windows });
  } catch {
    // Not a URL, or a file URL that names no path on this flavour of system (an encoded `/`, a host on POSIX).
    return false;
  }
  const flavour = windows ? path.win32 : path.posix;
  const normalize = (value: string): string => {
    const normalized = flavour.normalize(value).normalize('NFC');
    return windows ? normalized.toLowerCase() : normalized;
  };
  return normalize(pagePath) === normalize(indexHtmlPath);
}
