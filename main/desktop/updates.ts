/**
 * The electron-updater adapter: reads the build's release feed from app-update.yml, gathers the facts about this
 * install, lets core/updates decide whether it installs updates itself or only tells of them, and hands
 * electron-updater's AppUpdater to the checks. app-update.yml is in a packaged app's resources folder only when the
 * build was given a release repository (core/updates/release-repository.ts); without it nothing is checked.
 */
import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { parse } from 'yaml';
import type { DesktopNotices } from '../core/notices/desktop-notices.ts';
import type { Clock, Logger } from '../core/ports.ts';
import { startUpdateChecks, type UpdateChecks } from '../core/updates/update-checks.ts';
import {
  feedFromAppUpdateConfig,
  installKind,
  type MacSignature,
  macSignatureFromCodesign,
  type UpdateChecksControl,
  type UpdateFeed,
  updateChecksControl,
  updateMode,
} from '../core/updates/update-policy.ts';

const run = promisify(execFile);

interface UpdateFeedOptions {
  readonly isPackaged: boolean;
  /** process.resourcesPath */
  readonly resourcesPath: string;
  readonly log: Logger;
}

/** The feed electron-builder wrote into app-update.yml; undefined for `npm start` and a build made without one. */
export async function readUpdateFeed(options: UpdateFeedOptions): Promise<UpdateFeed | undefined> {
  if (!options.isPackaged) return undefined;
  let text: string;
  try {
    text = await readFile(path.join(options.resourcesPath, 'app-update.yml'), 'utf8');
  } catch {
    options.log.log('info', 'this build has no release feed (no app-update.yml): not checking for updates');
    return undefined;
  }
  const feed = feedFromAppUpdateConfig(parse(text) as unknown);
  if (feed === undefined) options.log.log('warn', 'app-update.yml names no GitHub release repository: not checking');
  return feed;
}

/** Whether updates are checked at all: the build's release feed and the administrator decide (the window says which). */
export interface UpdateSetup {
  readonly feed: UpdateFeed | undefined;
  readonly control: UpdateChecksControl;
}

/** A feed that cannot be read means no checks, never a failed start. */
export async function readUpdateSetup(
  options: UpdateFeedOptions & { readonly env: NodeJS.ProcessEnv },
): Promise<UpdateSetup> {
  const feed = await readUpdateFeed(options).catch((error: unknown) => {
    options.log.log('warn', 'could not read app-update.yml: not checking for updates', { error: String(error) });
    return undefined;
  });
  return { feed, control: updateChecksControl(feed, options.env) };
}

interface UpdatesOptions {
  readonly feed: UpdateFeed | undefined;
  readonly control: UpdateChecksControl;
  /** The user's setting, asked before each check. */
  readonly enabled: () => boolean;
  readonly isPackaged: boolean;
  readonly platform: NodeJS.Platform;
  readonly env: NodeJS.ProcessEnv;
  /** process.resourcesPath */
  readonly resourcesPath: string;
  /** process.execPath: on macOS <bundle>.app/Contents/MacOS/<name>. */
  readonly execPath: string;
  readonly clock: Clock;
  readonly notices: DesktopNotices;
  readonly log: Logger;
}

async function readPackageType(resourcesPath: string): Promise<string | undefined> {
  try {
    return (await readFile(path.join(resourcesPath, 'package-type'), 'utf8')).trim();
  } catch {
    return undefined; // not a deb or rpm install
  }
}

async function readMacSignature(execPath: string, log: Logger): Promise<MacSignature> {
  const bundle = path.resolve(execPath, '..', '..', '..');
  try {
    const { stderr } = await run('codesign', ['--display', '--verbose=2', bundle]);
    return macSignatureFromCodesign(stderr);
  } catch (error) {
    // codesign exits non-zero for an unsigned bundle; anything else also means "cannot install updates".
    log.log('info', 'could not read the app signature', { error: String(error) });
    return 'unsigned';
  }
}

export async function startUpdates(options: UpdatesOptions): Promise<UpdateChecks | undefined> {
  const { log, platform, feed, control } = options;
  if (feed === undefined || control !== 'user') {
    log.log('info', 'not checking for updates', { decidedBy: control });
    return undefined;
  }
  const kind = installKind({
    platform,
    isPackaged: options.isPackaged,
    appImagePath: options.env['APPIMAGE'],
    linuxPackageType:
      options.isPackaged && platform === 'linux' ? await readPackageType(options.resourcesPath) : undefined,
    macSignature:
      options.isPackaged && platform === 'darwin' ? await readMacSignature(options.execPath, log) : undefined,
    windowsPublisherNamed: feed.publisherNames.length > 0,
  });
  const mode = updateMode(kind);
  log.log('info', 'updates', { install: kind, mode, repository: `${feed.repository.owner}/${feed.repository.repo}` });
  if (mode === 'off') return undefined;
  const { autoUpdater } = (await import('electron-updater')).default;
  autoUpdater.logger = {
    info: (message?: unknown) => {
      log.log('debug', String(message));
    },
    warn: (message?: unknown) => {
      log.log('info', String(message));
    },
    error: (message?: unknown) => {
      log.log('info', String(message));
    },
  };
  return startUpdateChecks({
    updater: autoUpdater,
    mode,
    repository: feed.repository,
    enabled: options.enabled,
    clock: options.clock,
    log,
    onUpdate: (update) => {
      options.notices.setUpdateAvailable(update);
    },
  });
}

/** Starts the checks once `setup` is read (it is read while the window comes up); a failure is logged, never thrown. */
export function startUpdatesOnceSetUp(
  setup: Promise<UpdateSetup>,
  options: Omit<UpdatesOptions, 'feed' | 'control'>,
): void {
  setup
    .then(({ feed, control }) => startUpdates({ ...options, feed, control }))
    .catch((error: unknown) => {
      options.log.log('warn', 'could not start update checks', { error: String(error) });
    });
}
