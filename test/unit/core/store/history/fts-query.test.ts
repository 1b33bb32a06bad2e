import { describe, expect, it } from 'vitest';
import { MAX_SEARCH_WORDS, parseSearchText, toFtsQuery } from '../../../../../main/core/store/history/fts-query.ts';

function query(text: string, options: { readonly prefixLast?: boolean } = {}): string | undefined {
  const search = parseSearchText(text, options);
  return search === undefined ? undefined : toFtsQuery(search);
}

describe('toFtsQuery', () => {
  it('quotes every word as a phrase, all required, the last one also as a prefix', () => {
    expect(query('disk full')).toBe('"disk" "full"*');
    expect(query('  disk \t full\n')).toBe('"disk" "full"*');
    expect(query('disk full', { prefixLast: false })).toBe('"disk" "full"');
  });

  it('matches a last token shorter than three characters whole (a short prefix matches half the vocabulary)', () => {
    expect(query('disk fu')).toBe('"disk" "fu"');
    expect(query('ünï')).toBe('"ünï"*');
    expect(query('disk-fu')).toBe('"disk-fu"');
    expect(query('disk-ful')).toBe('"disk-ful"*');
  });

  it('turns FTS5 syntax into plain text: operators, column filters, quotes, stars, carets, NUL', () => {
    expect(query('a OR b')).toBe('"a" "OR" "b"');
    expect(query('title:x NEAR(a b)')).toBe('"title:x" "NEAR(a" "b)"');
    expect(query('say "hi')).toBe('"say" """hi"');
    expect(query('^start* -not')).toBe('"^start*" "-not"*');
    expect(query('a\u0000b')).toBe('"a" "b"');
  });

  it('drops words without a letter or digit, and gives nothing for a search with no words', () => {
    expect(query('')).toBeUndefined();
    expect(query('   ')).toBeUndefined();
    expect(query('!!! ??? "" *')).toBeUndefined();
    expect(query('disk !!!')).toBe('"disk"*');
  });

  it('caps the number of words and their length', () => {
    expect(query(Array.from({ length: 40 }, (_, i) => `w${i}`).join(' '))?.split(' ')).toHaveLength(MAX_SEARCH_WORDS);
    expect(query('x'.repeat(1000))).toBe(`"${'x'.repeat(100)}"*`);
  });
});
