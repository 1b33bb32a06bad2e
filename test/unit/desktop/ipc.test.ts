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
  });

  it('accepts a POSIX app folder with spaces, #, % and non-ASCII letters, as Chromium encodes it', () => {
    const page = '/home/zoë müller/#apps/100% ntfy/dist/renderer/index.html';
    const url = 'file:///home/zo%C3%AB%20m%C3%BCller/%23apps/100%25%20ntfy/dist/renderer/index.html';

    expect(isRendererPage(url, page)).toBe(true);
    expect(isRendererPage(`${url}#/history`, page)).toBe(true);
    expect(isRendererPage(`${url}?x=%`, page)).toBe(true);
    // The same folder with one letter different, or the same text decoded differently, is someone else's page.
    expect(isRendererPage(url.replace('100%25', '100%2525'), page)).toBe(false);
    expect(isRendererPage(url.replace('%23apps', 'apps'), page)).toBe(false);
  });

  it('accepts the accented letters of a macOS folder in either Unicode form', () => {
    const decomposed = '/Users/Zoe\u0301/Apps/ntfy.app/Contents/Resources/app.asar/dist/renderer/index.html';
    const url = 'file:///Users/Zo%C3%A9/Apps/ntfy.app/Contents/Resources/app.asar/dist/renderer/index.html';

    expect(isRendererPage(url, decomposed)).toBe(true);
  });

  it('accepts a Windows drive-letter folder with spaces, #, % and non-ASCII letters', () => {
    const page = 'C:\\Users\\Zoë Müller\\#apps\\100%\\ntfy\\resources\\app.asar\\dist\\renderer\\index.html';
    const url =
      'file:///C:/Users/Zo%C3%AB%20M%C3%BCller/%23apps/100%25/ntfy/resources/app.asar/dist/renderer/index.html';

    expect(isRendererPage(url, page)).toBe(true);
    // NTFS ignores case, and Chromium may spell the drive letter either way.
    expect(isRendererPage(url.replace('file:///C:', 'file:///c:'), page)).toBe(true);
    expect(isRendererPage(url.replace('index.html', 'other.html'), page)).toBe(false);
    expect(isRendererPage(url.replace('file:///C:', 'file:///D:'), page)).toBe(false);
  });

  it('accepts an app on a Windows network share (UNC path, a host in the file URL)', () => {
    const page = '\\\\server\\share\\ntfy\\dist\\renderer\\index.html';

    expect(isRendererPage('file://server/share/ntfy/dist/renderer/index.html', page)).toBe(true);
    expect(isRendererPage('file://other/share/ntfy/dist/renderer/index.html', page)).toBe(false);
  });

  it('refuses, without throwing, file URLs that name no path and pages at a look-alike path', () => {
    expect(isRendererPage('file:///opt/ntfy%2FTray/index.html', '/opt/ntfy/Tray/index.html')).toBe(false);
    expect(isRendererPage('file://evil.example/opt/ntfy/index.html', '/opt/ntfy/index.html')).toBe(false);
    expect(isRendererPage('file:///opt/ntfy/../ntfy/index.html', '/opt/ntfy/index.html')).toBe(true);
    expect(isRendererPage('file:///opt/ntfy/index.html', '/opt/ntfy/index.html/')).toBe(false);
  });
});
