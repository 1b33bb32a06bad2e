/**
 * From what a user typed to an FTS5 query. Pure functions: no database here.
 *
 * Nothing the user types is FTS5 syntax: every word becomes a quoted phrase ("" escapes a quote inside), so
 * `AND`, `NEAR(`, `col:`, `*`, `^` or an unbalanced quote are just text and can never make the query fail.
 * See https://sqlite.org/fts5.html#full_text_query_syntax.
 */

/** A cap on the work one search can ask for; a longer input is cut, not refused. */
export const MAX_SEARCH_WORDS = 16;
const MAX_WORD_LENGTH = 100;
/**
 * A shorter last word is matched whole: a one- or two-letter prefix expands to a large part of the vocabulary
 * (slow, and no help in finding anything).
 */
const MIN_PREFIX_LENGTH = 3;

/**
 * Runs of the characters the unicode61 tokenizer keeps in tokens (its default categories L*, N*, Co); everything
 * else separates tokens. https://sqlite.org/fts5.html#unicode61_tokenizer
 */
export const TOKEN = /[\p{L}\p{N}\p{Co}]+/gu;

export interface SearchWords {
  /** The words as typed (cut to the caps), each with at least one token character. */
  readonly words: readonly string[];
  /** Whether the last token of the last word matches as a prefix. */
  readonly prefixLast: boolean;
}

/** Undefined when nothing searchable was typed — the caller returns no results. */
export function parseSearchText(
  text: string,
  options: { readonly prefixLast?: boolean } = {},
): SearchWords | undefined {
  const words = text
    // FTS5 reads its query as a C string: a NUL would end it inside a quoted phrase ("unterminated string").
    .replaceAll('\u0000', ' ')
    .split(/\s+/u)
    // A word without token characters would be an empty phrase, which matches nothing: the whole AND would fail.
    .filter((word) => tokensOf(word).length > 0)
    .slice(0, MAX_SEARCH_WORDS)
    .map((word) => word.slice(0, MAX_WORD_LENGTH));
  const last = words.at(-1);
  if (last === undefined) return undefined;
  const lastToken = tokensOf(last).at(-1) ?? '';
  return { words, prefixLast: (options.prefixLast ?? true) && Array.from(lastToken).length >= MIN_PREFIX_LENGTH };
}

export function tokensOf(text: string): string[] {
  return text.match(TOKEN) ?? [];
}

/** `disk full` → `"disk" "full"*`: all words must match, the last one also as a prefix (search as you type). */
export function toFtsQuery(search: SearchWords): string {
  return search.words
    .map((word, index) => {
      const phrase = `"${word.replaceAll('"', '""')}"`;
      return search.prefixLast && index === search.words.length - 1 ? `${phrase}*` : phrase;
    })
    .join(' ');
}
