/**
 * A broken rule as every layer reports it: a stable `code` that code matches on (never the text, which is
 * translated and may be reworded), and the `message` shown to people, in the active language (common/i18n) at the
 * moment the error is made. So rules export functions that make their error, never constants holding its text.
 */
export interface RuleError<Code extends string = string> {
  readonly code: Code;
  readonly message: string;
}
