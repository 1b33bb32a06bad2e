import { describe, expect, it } from 'vitest';
import { oneLineText, withoutBidiControls } from '../../../common/bidi-text.ts';

describe('oneLineText', () => {
  it('removes embeddings, overrides and isolates, and turns line breaks and controls into spaces', () => {
    expect(oneLineText('invoice\u202efdp.exe')).toBe('invoicefdp.exe');
    expect(oneLineText('\u202aa\u202bb\u202cc\u202dd\u2066e\u2067f\u2068g\u2069')).toBe('abcdefg');
    expect(oneLineText('first\r\nsecond\tthird\u001b[2J')).toBe('first second third [2J');
  });

  it('keeps text in any script, emoji and the harmless direction marks', () => {
    expect(oneLineText('שלום world ⚠️ \u200e(1)')).toBe('שלום world ⚠️ \u200e(1)');
  });
});

describe('withoutBidiControls', () => {
  it('keeps line breaks of a body', () => {
    expect(withoutBidiControls('a\n\u202eb')).toBe('a\nb');
  });
});
