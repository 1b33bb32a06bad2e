/**
 * The update checks with electron-updater's real updaters and GitHub provider against a local feed on 127.0.0.1
 * that answers as GitHub does for a release (releases.atom, the latest-release API, and the release's
 * latest-linux.yml / latest.yml / latest-mac.yml and installer). The updater reads its feed from an app-update.yml
 * like the one electron-builder writes into an installer's resources, pointed at the local host. Nothing leaves
 * the machine; the ManualClock stands in for the six hours between checks.
 */
import { createHash } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import http, { type ClientRequest, type IncomingMessage, type RequestOptions } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { configureRequestOptions, configureRequestUrl, type DownloadOptions, HttpExecutor } from 'builder-util-runtime';
import { type AppUpdater, AppImageUpdater, DebUpdater } from 'electron-updater';
import type { AppAdapter } from 'electron-updater/out/AppAdapter.js';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ReleaseRepository } from '../../../../main/core/updates/release-repository.ts';
import { type AvailableUpdate, startUpdateChecks } from '../../../../main/core/updates/update-checks.ts';
import { UPDATE_CHECK_INTERVAL_MS } from '../../../../main/core/updates/update-policy.ts';
import { createRecordingLogger } from '../../../fakes/logger.ts';
import { readUpdateFeed } from '../../../../main/desktop/updates.ts';
import { ManualClock } from '../../../support/manual-clock.ts';

/** The repository a build was given (NTFY_TRAY_RELEASE_REPOSITORY); its app-update.yml names it. */
const repository: ReleaseRepository = { owner: 'example-owner', repo: 'ntfy-tray' };
const { owner, repo } = repository;
const releases = `/${owner}/${repo}/releases`;
const installer = Buffer.from('stand-in for the ntfy Tray 1.2.0 AppImage\n');
const sha512 = createHash('sha512').update(installer).digest('base64');

/**
 * electron-updater's HTTP client on Node's http only (no proxy variables, no Electron net); `download` as its
 * ElectronHttpExecutor does it.
 */
class LoopbackHttpExecutor extends HttpExecutor<ClientRequest> {
  createRequest(options: RequestOptions, callback: (response: IncomingMessage) => void): ClientRequest {
    return http.request(options, callback);
  }

  download(url: URL, destination: string, options: DownloadOptions): Promise<string> {
    return options.cancellationToken.createPromise<string>((resolve, reject, onCancel) => {
      const requestOptions: RequestOptions = { ...(options.headers ? { headers: options.headers } : {}) };
      configureRequestUrl(url, requestOptions);
      configureRequestOptions(requestOptions);
      this.doDownload(
        requestOptions,
        {
          destination,
          options,
          onCancel,
          // Typed Error | null, but called with undefined on success.
          callback: (error: unknown) => {
            if (error instanceof Error) reject(error);
            else resolve(destination);
          },
          responseHandler: null,
        },
        0,
      );
    });
  }
}

interface Feed {
  readonly url: string;
  readonly requests: string[];
  /** The version the latest release carries. */
  latest: string;
  /** Answers 404 to everything, as a repository without releases does. */
  broken: boolean;
  close(): Promise<void>;
}

function feedFile(version: string): string {
  return [
    `version: ${version}`,
    'files:',
    `  - url: ntfy-Tray-${version}.AppImage`,
    `    sha512: ${sha512}`,
    `    size: ${String(installer.length)}`,
    `path: ntfy-Tray-${version}.AppImage`,
    `sha512: ${sha512}`,
    "releaseDate: '2026-11-01T10:00:00.000Z'",
    '',
  ].join('\n');
}

