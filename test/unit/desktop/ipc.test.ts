import { describe, expect, it } from 'vitest';
import { operationChannels } from '../../../common/ipc.ts';
import type { AppRequests } from '../../../main/core/bridge/app-service.ts';
import { isRendererPage, setupIpc } from '../../../main/desktop/ipc.ts';
import { createFakeIpcMain } from '../../fakes/electron.ts';
import { createRecordingLogger } from '../../fakes/logger.ts';

const PAGE_URL = 'app://ntfy-tray/index.html';

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
    expect(ipcMain.channels().sort()).toEqual([...operationChannels].sort());
    remove();
    expect(ipcMain.channels()).toEqual([]);
  });

  it('answers requests from our page and refuses other senders without calling the service', async () => {
    const ipcMain = createFakeIpcMain();
    const log = createRecordingLogger();
    setupIpc({ ipcMain, service: echoService, isTrustedSender: (url) => isRendererPage(url, PAGE_URL), log });
    expect(await ipcMain.invoke('subscriptions:list', PAGE_URL)).toEqual({ ok: true, value: 'listSubscriptions' });
    for (const sender of [
      'https://evil.example/',
      'file:///tmp/evil.html',
      'file:///opt/ntfy%20Tray/resources/app.asar/dist/renderer/index.html',
      null,
    ]) {
      expect(await ipcMain.invoke('subscriptions:list', sender)).toMatchObject({
        ok: false,
        error: { code: 'invalid-argument' },
      });
    }
    expect(log.entries.filter((entry) => entry.message.startsWith('refused an IPC request'))).toHaveLength(4);
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
  it('accepts the app page with a hash or query', () => {
    expect(isRendererPage(PAGE_URL, PAGE_URL)).toBe(true);
    expect(isRendererPage(`${PAGE_URL}#/history`, PAGE_URL)).toBe(true);
    expect(isRendererPage(`${PAGE_URL}?x=%`, PAGE_URL)).toBe(true);
    // Chromium normalizes dot segments before it reports a frame's URL; so does the URL parser.
    expect(isRendererPage('app://ntfy-tray/assets/../index.html', PAGE_URL)).toBe(true);
  });

  it('refuses the file:// page the window used to load, wherever the app folder is', () => {
    for (const url of [
      'file:///opt/ntfy%20Tray/resources/app.asar/dist/renderer/index.html',
      'file:///C:/Users/Zo%C3%AB/%23apps/100%25/ntfy/resources/app.asar/dist/renderer/index.html',
      'file://server/share/ntfy/dist/renderer/index.html',
      'file:///index.html',
    ]) {
      expect(isRendererPage(url, PAGE_URL)).toBe(false);
    }
  });

  it('refuses other pages, hosts, ports and schemes that look like ours', () => {
    for (const url of [
      'app://ntfy-tray/other.html',
      'app://ntfy-tray/assets/index.html',
      'app://ntfy-tray/',
      'app://other/index.html',
      'app://ntfy-tray.evil.example/index.html',
      'app://ntfy-tray:8080/index.html',
      'app://user:secret@ntfy-tray/index.html',
      'https://ntfy-tray/index.html',
      'http://127.0.0.1:8080/index.html',
      'https://evil.example/#app://ntfy-tray/index.html',
      'https://evil.example/?app://ntfy-tray/index.html',
      'not a url',
      '',
    ]) {
      expect(isRendererPage(url, PAGE_URL)).toBe(false);
    }
  });
});
