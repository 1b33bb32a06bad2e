/**
 * The installed app as electron-builder makes it: the real Linux dir build (linux-dir-build.ts), its app.asar
 * extracted to a folder of that name beside its app.asar.unpacked (the paths Electron's asar support gives the app),
 * run on the Electron test runtime with app.isPackaged true. Only what electron-builder packed is there — production
 * dependencies, no link to this repository's node_modules — so a runtime dependency left in devDependencies, or a
 * file the `files` patterns miss, fails here. app-update.yml stays out of the copy: with it the app would ask GitHub
 * for releases at start (updates are tested against a local feed, test/integration/core/updates/).
 */
import { cp, lstat, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_TEST_TIMEOUT_MS } from '../../electron-runtime/app-session.ts';
import { subscribeInApp, waitForPageText } from '../../support/app-page.ts';
import { registerAppTestHooks } from '../../support/app-test-hooks.ts';
import { openAsar } from './asar.ts';
import { buildLinuxDir, type LinuxDirBuild } from './linux-dir-build.ts';

const { session, startServer } = registerAppTestHooks();
const projectRoot = path.resolve(import.meta.dirname, '../../..');

let workDir: string;
let build: LinuxDirBuild;

beforeAll(async () => {
  workDir = await mkdtemp(path.join(os.tmpdir(), 'ntfy-tray-packaged-asar-'));
  build = await buildLinuxDir(workDir);
}, 180_000);

afterAll(async () => {
  await rm(workDir, { recursive: true, force: true });
});

/** `<install>/resources/app.asar/` (extracted) and `app.asar.unpacked/` from the build; returns the app folder. */
async function installFromBuild(install: string): Promise<string> {
  const built = path.join(build.unpackedDir, 'resources');
  const resources = path.join(install, 'resources');
  const appDir = path.join(resources, 'app.asar');
  await (await openAsar(path.join(built, 'app.asar'))).extractTo(appDir);
  await cp(path.join(built, 'app.asar.unpacked'), path.join(resources, 'app.asar.unpacked'), { recursive: true });
  return appDir;
}

async function devDependenciesIn(appDir: string): Promise<string[]> {
  const packageJson = JSON.parse(await readFile(path.join(projectRoot, 'package.json'), 'utf8')) as {
    devDependencies: Record<string, string>;
  };
  const packed = new Set<string>();
  for (const entry of await readdir(path.join(appDir, 'node_modules'))) {
    if (!entry.startsWith('@')) packed.add(entry);
    else for (const inner of await readdir(path.join(appDir, 'node_modules', entry))) packed.add(`${entry}/${inner}`);
  }
  return Object.keys(packageJson.devDependencies).filter((name) => packed.has(name));
}

describe('the app from what electron-builder packed', { timeout: APP_TEST_TIMEOUT_MS }, () => {
  it('starts from resources/app.asar with production dependencies only, hooks off, and gets messages', async () => {
    const appDir = await installFromBuild(path.join(await session.dir(), 'ntfy-tray'));
    expect((await lstat(path.join(appDir, 'node_modules'))).isSymbolicLink()).toBe(false);
    expect(await devDependenciesIn(appDir)).toEqual([]);

    const app = await session.launch({ appDir, packaged: true, platform: 'linux', env: { NTFY_TRAY_TEST_HOOKS: '1' } });
    const window = await app.waitForWindow();
    expect(window.url).toBe('app://ntfy-tray/index.html');

    const server = await startServer();
    await subscribeInApp(app, server.url, 'packaged');
    await server.waitForSubscribers(1, { topic: 'packaged' });
    await server.publish('packaged', 'delivered to the packed app');
    await waitForPageText(app, 'delivered to the packed app');

    const records = await app.records();
    expect(records.isPackaged).toBe(true);
    // Linux gets no application menu once packaged (main/desktop/app-menu.ts).
    expect(records.applicationMenu).toBeNull();
    // The tray icon comes from inside the installed app, not from this repository.
    expect(records.trays[0]?.image.startsWith(path.dirname(appDir))).toBe(true);
    expect(app.output()).not.toContain('test hooks are installed');
    expect(records.errors).toEqual([]);
  });
});
