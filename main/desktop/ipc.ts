/**
 * Registers the bridge's request channels on ipcMain. Each request is checked twice before the core sees it: the
 * sender must be our own page (not a frame that navigated elsewhere or an injected one), and every argument is
 * validated by the core's dispatcher, which always answers a BridgeResult.
 */
import { t } from '../../common/i18n/translate.ts';
import { operationChannels } from '../../common/ipc.ts';
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
  /** True for the URL of our own renderer page (app://ntfy-tray/index.html in the app). */
  readonly isTrustedSender: (url: string) => boolean;
  readonly log: Logger;
}

/** Returns a function that removes every handler again. */
export function setupIpc(options: IpcOptions): () => void {
  const channels = operationChannels;
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
        return { ok: false, error: { code: 'invalid-argument', message: t('app.ipc.unexpected-sender') } };
      }
      const ready = await core;
      if (!ready.ok) return { ok: false, error: { code: 'internal', message: t('app.ipc.not-started') } };
      return dispatchRequest(ready.service, channel, args, options.log);
    });
  }
  return () => {
    for (const channel of channels) options.ipcMain.removeHandler(channel);
  };
}

/**
 * True for the URL of our page, `pageUrl` (app://ntfy-tray/index.html, any hash or query), false for anything else:
 * other pages of the origin, other hosts or ports of the scheme, and every file:, http: or other page.
 *
 * Parsed, not compared as text, so a hash or query cannot make a foreign URL look like ours. Since the page left
 * file:// (main/desktop/app-protocol.ts), the app folder's path is no part of the URL: spaces, `#`, `%` or letters
 * in a user folder no longer matter here.
 */
export function isRendererPage(url: string, pageUrl: string): boolean {
  let parsed: URL;
  let page: URL;
  try {
    parsed = new URL(url);
    page = new URL(pageUrl);
  } catch {
    // Not a URL (a frame that has none reports ''): not our page.
    return false;
  }
  return (
    parsed.protocol === page.protocol &&
    parsed.host === page.host &&
    parsed.username === '' &&
    parsed.password === '' &&
    parsed.pathname === page.pathname
  );
}
