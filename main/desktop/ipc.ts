/**
 * Registers the bridge's request channels on ipcMain. Each request is checked twice before the core sees it: the
 * sender must be our own page (not a frame that navigated elsewhere or an injected one), and every argument is
 * validated by the core's dispatcher, which always answers a BridgeResult.
 */
import { ipcChannels } from '../../preload/contract.ts';
import type { AppRequests } from '../core/bridge/app-service.ts';
import { dispatchRequest } from '../core/bridge/dispatch.ts';
import type { Logger } from '../core/ports.ts';
import type { IpcMainHandle } from './electron-api.ts';

export interface IpcOptions {
  readonly ipcMain: IpcMainHandle;
  readonly service: AppRequests;
  /** True for the URL of our own renderer page (file:// in the app). */
  readonly isTrustedSender: (url: string) => boolean;
  readonly log: Logger;
}

/** Returns a function that removes every handler again. */
export function setupIpc(options: IpcOptions): () => void {
  const channels = Object.values(ipcChannels);
  for (const channel of channels) {
    options.ipcMain.handle(channel, async (event, ...args) => {
      const url = event.senderFrame?.url ?? '';
      if (!options.isTrustedSender(url)) {
        options.log.log('warn', 'refused an IPC request from an unexpected sender', { channel, url });
        return { ok: false, error: { code: 'invalid-argument', message: 'request from an unexpected page' } };
      }
      return dispatchRequest(options.service, channel, args, options.log);
    });
  }
  return () => {
    for (const channel of channels) options.ipcMain.removeHandler(channel);
  };
}

/** `file:///…/dist/renderer/index.html` (any hash or query) is ours; anything else is not. */
export function isRendererPage(url: string, indexHtmlPath: string): boolean {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  const expected = new URL(`file://${indexHtmlPath.startsWith('/') ? '' : '/'}${indexHtmlPath.replaceAll('\\', '/')}`);
  return parsed.protocol === 'file:' && decodeURIComponent(parsed.pathname) === decodeURIComponent(expected.pathname);
}
