/**
 * The shape of a catalog entry. A message is English (or German) text with `{name}` placeholders; one that depends
 * on a count is a set of plural forms chosen by `Intl.PluralRules` for the active locale, with `{count}` available
 * in each form. No ICU MessageFormat: placeholders and plurals are all the app needs, and both fit in a few lines.
 */

/** The CLDR plural categories; every language needs `other`, English and German also `one`. */
export type PluralForms = { readonly other: string } & Partial<
  Readonly<Record<Exclude<Intl.LDMLPluralRule, 'other'>, string>>
>;

export type Message = string | PluralForms;

export type MessageTable = Readonly<Record<string, Message>>;

/** Placeholder names in a template literal type: `"{count} new in {topic}"` → `"count" | "topic"`. */
type Placeholders<S extends string> = S extends `${string}{${infer Name}}${infer Rest}`
  ? Name | Placeholders<Rest>
  : never;

/** The parameters a message takes; a plural message always takes `count`. */
export type ParamNames<M> = M extends string
  ? Placeholders<M>
  : M extends PluralForms
    ? 'count' | Placeholders<M[keyof M] & string>
    : never;

export type ParamValue = string | number;

/**
 * Another language's table for the same keys: every key present (TypeScript refuses a missing one, and
 * test/unit/common/i18n-catalog.test.ts checks keys and placeholders at run time too), plural forms as that
 * language needs them.
 */
export type Translation<T extends MessageTable> = {
  readonly [K in keyof T]: T[K] extends string ? string : PluralForms;
};
