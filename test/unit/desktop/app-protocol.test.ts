/**
 * The app:// scheme's file serving: the pure URL → file decision, and the handler on real folders (symlinks, a
 * folder with spaces, `#`, `%` and non-ASCII letters) with real Request and Response objects.
 */
import { mkdir, mkdtemp, readFile, realpath, rm, symlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  APP_SCHEME_PRIVILEGES,
  appPageUrl,
  createAppProtocolHandler,
  registerAppScheme,
  resolveAppRequest,
  serveAppFolder,
  type ProtocolHandle,
} from '../../../main/desktop/app-protocol.ts';
import { createRecordingLogger } from '../../fakes/logger.ts';

const ROOT = '/opt/ntfy Tray/resources/app.asar/dist/renderer';

describe('resolveAppRequest', () => {
  it('maps the page and its assets to files of the folder with their content types', () => {
    expect(resolveAppRequest('app://ntfy-tray/index.html', ROOT)).toEqual({
      ok: true,
      filePath: `${ROOT}/index.html`,
      contentType: 'text/html; charset=utf-8',
    });
    expect(resolveAppRequest('app://ntfy-tray/assets/index-DnkjfJpp.js?v=1#x', ROOT)).toMatchObject({
      ok: true,
      filePath: `${ROOT}/assets/index-DnkjfJpp.js`,
      contentType: 'text/javascript; charset=utf-8',
    });
    const types = ['a.css', 'a.svg', 'a.png', 'a.woff2', 'a.json', 'A.PNG'].map((name) => {
      const target = resolveAppRequest(`app://ntfy-tray/${name}`, ROOT);
      return target.ok ? target.contentType : target.reason;
    });
    expect(types).toEqual([
      'text/css; charset=utf-8',
      'image/svg+xml',
      'image/png',
      'font/woff2',
      'application/json; charset=utf-8',
      'image/png',
    ]);
  });

  it('decodes each segment once: an encoded space or non-ASCII letter names that file', () => {
    expect(resolveAppRequest('app://ntfy-tray/a%20b/%C3%BCber%2523.png', ROOT)).toMatchObject({
      ok: true,
      filePath: `${ROOT}/a b/über%23.png`,
    });
  });

  it('refuses every spelling of a path out of the folder or to an absolute path', () => {
    for (const url of [
      'app://ntfy-tray/..%2F..%2Fetc%2Fpasswd.json',
      'app://ntfy-tray/%2e%2e%2fsecret.json',
      'app://ntfy-tray/..%5C..%5Csecret.json',
      'app://ntfy-tray/a\\..\\..\\secret.json',
      'app://ntfy-tray//etc/secret.json',
      'app://ntfy-tray/%2Fetc%2Fsecret.json',
      'app://ntfy-tray/C:/Windows/win.json',
      'app://ntfy-tray/C%3A%5CWindows%5Cwin.json',
      'app://ntfy-tray/index.html%00.png',
      'app://ntfy-tray/assets/',
      'app://ntfy-tray/%E0%A4%A.png',
    ]) {
      expect([url, resolveAppRequest(url, ROOT).ok]).toEqual([url, false]);
    }
  });

  it('lets dot segments (literal or %2E) stop at the folder, as the URL parser does', () => {
    for (const url of ['app://ntfy-tray/assets/%2E%2E/%2E%2E/secret.json', 'app://ntfy-tray/../../secret.json']) {
      expect(resolveAppRequest(url, ROOT)).toMatchObject({ ok: true, filePath: `${ROOT}/secret.json` });
    }
  });

  it('refuses unknown hosts, ports, credentials, other schemes and file types it does not serve', () => {
    for (const url of [
      'app://other/index.html',
      'app://ntfy-tray.evil.example/index.html',
      'app://ntfy-tray:1/index.html',
      'app://u:p@ntfy-tray/index.html',
      'file:///opt/ntfy%20Tray/resources/app.asar/dist/renderer/index.html',
      'https://ntfy-tray/index.html',
      'app://ntfy-tray/index.js.map',
      'app://ntfy-tray/keytar.node',
      'app://ntfy-tray/README',
      'not a url',
    ]) {
      expect([url, resolveAppRequest(url, ROOT).ok]).toEqual([url, false]);
    }
  });

  it('joins with the platform path rules, so a Windows folder gets backslashes', () => {
    const target = resolveAppRequest('app://ntfy-tray/assets/a.js', 'C:\\Program Files\\ntfy\\dist\\renderer');
    const expected =
      path.sep === '\\'
        ? 'C:\\Program Files\\ntfy\\dist\\renderer\\assets\\a.js'
        : 'C:\\Program Files\\ntfy\\dist\\renderer/assets/a.js';
    expect(target).toMatchObject({ ok: true, filePath: expected });
  });
});

