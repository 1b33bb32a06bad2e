/**
 * Small readers for untrusted JSON that record every problem with its path (`subscriptions[2].topic`) instead of
 * stopping at the first. A reader that finds a problem records it and returns a placeholder of the right type, so
 * the caller can keep reading and collect all issues; the assembled value is only used when no issue was recorded.
 * Messages never quote the offending value: a settings file can hold things that must not reach a log.
 */
import { t } from '../../../../common/i18n/translate.ts';
import { isSecretKey } from '../secrets/redact.ts';

export interface SettingsIssue {
  /** Where in the document, e.g. `subscriptions[2].topic`; empty for the document itself. */
  readonly path: string;
  readonly message: string;
}

export type JsonRecord = Readonly<Record<string, unknown>>;

export function formatIssue(issue: SettingsIssue): string {
  return `${issue.path === '' ? '(document)' : issue.path}: ${issue.message}`;
}

export function isRecord(value: unknown): value is JsonRecord {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function childPath(path: string, key: string | number): string {
  if (typeof key === 'number') return `${path}[${key}]`;
  return path === '' ? key : `${path}.${key}`;
}

/** Said of a secret-named key; a function so the text is in the language active when the file is read. */
function secretKeyMessage(): string {
  return t('rules.settings.secret');
}

export interface FieldReaderOptions {
  /**
   * Leave keys out of `object`'s list unreported (secret-named ones are still refused). Only for reading a file
   * from a newer version, whose additions this version cannot know; the assembled value never holds them.
   */
  readonly ignoreUnknownKeys?: boolean;
}

export class FieldReader {
  readonly issues: SettingsIssue[] = [];
  readonly #ignoreUnknownKeys: boolean;

  constructor(options: FieldReaderOptions = {}) {
    this.#ignoreUnknownKeys = options.ignoreUnknownKeys ?? false;
  }

  report(path: string, message: string): void {
    this.issues.push({ path, message });
  }

  /** The value as an object holding only `keys`; other keys are reported (secret-named ones as such). */
  object(value: unknown, path: string, keys: readonly string[]): JsonRecord | undefined {
    if (!isRecord(value)) {
      this.report(path, value === undefined ? t('rules.settings.required') : t('rules.settings.object'));
      return undefined;
    }
    for (const key of Object.keys(value)) {
      if (isSecretKey(key)) this.report(childPath(path, key), secretKeyMessage());
      else if (!keys.includes(key) && !this.#ignoreUnknownKeys)
        this.report(childPath(path, key), t('rules.settings.unknown'));
    }
    return value;
  }

  #present(record: JsonRecord, key: string, path: string): unknown {
    const value = record[key];
    if (value === undefined) this.report(childPath(path, key), t('rules.settings.required'));
    return value;
  }

  boolean(record: JsonRecord, key: string, path: string): boolean {
    const value = this.#present(record, key, path);
    if (typeof value === 'boolean') return value;
    if (value !== undefined) this.report(childPath(path, key), t('rules.settings.boolean'));
    return false;
  }

  /** A string that passes `check` (which returns a problem message, or undefined when the string is fine). */
  string(record: JsonRecord, key: string, path: string, check?: (value: string) => string | undefined): string {
    return this.#string(this.#present(record, key, path), childPath(path, key), check) ?? '';
  }

  optionalString(
    record: JsonRecord,
    key: string,
    path: string,
    check?: (value: string) => string | undefined,
  ): string | undefined {
    return this.#string(record[key], childPath(path, key), check);
  }

  #string(value: unknown, path: string, check?: (value: string) => string | undefined): string | undefined {
    if (value === undefined) return undefined;
    if (typeof value !== 'string') {
      this.report(path, t('rules.settings.string'));
      return undefined;
    }
    const problem = check?.(value);
    if (problem !== undefined) this.report(path, problem);
    return value;
  }

  integer(
    record: JsonRecord,
    key: string,
    path: string,
    range: { readonly min: number; readonly max: number },
  ): number {
    const value = this.#present(record, key, path);
    if (typeof value === 'number' && Number.isInteger(value) && value >= range.min && value <= range.max) {
      return value;
    }
    if (value !== undefined) {
      // Bounds as written in the file (no digit grouping): they are what a person types into it.
      const bounds = { min: String(range.min), max: String(range.max) };
      this.report(childPath(path, key), t('rules.settings.whole-number', bounds));
    }
    return range.min;
  }

  oneOf<T extends string>(record: JsonRecord, key: string, path: string, options: readonly T[]): T {
    const value = this.#present(record, key, path);
    const match = options.find((option) => option === value);
    if (match !== undefined) return match;
    // The values as the file spells them, not words: joined with commas, never translated.
    if (value !== undefined)
      this.report(childPath(path, key), t('rules.settings.one-of', { options: options.join(', ') }));
    return options[0] as T;
  }

  array(value: unknown, path: string): readonly unknown[] {
    if (Array.isArray(value)) return value as readonly unknown[];
    this.report(path, value === undefined ? t('rules.settings.required') : t('rules.settings.list'));
    return [];
  }

  /** A list of strings, each passing `check`; undefined when the key is absent. */
  optionalStringList(
    record: JsonRecord,
    key: string,
    path: string,
    check: (value: string) => string | undefined,
  ): string[] | undefined {
    const value = record[key];
    if (value === undefined) return undefined;
    const listPath = childPath(path, key);
    return this.array(value, listPath).map(
      (item, index) => this.#string(item, childPath(listPath, index), check) ?? '',
    );
  }
}
