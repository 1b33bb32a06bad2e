import { describe, expect, it } from 'vitest';
import { parseSearchText } from '../../../../../main/core/store/history/fts-query.ts';
import { createHighlighter, foldToken } from '../../../../../main/core/store/history/highlight.ts';

function highlight(search: string, text: string | undefined): { text: string; match: boolean }[] {
  const words = parseSearchText(search);
  if (words === undefined) throw new Error('no words');
  return createHighlighter(words)(text);
}

describe('createHighlighter', () => {
  it('splits text into plain and matching runs, whole words only', () => {
    expect(highlight('disk full', 'The disk is full, diskette not')).toEqual([
      { text: 'The ', match: false },
      { text: 'disk', match: true },
      { text: ' is ', match: false },
      { text: 'full', match: true },
      { text: ', diskette not', match: false },
    ]);
  });

  it('marks words starting with the last search word (search as you type), ignoring case and accents', () => {
    expect(highlight('ueb uberw', 'Café Überweisung')).toEqual([
      { text: 'Café ', match: false },
      { text: 'Überweisung', match: true },
    ]);
    expect(highlight('cafe', 'CAFÉ')).toEqual([{ text: 'CAFÉ', match: true }]);
  });

  it('marks each token of a word with punctuation, not the punctuation', () => {
    expect(highlight('disk-full', 'disk-full!')).toEqual([
      { text: 'disk', match: true },
      { text: '-', match: false },
      { text: 'full', match: true },
      { text: '!', match: false },
    ]);
  });

  it('keeps markup from the message as plain text, and the text whole', () => {
    const text = '<img src=x onerror=alert(1)> disk <b>full</b>';
    const segments = highlight('disk', text);
    expect(segments).toEqual([
      { text: '<img src=x onerror=alert(1)> ', match: false },
      { text: 'disk', match: true },
      { text: ' <b>full</b>', match: false },
    ]);
    expect(segments.map((segment) => segment.text).join('')).toBe(text);
  });

  it('has no segments for no text, one plain segment for text without a match', () => {
    expect(highlight('disk', undefined)).toEqual([]);
    expect(highlight('disk', '')).toEqual([]);
    expect(highlight('disk', 'nothing here')).toEqual([{ text: 'nothing here', match: false }]);
  });
});

describe('foldToken', () => {
  it('folds case and removes diacritics as unicode61 remove_diacritics 2 does', () => {
    expect(foldToken('Überweisung')).toBe('uberweisung');
    expect(foldToken('ÉCOLE')).toBe('ecole');
    expect(foldToken('Łódź')).toBe('łodz');
  });
});
