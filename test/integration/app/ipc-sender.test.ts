/**
 * The sender check of the real main bundle on the Electron test runtime: IPC from a page that is not the app's
 * renderer (app://ntfy-tray/index.html) is refused, whatever the page asks for — file:// pages included — and the
 * app's own page is served and answered wherever the app folder is.
 */
import { writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { once } from 'node:events';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { APP_TEST_TIMEOUT_MS } from '../../electron-runtime/app-session.ts';
import { ensureDistBuilt } from '../../electron-runtime/ensure-dist.ts';
import { copyAppFolder, type LaunchedApp } from '../../electron-runtime/launch-app.ts';
import type { PageGlobals } from '../../electron-runtime/page-globals.ts';
import { sharedApp } from '../../support/app-test-hooks.ts';

// One launch per describe: each test only loads another page into the window of the same start and asks it for
// the bridge; none needs a fresh profile, a quit or another environment. The tests of a describe run in order.
let server: Server | undefined;

beforeAll(async () => {
  await ensureDistBuilt();
}, 120_000);

afterEach(() => {
  if (server !== undefined) {
    server.close();
    server = undefined;
  }
});

async function listSubscriptionsFromPage(app: LaunchedApp) {
  return app.evaluate(() => (globalThis as unknown as PageGlobals).ntfy.listSubscriptions(), null);
}

describe('IPC sender check', { timeout: APP_TEST_TIMEOUT_MS }, () => {
  const shared = sharedApp();

  it('refuses a call from a foreign file:// page loaded in the window', async () => {
    const app = await shared.app();
    await app.waitForWindow();
    expect((await listSubscriptionsFromPage(app)).ok).toBe(true);

    const foreign = path.join(await shared.dir(), 'foreign.html');
    await writeFile(foreign, '<!doctype html><title>not ntfy tray</title>');
    await app.navigate(pathToFileURL(foreign).href);
    const answer = await listSubscriptionsFromPage(app);
    expect(answer).toEqual({
      ok: false,
      error: { code: 'invalid-argument', message: 'request from an unexpected page' },
    });
    await app.waitForOutput('refused an IPC request from an unexpected sender');
  });

  it('refuses a call from an http page on 127.0.0.1', async () => {
    server = createServer((_request, response) => {
      response.end('<!doctype html><title>somewhere else</title>');
    });
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    const address = server.address();
    if (address === null || typeof address === 'string') throw new Error('no TCP address');
    const app = await shared.app();
    await app.navigate(`http://127.0.0.1:${String(address.port)}/index.html`);
    const answer = await listSubscriptionsFromPage(app);
    expect(answer.ok).toBe(false);
  });
});

// The page is served by the app's app:// handler (main/desktop/app-protocol.ts), so the folder's path is no part
// of the page URL; the handler reads the files from wherever the app folder is. The app runs from its own copy of
// the app folder, which also keeps it clear of another test file rebuilding this repository's dist/ meanwhile.
describe('the app in a folder with spaces, #, % and non-ASCII letters', { timeout: APP_TEST_TIMEOUT_MS }, () => {
  let appDir = '';
  const shared = sharedApp(async (dir) => {
    appDir = await copyAppFolder(path.join(dir, 'Mes apps #1 100% Überall', 'ntfy tray'));
    return { appDir };
  });

  it('serves and answers the app page', async () => {
    const app = await shared.app();
    const window = await app.waitForWindow();
    expect(window.url).toBe('app://ntfy-tray/index.html');
    // The module scripts ran: React rendered into #root.
    await app.waitForFunction(
      () => ((globalThis as unknown as PageGlobals).document.querySelector('#root')?.childElementCount ?? 0) > 0,
      null,
    );
    expect((await listSubscriptionsFromPage(app)).ok).toBe(true);
    expect((await app.records()).errors).toEqual([]);
  });

  it('refuses the renderer file itself opened as a file:// page: only its app:// origin is trusted', async () => {
    const app = await shared.app();
    await app.waitForWindow();
    expect((await listSubscriptionsFromPage(app)).ok).toBe(true);

    await app.navigate(pathToFileURL(path.join(appDir, 'dist', 'renderer', 'index.html')).href);
    expect((await listSubscriptionsFromPage(app)).ok).toBe(false);
  });
});
