/**
 * The electron-updater adapter: gathers the facts about this install, lets core/updates decide whether it installs
 * updates itself or only tells of them, and hands electron-updater's AppUpdater to the checks. Loaded only in a
 * packaged app (electron-updater reads app-update.yml from the resources folder, which `npm start` has not).
 */
import { execFile } from 'node:child_process';
import { access, readFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import type { DesktopNotices } from '../core/notices/desktop-notices.ts';
import type { Clock, Logger } from '../core/ports.ts';
import { RELEASE_REPOSITORY } from '../core/updates/release-repository.ts';
import { startUpdateChecks, type UpdateChecks } from '../core/updates/update-checks.ts';
import { installKind, type MacSignature, macSignatureFromCodesign, updateMode } from '../core/updates/update-policy.ts';

const run = promisify(execFile);

export interface UpdatesOptions {
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
  const { log, platform } = options;
  const kind = installKind({
    platform,
    isPackaged: options.isPackaged,
    appImagePath: options.env['APPIMAGE'],
    linuxPackageType:
      options.isPackaged && platform === 'linux' ? await readPackageType(options.resourcesPath) : undefined,
    macSignature:
      options.isPackaged && platform === 'darwin' ? await readMacSignature(options.execPath, log) : undefined,
  });
  const mode = updateMode(kind);
  log.log('info', 'updates', { install: kind, mode });
  if (mode === 'off') return undefined;
  try {
    // electron-builder writes it into every build it makes from `publish`, a --dir folder too (then 'notify': the
    // folder cannot replace itself); a copy without it (a test's extracted app) checks nothing.
    await access(path.join(options.resourcesPath, 'app-update.yml'));
  } catch {
    log.log('info', 'no app-update.yml in the resources folder: not checking for updates');
    return undefined;
  }
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
    repository: RELEASE_REPOSITORY,
    clock: options.clock,
    log,
    onUpdate: (update) => {
      options.notices.setUpdateAvailable(update);
    },
  });
}
