/**
 * `t(key, params)`: the catalog's text for the active language. One language is active per process (a window, the
 * Electron main process, one CLI run), chosen once at start by its composition root with `setLocale` from the OS
 * locale (`app.getPreferredSystemLanguages()`, `navigator.languages`, `LANG`). A module-level choice and not an
 * injected object because nearly every file that shows text would otherwise pass it along, and it never changes
 * while the process runs. Until `setLocale` is called, English in en-US is used.
 */
import { catalogs, en, type English, type MessageKey } from './catalog.ts';
import type { Message, ParamNames, ParamValue, Translation } from './message.ts';
import { pseudoLocalize } from './pseudo.ts';

export type { MessageKey } from './catalog.ts';

/** The language whose text is shown: English, German, or pseudo-localized English (`en-XA`). */
type Language = 'en' | 'de' | 'pseudo';

const PSEUDO_LOCALE = 'en-XA';

interface Active {
  readonly language: Language;
  /** The BCP 47 locale used for Intl: the user's, even when its language has no catalog ("fr-FR" → English text, French dates). */
  readonly locale: string;
  readonly table: Translation<English>;
  readonly plurals: Intl.PluralRules;
  readonly numbers: Intl.NumberFormat;
}

let pseudoTable: Translation<English> | undefined;

function tableFor(language: Language): Translation<English> {
  if (language !== 'pseudo') return catalogs[language];
  pseudoTable ??= pseudoLocalize(en);
  return pseudoTable;
}

/** The best language for the user's preferred locales, first match wins; English when none is shipped. */
export function pickLanguage(locales: readonly string[]): { language: Language; locale: string } {
  for (const raw of locales) {
    const locale = canonicalLocale(raw);
    if (locale === undefined) continue;
    if (locale.toLowerCase() === PSEUDO_LOCALE.toLowerCase()) return { language: 'pseudo', locale: 'en' };
    const language = locale.split('-')[0]?.toLowerCase();
    if (language === 'de') return { language: 'de', locale };
    if (language === 'en') return { language: 'en', locale };
  }
  const first = locales.map(canonicalLocale).find((locale) => locale !== undefined);
  return { language: 'en', locale: first ?? 'en' };
}

function canonicalLocale(raw: string): string | undefined {
  try {
    return Intl.getCanonicalLocales(raw)[0];
  } catch {
    // Not a BCP 47 tag (a POSIX name that was not converted, an empty string): skip it, as the OS would.
    return undefined;
  }
}

function activate(language: Language, locale: string): Active {
  return {
    language,
    locale,
    table: tableFor(language),
    plurals: new Intl.PluralRules(language === 'pseudo' ? 'en' : locale),
    numbers: new Intl.NumberFormat(locale),
  };
}

// English in en-US until the composition root chooses: the same on every machine, whatever its LANG.
let active: Active = activate('en', 'en-US');

/** Chooses the language and the Intl locale for this process from the user's preferred locales, best first. */
export function setLocale(locales: readonly string[]): void {
  const picked = pickLanguage(locales);
  active = activate(picked.language, picked.locale);
}

/** The locale for Intl formatting of times, dates, numbers and lists. */
export function activeLocale(): string {
  return active.locale;
}

export function activeLanguage(): Language {
  return active.language;
}

type ParamArgs<K extends MessageKey> = [ParamNames<English[K]>] extends [never]
  ? []
  : [params: Readonly<Record<ParamNames<English[K]>, ParamValue>>];

/** The text for `key` in the active language, placeholders filled; numbers are formatted for the locale. */
export function t<K extends MessageKey>(key: K, ...args: ParamArgs<K>): string {
  const params: Readonly<Record<string, ParamValue>> = args[0] ?? {};
  return fill(chooseForm(active.table[key], params), params);
}

function chooseForm(message: Message, params: Readonly<Record<string, ParamValue>>): string {
  if (typeof message === 'string') return message;
  const count = params['count'];
  const category = typeof count === 'number' ? active.plurals.select(count) : 'other';
  return message[category] ?? message.other;
}

function fill(text: string, params: Readonly<Record<string, ParamValue>>): string {
  return text.replace(/\{([a-zA-Z]+)\}/g, (whole, name: string) => {
    const value = params[name];
    if (value === undefined) return whole;
    return typeof value === 'number' ? active.numbers.format(value) : value;
  });
}

/** A list as the language joins it: "Backups, Alerts and Disk" / "Backups, Alerts und Disk". */
export function formatList(items: readonly string[], type: 'conjunction' | 'disjunction' = 'conjunction'): string {
  return new Intl.ListFormat(active.language === 'pseudo' ? 'en' : active.locale, { style: 'long', type }).format(
    items,
  );
}

/** A number in the locale's digits and grouping: 12345 → "12,345" / "12.345". */
export function formatNumber(value: number, options?: Intl.NumberFormatOptions): string {
  return options === undefined
    ? active.numbers.format(value)
    : new Intl.NumberFormat(active.locale, options).format(value);
}
