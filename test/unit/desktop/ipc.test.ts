import { describe, expect, it } from 'vitest';
import { ipcChannels } from '../../../preload/contract.ts';
import type { AppRequests } from '../../../main/core/bridge/app-service.ts';
import { isRendererPage, setupIpc } from '../../../main/desktop/ipc.ts';
import { createFakeIpcMain } from '../../fakes/electron.ts';
import { createRecordingLogger } from '../../fakes/logger.ts';

const PAGE = '/opt/ntfy Tray/resources/app.asar/dist/renderer/index.html';
const PAGE_URL = 'file:///opt/ntfy%20Tray/resources/app.asar/dist/renderer/index.html';

// The service is the core's (tested against real stores elsewhere); here only the IPC seam is under test, so a
// service that answers every request with its own name is enough to see what reaches it.
const echoService = new Proxy({} as AppRequests, {
  get: (_target, name) => () => Promise.resolve({ ok: true, value: String(name) }),
});

describe('setupIpc', () => {
  it('registers every contract channel and removes them again', () => {
    const ipcMain = createFakeIpcMain();
    const remove = setupIpc({
      ipcMain,
      service: echoService,
      isTrustedSender: () => true,
      log: createRecordingLogger(),
    });
    expect(ipcMain.channels().sort()).toEqual(Object.values(ipcChannels).sort());
    remove();
    expect(ipcMain.channels()).toEqual([]);
  });

  it('answers requests from our page and refuses other senders without calling the service', async () => {
    const ipcMain = createFakeIpcMain();
    const log = createRecordingLogger();
    setupIpc({ ipcMain, service: echoService, isTrustedSender: (url) => isRendererPage(url, PAGE), log });
    expect(await ipcMain.invoke('subscriptions:list', PAGE_URL)).toEqual({ ok: true, value: 'listSubscriptions' });
    for (const sender of ['https://evil.example/', 'file:///tmp/evil.html', null]) {
      expect(await ipcMain.invoke('subscriptions:list', sender)).toMatchObject({
        ok: false,
        error: { code: 'invalid-argument' },
      });
    }
    expect(log.entries.filter((entry) => entry.message.startsWith('refused an IPC request'))).toHaveLength(3);
  });

  it('validates arguments before the service sees them', async () => {
    const ipcMain = createFakeIpcMain();
    setupIpc({ ipcMain, service: echoService, isTrustedSender: () => true, log: createRecordingLogger() });
    expect(await ipcMain.invoke('links:open', PAGE_URL, { href: 'x' })).toMatchObject({
      ok: false,
      error: { code: 'invalid-argument' },
    });
    expect(await ipcMain.invoke('links:open', PAGE_URL, 'https://example.com')).toEqual({
      ok: true,
      value: 'openLink',
    });
  });
});

describe('isRendererPage', () => {
  it('accepts the renderer page with a hash or query and nothing else', () => {
    expect(isRendererPage(`${PAGE_URL}#/history`, PAGE)).toBe(true);
    expect(isRendererPage(`${PAGE_URL}?x=1`, PAGE)).toBe(true);
    expect(isRendererPage('file:///opt/ntfy%20Tray/resources/app.asar/dist/renderer/other.html', PAGE)).toBe(false);
    expect(isRendererPage('https://example.com/dist/renderer/index.html', PAGE)).toBe(false);
    expect(isRendererPage('not a url', PAGE)).toBe(false);
    expect(isRendererPage('file:///C:/Program%20Files/ntfy/index.html', 'C:\\Program Files\\ntfy\\index.html')).toBe(
      true,
    );
  });
});
