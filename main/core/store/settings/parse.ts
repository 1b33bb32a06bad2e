/**
 * From the text of a settings file to current, valid settings, or a description of why the file cannot be used:
 * JSON → migrations → validation. Pure; the file handling is in settings-file.ts.
 */
import { isDeepStrictEqual } from 'node:util';
import { formatIssue, isRecord, type SettingsIssue } from './field-reader.ts';
import { migrateSettings, type MigrateOptions, type MigrationProblemKind } from './migrations.ts';
import { SETTINGS_VERSION, type Settings } from './schema.ts';
import { validateSettings, type SettingsValidation } from './validate.ts';

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
  | { readonly ok: false; readonly problem: SettingsProblem; readonly newer?: NewerSettings };

/** A file whose `version` is above the one this build reads (problem kind `newer-version`). */
export interface NewerSettings {
  readonly version: number;
  /** Its fields that this version knows, read as this version's document (unknown keys left out). */
  readonly known: SettingsValidation;
}

/**
 * The settings to use from a parsed file: its own when usable, the known fields of a newer file when those are
 * valid; otherwise undefined (the caller falls back to the defaults and says so). Never anything to write back.
 */
export function usableSettings(parsed: ParsedSettings): Settings | undefined {
  if (parsed.ok) return parsed.settings;
  return parsed.newer?.known.ok === true ? parsed.newer.known.settings : undefined;
}

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
  if (!migrated.ok && migrated.kind === 'newer-version') {
    // A newer version mostly adds keys and values, so what this one knows of the file is often still right: read
    // it as a current document, ignoring what is unknown. Whoever uses it must never write it back (that would drop
    // the newer version's data); open-settings-store.ts keeps to that.
    const known = validateSettings({ ...document, version: SETTINGS_VERSION }, { ignoreUnknownKeys: true });
    return {
      ok: false,
      problem: { kind: migrated.kind, message: migrated.message, issues: [] },
      newer: { version: Number(document['version']), known },
    };
  }
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
