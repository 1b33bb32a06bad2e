/**
 * Which words of a search hit matched, as plain-text segments for the renderer to style (never markup).
 *
 * FTS5 finds and ranks the hits; the marking is done here, on the text itself, with the tokenizer's rules
 * (fts-query.ts TOKEN; case and diacritics folded as `remove_diacritics 2` does). FTS5's own highlight() would
 * need a second full-text query per search — for a common prefix a third of the search's time. The two can differ
 * in rare Unicode corners (special case foldings); that only changes what is marked, never what is found. Every
 * occurrence of a searched word is marked, also outside the phrase that matched.
 */
import { type SearchWords, TOKEN, tokensOf } from './fts-query.ts';
import type { TextSegment } from './types.ts';

/** Lower case without diacritics: `Überweisung` → `uberweisung`. */
export function foldToken(token: string): string {
  return token.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

type Highlighter = (text: string | undefined) => TextSegment[];

export function createHighlighter(search: SearchWords): Highlighter {
  const tokens = search.words.flatMap(tokensOf).map(foldToken);
  const prefix = search.prefixLast ? tokens.at(-1) : undefined;
  const exact = new Set(tokens);
  const matches = (token: string): boolean => {
    const folded = foldToken(token);
    return exact.has(folded) || (prefix !== undefined && folded.startsWith(prefix));
  };

  return (text) => {
    if (text === undefined || text === '') return [];
    const segments: TextSegment[] = [];
    const push = (part: string, match: boolean): void => {
      if (part === '') return;
      const previous = segments.at(-1);
      if (previous?.match === match) segments[segments.length - 1] = { text: previous.text + part, match };
      else segments.push({ text: part, match });
    };
    let done = 0;
    for (const found of text.matchAll(TOKEN)) {
      if (!matches(found[0])) continue;
      push(text.slice(done, found.index), false);
      push(found[0], true);
      done = found.index + found[0].length;
    }
    push(text.slice(done), false);
    return segments;
  };
}