async function startFeed(): Promise<Feed> {
  const requests: string[] = [];
  const feed = { latest: '1.2.0', broken: false };
  const server = http.createServer((request, response) => {
    const url = request.url ?? '';
    requests.push(url);
    const tag = `v${feed.latest}`;
    const answers: Record<string, () => void> = {
      [`${releases}.atom`]: () => {
        response.setHeader('content-type', 'application/atom+xml');
        response.end(
          `<?xml version="1.0" encoding="UTF-8"?><feed xmlns="http://www.w3.org/2005/Atom"><entry>` +
            `<id>tag:github.com,2008:Repository/1/${tag}</id><title>${tag}</title>` +
            `<link rel="alternate" type="text/html" href="https://github.com${releases}/tag/${tag}"/>` +
            `<content type="html">No content.</content></entry></feed>`,
        );
      },
      [`/api/v3/repos/${owner}/${repo}/releases/latest`]: () => {
        response.setHeader('content-type', 'application/json');
        response.end(JSON.stringify({ tag_name: tag }));
      },
      [`${releases}/download/${tag}/latest-linux.yml`]: () => response.end(feedFile(feed.latest)),
      [`${releases}/download/${tag}/latest.yml`]: () => response.end(feedFile(feed.latest)),
      [`${releases}/download/${tag}/latest-mac.yml`]: () => response.end(feedFile(feed.latest)),
      [`${releases}/download/${tag}/ntfy-Tray-${feed.latest}.AppImage`]: () => response.end(installer),
    };
    const answer = feed.broken ? undefined : answers[url];
    if (answer === undefined) {
      response.statusCode = 404;
      response.end('not found');
    } else answer();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(feed, {
    url: `127.0.0.1:${String(port)}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => {
          resolve();
        });
      }),
  });
}

let workDir: string;
let feed: Feed;
const restoreEnv: (() => void)[] = [];

beforeEach(async () => {
  workDir = await mkdtemp(path.join(os.tmpdir(), 'ntfy-tray-updates-'));
  feed = await startFeed();
});

afterEach(async () => {
  for (const restore of restoreEnv.splice(0)) restore();
  await feed.close();
  await rm(workDir, { recursive: true, force: true });
});

/** An installed app at version 0.1.0 whose resources hold app-update.yml for the GitHub provider on `feed`. */
async function installedApp(): Promise<AppAdapter> {
  const appUpdateConfigPath = path.join(workDir, 'app-update.yml');
  await writeFile(
    appUpdateConfigPath,
    [
      'provider: github',
      `owner: ${owner}`,
      `repo: ${repo}`,
      `host: '${feed.url}'`,
      'protocol: http',
      'updaterCacheDirName: ntfy-tray-updater',
      '',
    ].join('\n'),
  );
  return {
    version: '0.1.0',
    name: 'ntfy Tray',
    isPackaged: true,
    appUpdateConfigPath,
    userDataPath: path.join(workDir, 'user-data'),
    baseCachePath: path.join(workDir, 'cache'),
    whenReady: () => Promise.resolve(),
    relaunch: () => undefined,
    quit: () => undefined,
    onQuit: () => undefined,
  };
}

/** electron-updater's own seams for running outside Electron: its HTTP client, and the platform its feed is for. */
function prepare(updater: AppUpdater, platform: NodeJS.Platform = 'linux'): AppUpdater {
  const internals = updater as unknown as {
    httpExecutor: HttpExecutor<ClientRequest>;
    _testOnlyOptions: { platform: NodeJS.Platform; isUseDifferentialDownload: boolean };
  };
  internals.httpExecutor = new LoopbackHttpExecutor();
  internals._testOnlyOptions = { platform, isUseDifferentialDownload: false };
  updater.logger = null;
  return updater;
}

function downloads(): string[] {
  return feed.requests.filter((url) => url.endsWith('.AppImage'));
}

describe('update checks against a local GitHub-style feed', () => {
  it('notify (deb, rpm, ad-hoc macOS): says which version is out and links its release page, downloading nothing', async () => {
    const updater = prepare(new DebUpdater(null, await installedApp()));
    const updates: AvailableUpdate[] = [];
    const checks = startUpdateChecks({
      updater,
      mode: 'notify',
      repository,
      enabled: () => true,
      clock: new ManualClock(),
      log: createRecordingLogger(),
      onUpdate: (update) => updates.push(update),
    });
    await checks.idle();
    checks.stop();

    expect(updates).toEqual([
      { version: '1.2.0', releaseUrl: `https://github.com${releases}/tag/v1.2.0`, installsOnQuit: false },
    ]);
    expect(feed.requests).toContain(`${releases}/download/v1.2.0/latest-linux.yml`);
    expect(downloads()).toEqual([]);
    expect(updater.autoDownload).toBe(false);
    expect(updater.autoInstallOnAppQuit).toBe(false);
  });

  it.each<[NodeJS.Platform, string]>([
    ['win32', 'latest.yml'],
    ['darwin', 'latest-mac.yml'],
  ])('reads the feed file electron-builder writes for %s (%s)', async (platform, file) => {
    const updater = prepare(new DebUpdater(null, await installedApp()), platform);
    const updates: AvailableUpdate[] = [];
    const checks = startUpdateChecks({
      updater,
      mode: 'notify',
      repository,
      enabled: () => true,
      clock: new ManualClock(),
      log: createRecordingLogger(),
      onUpdate: (update) => updates.push(update),
    });
    await checks.idle();
    checks.stop();

    expect(feed.requests).toContain(`${releases}/download/v1.2.0/${file}`);
    expect(updates.map((update) => update.version)).toEqual(['1.2.0']);
  });

  it('install (AppImage, NSIS, signed macOS): downloads the update, checks its sha512, installs on quit', async () => {
    // The AppImage runtime sets $APPIMAGE to the running image; electron-updater replaces that file on quit.
    const previous = process.env['APPIMAGE'];
    process.env['APPIMAGE'] = path.join(workDir, 'ntfy-Tray-0.1.0.AppImage');
    restoreEnv.push(() => {
      if (previous === undefined) delete process.env['APPIMAGE'];
      else process.env['APPIMAGE'] = previous;
    });
    const updater = prepare(new AppImageUpdater(null, await installedApp()));
    const downloaded = new Promise<AvailableUpdate>((resolve) => {
      startUpdateChecks({
        updater,
        mode: 'install',
        repository,
        enabled: () => true,
        clock: new ManualClock(),
        log: createRecordingLogger(),
        onUpdate: resolve,
      }).stop();
    });

    expect(await downloaded).toEqual({
      version: '1.2.0',
      releaseUrl: `https://github.com${releases}/tag/v1.2.0`,
      installsOnQuit: true,
    });
    expect(downloads()).toEqual([`${releases}/download/v1.2.0/ntfy-Tray-1.2.0.AppImage`]);
    expect(updater.autoInstallOnAppQuit).toBe(true);
  });

  it('says nothing while the installed version is the latest, and checks again after six hours', async () => {
    feed.latest = '0.1.0';
    const clock = new ManualClock();
    const updates: AvailableUpdate[] = [];
    const checks = startUpdateChecks({
      updater: prepare(new DebUpdater(null, await installedApp())),
      mode: 'notify',
      repository,
      enabled: () => true,
      clock,
      log: createRecordingLogger(),
      onUpdate: (update) => updates.push(update),
    });
    await checks.idle();
    expect(updates).toEqual([]);

    feed.latest = '1.3.0';
    clock.advance(UPDATE_CHECK_INTERVAL_MS);
    await checks.idle();
    checks.stop();
    expect(updates.map((update) => update.version)).toEqual(['1.3.0']);
  });

  it('logs a feed it cannot read and tries again at the next check', async () => {
    feed.broken = true;
    const log = createRecordingLogger();
    const clock = new ManualClock();
    const checks = startUpdateChecks({
      updater: prepare(new DebUpdater(null, await installedApp())),
      mode: 'notify',
      repository,
      enabled: () => true,
      clock,
      log,
      onUpdate: () => undefined,
    });
    await checks.idle();
    expect(log.entries.map((entry) => entry.message)).toContain('could not check for updates');
    expect(clock.pendingTimers).toBe(1);
    checks.stop();
  });

  it('reads its repository from the app-update.yml electron-builder writes, and nothing without one', async () => {
    const log = createRecordingLogger();
    await installedApp();
    expect(await readUpdateFeed({ isPackaged: true, resourcesPath: workDir, log })).toEqual({
      repository,
      publisherNames: [],
    });
    expect(await readUpdateFeed({ isPackaged: false, resourcesPath: workDir, log })).toBeUndefined();
    await rm(path.join(workDir, 'app-update.yml'));
    expect(await readUpdateFeed({ isPackaged: true, resourcesPath: workDir, log })).toBeUndefined();
  });

  it('asks the feed nothing while the setting is off, and finds the update at the first check after it is on', async () => {
    const clock = new ManualClock();
    let enabled = false;
    const updates: AvailableUpdate[] = [];
    const checks = startUpdateChecks({
      updater: prepare(new DebUpdater(null, await installedApp())),
      mode: 'notify',
      repository,
      enabled: () => enabled,
      clock,
      log: createRecordingLogger(),
      onUpdate: (update) => updates.push(update),
    });
    await checks.idle();
    clock.advance(UPDATE_CHECK_INTERVAL_MS);
    await checks.idle();
    expect(feed.requests).toEqual([]);
    expect(updates).toEqual([]);

    enabled = true;
    clock.advance(UPDATE_CHECK_INTERVAL_MS);
    await checks.idle();
    checks.stop();
    expect(updates.map((update) => update.version)).toEqual(['1.2.0']);
  });
});
