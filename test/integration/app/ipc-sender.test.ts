/**
 * The sender check of the real main bundle on the Electron test runtime: IPC from a page that is not the app's
 * renderer is refused, whatever the page asks for, and the app's own page is answered wherever the app folder is.
 */
import { writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { once } from 'node:events';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { APP_TEST_TIMEOUT_MS, createAppSession } from '../../electron-runtime/app-session.ts';
import { ensureDistBuilt } from '../../electron-runtime/ensure-dist.ts';
import { copyAppFolder } from '../../electron-runtime/launch-app.ts';
import type { PageGlobals } from '../../electron-runtime/page-globals.ts';

const session = createAppSession();
let server: Server | undefined;

beforeAll(async () => {
  await ensureDistBuilt();
}, 120_000);

afterEach(async () => {
  await session.cleanUp();
  if (server !== undefined) {
    server.close();
    server = undefined;
  }
});

async function listSubscriptionsFromPage(app: Awaited<ReturnType<typeof session.launch>>) {
  return app.evaluate(() => (globalThis as unknown as PageGlobals).ntfy.listSubscriptions(), null);
}

describe('IPC sender check', { timeout: APP_TEST_TIMEOUT_MS }, () => {
  it('refuses a call from a foreign file:// page loaded in the window', async () => {
    const app = await session.launch();
    await app.waitForWindow();
    expect((await listSubscriptionsFromPage(app)).ok).toBe(true);

    const foreign = path.join(await session.dir(), 'foreign.html');
    await writeFile(foreign, '<!doctype html><title>not ntfy tray</title>');
    await app.navigate(pathToFileURL(foreign).href);
    const answer = await listSubscriptionsFromPage(app);
    expect(answer).toEqual({
      ok: false,
      error: { code: 'invalid-argument', message: 'request from an unexpected page' },
    });
    expect(app.output()).toContain('refused an IPC request from an unexpected sender');
  });

  it('refuses a call from an http page on 127.0.0.1', async () => {
    server = createServer((_request, response) => {
      response.end('<!doctype html><title>somewhere else</title>');
    });
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    const address = server.address();
    if (address === null || typeof address === 'string') throw new Error('no TCP address');
    const app = await session.launch();
    await app.waitForWindow();
    await app.navigate(`http://127.0.0.1:${String(address.port)}/dist/renderer/index.html`);
    const answer = await listSubscriptionsFromPage(app);
    expect(answer.ok).toBe(false);
  });

  // Two things had to change for this (issue 11 §1): isRendererPage compares file paths (fileURLToPath) instead of
  // rebuilding a URL from the path, and the window loads a URL built with pathToFileURL, since Electron's loadFile
  // leaves `%` unescaped and the page URL then names another file.
  it('answers the app own page when the app folder has spaces, #, % and non-ASCII letters', async () => {
    const appDir = await copyAppFolder(path.join(await session.dir(), 'Mes apps #1 100% Überall', 'ntfy tray'));
    const app = await session.launch({ appDir });
    const window = await app.waitForWindow();
    expect(window.url).toContain('/dist/renderer/index.html');
    expect((await listSubscriptionsFromPage(app)).ok).toBe(true);
  });
});
