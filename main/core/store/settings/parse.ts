/**
 * From the text of a settings file to current, valid settings, or a description of why the file cannot be used:
 * JSON → migrations → validation. Pure; the file handling is in settings-file.ts.
 */
import { isDeepStrictEqual } from 'node:util';
import { formatIssue, isRecord, type SettingsIssue } from './field-reader.ts';
import { migrateSettings, type MigrateOptions, type MigrationProblemKind } from './migrations.ts';
import type { Settings } from './schema.ts';
import { validateSettings } from './validate.ts';

export type SettingsProblemKind = 'not-json' | 'not-an-object' | MigrationProblemKind | 'invalid';

export interface SettingsProblem {
  readonly kind: SettingsProblemKind;
  /** One line for the log and the UI; never quotes the file's content. */
  readonly message: string;
  readonly issues: readonly SettingsIssue[];
}

export type ParsedSettings =
  | {
      readonly ok: true;
      readonly settings: Settings;
      readonly fromVersion: number;
      /** The file is not exactly what we would write (it was migrated, or its URLs were not normalized). */
      readonly needsWrite: boolean;
    }
  | { readonly ok: false; readonly problem: SettingsProblem };

/** Shown issues per message; a file with many problems gets a count for the rest. */
const ISSUES_SHOWN = 5;

export function describeIssues(issues: readonly SettingsIssue[]): string {
  const shown = issues.slice(0, ISSUES_SHOWN).map(formatIssue).join('; ');
  const more = issues.length - ISSUES_SHOWN;
  return more > 0 ? `${shown}; and ${more} more` : shown;
}

function syntaxMessage(error: unknown): string {
  // JSON.parse quotes the text around the error, which may be something the user never meant to show; keep only
  // where it is.
  const position = error instanceof Error ? /at position \d+(?: \(line \d+ column \d+\))?/.exec(error.message) : null;
  return position === null ? 'not valid JSON' : `not valid JSON (${position[0]})`;
}

function fail(kind: SettingsProblemKind, message: string, issues: readonly SettingsIssue[] = []): ParsedSettings {
  return { ok: false, problem: { kind, message, issues } };
}

export function parseSettingsText(text: string, options: MigrateOptions = {}): ParsedSettings {
  let document: unknown;
  try {
    // Editors may save a byte order mark, which JSON.parse refuses (conf skips it too).
    document = JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch (error) {
    return fail('not-json', syntaxMessage(error));
  }
  if (!isRecord(document)) return fail('not-an-object', 'not a JSON object');

  const migrated = migrateSettings(document, options);
  if (!migrated.ok) return fail(migrated.kind, migrated.message);

  const validation = validateSettings(migrated.document);
  if (!validation.ok) {
    return fail(
      'invalid',
      `${validation.issues.length} invalid setting(s): ${describeIssues(validation.issues)}`,
      validation.issues,
    );
  }
  return {
    ok: true,
    settings: validation.settings,
    fromVersion: migrated.fromVersion,
    needsWrite: !isDeepStrictEqual(document, validation.settings),
  };
}
