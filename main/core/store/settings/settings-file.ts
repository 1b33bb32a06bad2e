/**
 * Reading the settings file before an adapter opens it, and moving an unusable one aside. Both happen before conf
 * touches the file, so its own handling of a bad file (throw, or clear it silently with
 * `clearInvalidConfig`) never comes into play.
 */
import { existsSync, readFileSync, renameSync } from 'node:fs';
import type { MigrateOptions } from './migrations.ts';
import { type ParsedSettings, parseSettingsText, type SettingsProblemKind } from './parse.ts';
import { errorMessage } from '../../../../common/error-message.ts';
import { type MessageKey, t } from '../../../../common/i18n/translate.ts';

/** One whole sentence per operation: the verb's place and form differ between languages. */
const MESSAGE_KEYS = {
  read: 'system.settings.read-failed',
  write: 'system.settings.write-failed',
  'move aside': 'system.settings.move-aside-failed',
} as const satisfies Record<SettingsFileError['operation'], MessageKey>;

/** An I/O failure on the settings file (not a problem with its content, which load-settings.ts handles). */
export class SettingsFileError extends Error {
  override readonly name = 'SettingsFileError';
  readonly path: string;
  readonly operation: 'read' | 'write' | 'move aside';

  constructor(options: { path: string; operation: SettingsFileError['operation']; cause: unknown }) {
    const words = { path: options.path, reason: errorMessage(options.cause) };
    super(t(MESSAGE_KEYS[options.operation], words), { cause: options.cause });
    this.path = options.path;
    this.operation = options.operation;
  }
}

type SettingsFileContents = { readonly exists: false } | { readonly exists: true; readonly parsed: ParsedSettings };

export function readSettingsFile(path: string, options: MigrateOptions = {}): SettingsFileContents {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { exists: false };
    throw new SettingsFileError({ path, operation: 'read', cause: error });
  }
  return { exists: true, parsed: parseSettingsText(text, options) };
}

/** `2024-05-01T12:30:00.000Z` → `2024-05-01T12-30-00-000Z` (colons are not allowed in Windows file names). */
function fileTimestamp(ms: number): string {
  return new Date(ms).toISOString().replace(/[:.]/g, '-');
}

/**
 * Renames the file to `<path>.corrupt-<timestamp>` and returns the new path. Never overwrites an earlier backup.
 * Never used on a file from a newer version: that one stays where the newer version looks for it (load-settings.ts).
 */
export function moveSettingsFileAside(path: string, kind: SettingsProblemKind, nowMs: number): string {
  if (kind === 'newer-version') throw new Error(`refused to move aside ${path}: it is from a newer version`);
  const base = `${path}.corrupt-${fileTimestamp(nowMs)}`;
  let backupPath = base;
  for (let attempt = 2; existsSync(backupPath); attempt++) backupPath = `${base}-${attempt}`;
  try {
    renameSync(path, backupPath);
  } catch (error) {
    throw new SettingsFileError({ path, operation: 'move aside', cause: error });
  }
  return backupPath;
}
