/**
 * Where the CLI's commands find the app's data: the data folder (the app's own by default), the history read-only,
 * the subscriptions without writing, and for login and logout the settings and keychain, refused while the app
 * holds the folder or when a newer version wrote the settings.
 */
import { existsSync } from 'node:fs';
import { t } from '../common/i18n/translate.ts';
import { type CliHost, type Run, stdoutWriter, terminalPrompt } from './cli-host.ts';
import { checkCredentials } from './core/cli/credential-check.ts';
import { configuredDefaultServer } from './core/cli/default-server.ts';
import type { NamedSubscription } from './core/cli/history-command.ts';
import type { AccountIo } from './core/cli/login-command.ts';
import type { OutputSink } from './core/cli/output-sink.ts';
import { demoteToDebug } from './core/cli/quiet-log.ts';
import { defaultDataDir } from './core/store/data-dir.ts';
import { readDataDirHolder } from './core/store/data-dir-lock.ts';
import { SqliteHistoryStore } from './core/store/history/index.ts';
import { createKeytarSecretStore } from './core/store/secrets/keytar-secret-store.ts';
import { openConfSettingsStore, settingsFilePath } from './core/store/settings/conf-settings-store.ts';
import { newerSettingsRefusal } from './core/store/settings/load-settings.ts';
import { usableSettings } from './core/store/settings/parse.ts';
import { readSettingsFile } from './core/store/settings/settings-file.ts';

export function dataDirOf(host: CliHost, dataDir: string | undefined): string {
  // The app's folder too (main/core/store/data-dir.ts): history shows what the app received.
  return dataDir ?? defaultDataDir({ env: host.env, platform: host.platform, homeDir: host.homeDir });
}

export function accountIo(run: Run, sink: OutputSink): AccountIo {
  const { host, log, writeStderr } = run;
  return {
    stdout: stdoutWriter(run, sink),
    stderr: writeStderr,
    env: host.env,
    prompt: terminalPrompt(run),
    openStores: (dataDir) => {
      const dir = dataDirOf(host, dataDir);
      // The running app holds the settings in memory and writes them whole: a change made here would be lost.
      if (readDataDirHolder(dir)?.kind === 'app') {
        return Promise.reject(new Error(t('cli.run.app-holds-settings', { dir })));
      }
      // login and logout write the settings, which a newer version's file refuses (the store would say so only at
      // the end): refused here, before anyone is asked for a password or anything goes into the keychain.
      const path = settingsFilePath(dir);
      const contents = readSettingsFile(path);
      const newer = contents.exists && !contents.parsed.ok ? contents.parsed.newer : undefined;
      if (newer !== undefined) return Promise.reject(new Error(newerSettingsRefusal(path, newer.version)));
      return Promise.resolve({
        settings: openConfSettingsStore({ dir, log: log.child('settings') }),
        // login and logout print a keychain failure themselves, as one line.
        secrets: createKeytarSecretStore({ log: demoteToDebug(log.child('keychain')) }),
      });
    },
    checkCredentials,
    defaultServerOf: (dataDir) => configuredDefaultServer(dataDirOf(host, dataDir)),
    addSecret: (secret) => run.knownSecrets.add(secret),
  };
}

/** The history of a data dir that exists; a missing folder is a typo, never a reason to create an empty one. */
export function openHistory(
  host: CliHost,
  dataDir: string | undefined,
  options: { readonly readOnly: true },
): Promise<SqliteHistoryStore> {
  const dir = dataDirOf(host, dataDir);
  if (!existsSync(dir)) return Promise.reject(new Error(t('cli.run.no-data', { dir })));
  return SqliteHistoryStore.open({ dataDir: dir, ...options });
}

/**
 * The app's subscriptions in a data dir, read without writing (history only reads; a newer version's file gives
 * the subscriptions this version can read); none when unreadable.
 */
export function readSubscriptions(host: CliHost, dataDir: string | undefined): readonly NamedSubscription[] {
  const contents = readSettingsFile(settingsFilePath(dataDirOf(host, dataDir)));
  return (contents.exists ? usableSettings(contents.parsed)?.subscriptions : undefined) ?? [];
}
