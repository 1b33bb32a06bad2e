/**
 * The settings port: what the app, the CLI and (through IPC) the UI use to read and change settings. Implemented
 * once in open-settings-store.ts over a small file seam, which conf fills in the app and the CLI alike.
 */
import type { SettingsPatch } from './edits.ts';
import type { SettingsIssue } from './field-reader.ts';
import type { SettingsProblem } from './parse.ts';
import type { Settings } from './schema.ts';

/** What happened when the store was opened, so the UI can tell the user about a reset and where the old file is. */
export type SettingsLoadReport =
  | { readonly kind: 'created' }
  | { readonly kind: 'loaded' }
  | { readonly kind: 'migrated'; readonly fromVersion: number }
  | { readonly kind: 'reset'; readonly problem: SettingsProblem; readonly backupPath: string }
  /** Opened read-only and there is no file: the defaults, in memory; nothing was created. */
  | { readonly kind: 'missing' }
  /** Opened read-only and the file cannot be used: the defaults, in memory; the file stays where it is. */
  | { readonly kind: 'unusable'; readonly problem: SettingsProblem }
  /**
   * The file was written by a newer ntfy-tray and is left exactly as it is: its fields this version knows are in use
   * when they are valid (`issues` empty), else the defaults. A store over it refuses every change.
   */
  | { readonly kind: 'newer'; readonly version: number; readonly issues: readonly SettingsIssue[] };

/** A patch, or a function from the current settings to the new ones (it may be async; updates wait for it). */
export type SettingsChange = SettingsPatch | ((current: Settings) => Settings | Promise<Settings>);

/** An invalid change is a value, not an exception: nothing is written and the issues say why. */
export type SettingsUpdateResult =
  | { readonly ok: true; readonly settings: Settings; readonly changed: boolean }
  | { readonly ok: false; readonly issues: readonly SettingsIssue[] };

export type SettingsListener = (next: Settings, previous: Settings) => void;

/** Settings opened read-only, for commands that only read them: nothing on disk is created or changed. */
export interface SettingsReader {
  /** The settings file, for "show settings file" and for messages. */
  readonly path: string;
  readonly loadReport: SettingsLoadReport;
  /** The current settings, deeply frozen. */
  get(): Settings;
}

export interface SettingsStore extends SettingsReader {
  /**
   * Applies the change to the latest settings, validates, writes, then notifies listeners. Updates run one at a
   * time in call order, each on the result of the previous one, so concurrent updates never lose each other.
   * Rejects (with SettingsFileError) only when the file cannot be written; the settings then stay as they were.
   * Over a file from a newer version (loadReport `newer`) every change is refused as an issue at `version`.
   */
  update(change: SettingsChange): Promise<SettingsUpdateResult>;
  /** Called after each update that changed something; returns the unsubscribe function. */
  onChange(listener: SettingsListener): () => void;
}