describe('createAppProtocolHandler', () => {
  let tempDir: string | undefined;

  afterEach(async () => {
    if (tempDir !== undefined) await rm(tempDir, { recursive: true, force: true });
    tempDir = undefined;
  });

  /** dist/renderer of an app folder at an odd path, a secret beside it, and links into and out of the folder. */
  async function appFolder() {
    tempDir = await mkdtemp(path.join(os.tmpdir(), 'ntfy-tray-protocol-'));
    const root = path.join(tempDir, 'Mes apps #1 100% Überall', 'ntfy tray', 'dist', 'renderer');
    await mkdir(path.join(root, 'assets'), { recursive: true });
    await writeFile(path.join(root, 'index.html'), '<!doctype html><title>ntfy</title>');
    await writeFile(path.join(root, 'assets', 'app.js'), 'export {};');
    await writeFile(path.join(tempDir, 'secret.json'), '{"token":"tk_secret"}');
    await symlink(path.join(tempDir, 'secret.json'), path.join(root, 'assets', 'escape.json'));
    await symlink(path.join(root, 'assets', 'app.js'), path.join(root, 'assets', 'inside.js'));
    const log = createRecordingLogger();
    const handler = createAppProtocolHandler({
      rootDir: root,
      realpath,
      readFile: (filePath) => readFile(filePath),
      log,
    });
    return { handler, log };
  }

  it('serves the page and its module script from a folder with spaces, #, % and non-ASCII letters', async () => {
    const { handler } = await appFolder();

    const page = await handler(new Request(appPageUrl('index.html')));
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(await page.text()).toBe('<!doctype html><title>ntfy</title>');
    const script = await handler(new Request('app://ntfy-tray/assets/app.js'));
    expect([script.status, script.headers.get('content-type')]).toEqual([200, 'text/javascript; charset=utf-8']);
    expect(script.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('refuses a symlink that leads out of the folder, but follows one that stays inside', async () => {
    const { handler, log } = await appFolder();

    const escaped = await handler(new Request('app://ntfy-tray/assets/escape.json'));
    expect(escaped.status).toBe(404);
    expect(await escaped.text()).not.toContain('tk_secret');
    expect(log.entries.map((entry) => [entry.level, entry.fields?.['reason']])).toContainEqual([
      'warn',
      'leads outside the folder',
    ]);
    expect((await handler(new Request('app://ntfy-tray/assets/inside.js'))).status).toBe(200);
  });

  it('answers 404 for traversal, unknown hosts and missing files, and 405 for other methods', async () => {
    const { handler } = await appFolder();

    for (const url of [
      'app://ntfy-tray/..%2F..%2F..%2Fsecret.json',
      'app://other/index.html',
      'app://ntfy-tray/assets/missing.js',
    ]) {
      expect([url, (await handler(new Request(url))).status]).toEqual([url, 404]);
    }
    const posted = await handler(new Request('app://ntfy-tray/index.html', { method: 'POST', body: 'x' }));
    expect(posted.status).toBe(405);
  });

  it('answers HEAD with the headers and no body', async () => {
    const { handler } = await appFolder();

    const head = await handler(new Request('app://ntfy-tray/index.html', { method: 'HEAD' }));
    expect([head.status, head.headers.get('content-type'), head.body]).toEqual([200, 'text/html; charset=utf-8', null]);
  });
});

describe('registerAppScheme and serveAppFolder', () => {
  it('register the scheme as standard and secure, and its handler under the same name', () => {
    const calls: unknown[] = [];
    const protocol: ProtocolHandle = {
      registerSchemesAsPrivileged: (schemes) => calls.push(['privileged', schemes]),
      handle: (scheme) => calls.push(['handle', scheme]),
    };
    registerAppScheme(protocol);
    serveAppFolder(protocol, { rootDir: ROOT, realpath, readFile, log: createRecordingLogger() });

    expect(calls).toEqual([
      ['privileged', [{ scheme: 'app', privileges: { standard: true, secure: true, supportFetchAPI: true } }]],
      ['handle', 'app'],
    ]);
    expect(APP_SCHEME_PRIVILEGES.privileges).not.toHaveProperty('bypassCSP');
  });
});
