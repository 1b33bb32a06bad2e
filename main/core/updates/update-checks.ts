/**
 * Asks for a new version at start and every UPDATE_CHECK_INTERVAL_MS, through an UpdaterPort (electron-updater's
 * AppUpdater in the app: main/desktop/updates.ts). In `install` mode electron-updater downloads the update and
 * installs it when the app quits; in `notify` mode nothing is downloaded and the app only says which version is
 * out, with a link to its release page.
 */
import type { Clock, Logger, TimerHandle } from '../ports.ts';
import type { ReleaseRepository } from './release-repository.ts';
import { releasePageUrl, UPDATE_CHECK_INTERVAL_MS, type UpdateMode } from './update-policy.ts';

/** The part of electron-updater's AppUpdater this uses (its events and check, typed as it documents them). */
interface UpdaterPort {
  autoDownload: boolean;
  autoInstallOnAppQuit: boolean;
  /** Resolves null when the updater is inactive (not packaged); rejects when the feed cannot be read. */
  checkForUpdates(): Promise<{
    readonly isUpdateAvailable: boolean;
    readonly updateInfo: { readonly version: string };
  } | null>;
  on(event: 'update-downloaded', listener: (info: { readonly version: string }) => void): unknown;
  on(event: 'error', listener: (error: Error) => void): unknown;
}

export interface AvailableUpdate {
  readonly version: string;
  /** Where the user downloads it (notify mode) or reads about it (install mode). */
  readonly releaseUrl: string;
  /** install: downloaded, installed when the app quits; notify: the user installs it. */
  readonly installsOnQuit: boolean;
}

interface UpdateChecksOptions {
  readonly updater: UpdaterPort;
  readonly mode: Exclude<UpdateMode, 'off'>;
  readonly repository: ReleaseRepository;
  /** The user's "check for updates" setting, asked before each check: while false, the check is skipped. */
  readonly enabled: () => boolean;
  readonly clock: Clock;
  readonly log: Logger;
  /** A newer version is out (notify) or downloaded and waiting for the quit (install). */
  readonly onUpdate: (update: AvailableUpdate) => void;
}

export interface UpdateChecks {
  /** Resolves when the check in flight (if any) has finished; tests wait for this, never for time. */
  idle(): Promise<void>;
  stop(): void;
}

export function startUpdateChecks(options: UpdateChecksOptions): UpdateChecks {
  const { updater, mode, repository, enabled, clock, log, onUpdate } = options;
  updater.autoDownload = mode === 'install';
  updater.autoInstallOnAppQuit = mode === 'install';
  let timer: TimerHandle | undefined;
  let inFlight: Promise<void> = Promise.resolve();
  let stopped = false;
  updater.on('error', (error) => {
    // electron-updater emits its failures here as well as rejecting: the rejection below is the one that is logged.
    log.log('info', 'updater reported an error', { error: error.message });
  });
  updater.on('update-downloaded', (info) => {
    log.log('info', 'update downloaded; it is installed when the app quits', { version: info.version });
    onUpdate({ version: info.version, releaseUrl: releasePageUrl(repository, info.version), installsOnQuit: true });
  });
  const check = async (): Promise<void> => {
    if (!enabled()) {
      log.log('debug', 'update checks are turned off in the settings');
      return;
    }
    try {
      const result = await updater.checkForUpdates();
      if (result === null || !result.isUpdateAvailable) return;
      const { version } = result.updateInfo;
      log.log('info', mode === 'install' ? 'downloading an update' : 'a new version is out', { version });
      if (mode === 'notify')
        onUpdate({ version, releaseUrl: releasePageUrl(repository, version), installsOnQuit: false });
    } catch (error) {
      // Offline, GitHub down, no release yet: the next check tries again.
      log.log('warn', 'could not check for updates', { error: error instanceof Error ? error.message : String(error) });
    }
  };
  const schedule = (): void => {
    if (stopped) return;
    inFlight = check();
    timer = clock.setTimeout(schedule, UPDATE_CHECK_INTERVAL_MS);
  };
  schedule();
  return {
    idle: () => inFlight,
    stop() {
      stopped = true;
      if (timer !== undefined) clock.clearTimeout(timer);
    },
  };
}
