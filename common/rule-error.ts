/**
 * A broken rule as every layer reports it: a stable `code` that code matches on (never the English text, which may
 * be reworded), and the `message` shown to people, written once with the rule.
 */
export interface RuleError<Code extends string = string> {
  readonly code: Code;
  readonly message: string;
}
