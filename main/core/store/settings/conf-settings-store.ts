/**
 * The settings store of the app and the CLI: conf over `config.json` in the shared data folder (README, Data
 * folder); and the read-only reader of the same file, for commands that only read settings (no conf: it creates
 * the folder). All logic is in open-settings-store.ts and load-settings.ts.
 */
import { join } from 'node:path';
import Conf from 'conf';
import type { Logger } from '../../ports.ts';
import { openSettingsStore, readSettingsOnly, type SettingsFile } from './open-settings-store.ts';
import type { Settings } from './schema.ts';
import type { SettingsReader, SettingsStore } from './settings-store.ts';

/** `config.json`: the file name in the data folder. */
const SETTINGS_FILE_NAME = 'config';

/**
 * The options conf gets. No `schema`, `defaults` or `migrations`: validation and migrations
 * are ours (validate.ts, migrations.ts) and run before the file is opened.
 */
const SETTINGS_FILE_OPTIONS = {
  fileExtension: 'json',
  // Never wipe a file silently; an unusable file has already been moved aside by the time conf opens it.
  clearInvalidConfig: false,
  // Keys are never paths: `store` is only ever replaced whole.
  accessPropertiesByDotNotation: false,
  // No secrets here, but topic names on public servers work like passwords: readable by the user only.
  configFileMode: 0o600,
} as const;

export function settingsFilePath(dir: string): string {
  return join(dir, `${SETTINGS_FILE_NAME}.${SETTINGS_FILE_OPTIONS.fileExtension}`);
}

/** What the store needs of a conf instance. */
interface ConfLikeFile {
  readonly path: string;
  store: Record<string, unknown>;
}

function settingsFileFrom(file: ConfLikeFile): SettingsFile {
  return {
    path: file.path,
    write(settings: Settings) {
      file.store = { ...settings };
    },
  };
}

interface ConfSettingsStoreOptions {
  /** The folder that holds `config.json` (created when missing). */
  readonly dir: string;
  readonly log: Logger;
  readonly now?: () => number;
}

export function openConfSettingsStore(options: ConfSettingsStoreOptions): SettingsStore {
  return openSettingsStore({
    path: settingsFilePath(options.dir),
    openFile: () =>
      settingsFileFrom(new Conf({ ...SETTINGS_FILE_OPTIONS, cwd: options.dir, configName: SETTINGS_FILE_NAME })),
    log: options.log,
    ...(options.now === undefined ? {} : { now: options.now }),
  });
}

/** `config.json` in `dir` for a command that only reads settings: nothing is created, written or moved aside. */
export function readConfSettings(options: { readonly dir: string; readonly log: Logger }): SettingsReader {
  return readSettingsOnly({ path: settingsFilePath(options.dir), log: options.log });
}
