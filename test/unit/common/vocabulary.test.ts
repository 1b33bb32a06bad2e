/**
 * docs/vocabulary.md is the one list of words for states and actions (issue 25 §4). This test reads its tables, so
 * that the document and the catalogs cannot drift apart: a text that rewords one place, or a retired word coming
 * back, fails here with the key and the language.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { catalogs } from '../../../common/i18n/catalog.ts';
import type { Message } from '../../../common/i18n/message.ts';

const document = readFileSync(new URL('../../../docs/vocabulary.md', import.meta.url), 'utf8');

/** The body rows of the first Markdown table after `heading` (or from the start), as trimmed cells. */
function tableAfter(heading: string | undefined): string[][] {
  const start = heading === undefined ? 0 : document.indexOf(`\n${heading}\n`);
  if (start === -1) throw new Error(`docs/vocabulary.md has no heading "${heading ?? ''}"`);
  const lines = document.slice(start).split('\n');
  const first = lines.findIndex((line) => line.startsWith('|'));
  const end = lines.findIndex((line, index) => index > first && !line.startsWith('|'));
  return lines
    .slice(first + 2, end === -1 ? undefined : end) // after the header and the |---| line
    .map((line) =>
      line
        .slice(1, -1)
        .split('|')
        .map((cell) => cell.trim()),
    );
}

interface Row {
  readonly state: string;
  readonly words: Readonly<Record<'en' | 'de', string>>;
  readonly keys: readonly string[];
}

const rows: Row[] = tableAfter(undefined).map(([state = '', english = '', german = '', keys = '']) => ({
  state,
  words: { en: english, de: german },
  keys: [...keys.matchAll(/`([^`]+)`/g)].map((match) => match[1] ?? ''),
}));

const retired: string[] = tableAfter('## Words no longer used').map(([word = '']) => word);

function texts(message: Message | undefined): string[] {
  if (message === undefined) return [];
  return typeof message === 'string' ? [message] : Object.values(message);
}

const languages = ['en', 'de'] as const;

describe('docs/vocabulary.md', () => {
  it('has a table of states, each with its words and the keys that use them', () => {
    expect(rows.length).toBeGreaterThanOrEqual(20);
    for (const row of rows) {
      expect({ state: row.state, keys: row.keys.length > 0, en: row.words.en !== '', de: row.words.de !== '' }).toEqual(
        { state: row.state, keys: true, en: true, de: true },
      );
    }
    expect(retired.length).toBeGreaterThanOrEqual(10);
  });

  it.each(languages)('every listed key exists in %s and says the row’s word', (language) => {
    const table = catalogs[language] as Readonly<Record<string, Message | undefined>>;
    const wrong: string[] = [];
    for (const { state, words, keys } of rows) {
      const word = words[language].toLowerCase();
      for (const key of keys) {
        const found = texts(table[key]);
        if (found.length === 0) wrong.push(`${key} (${state}): missing`);
        for (const text of found) {
          if (!text.toLowerCase().includes(word)) wrong.push(`${key} (${state}): "${text}" does not say "${word}"`);
        }
      }
    }
    expect(wrong).toEqual([]);
  });

  it.each(languages)('no %s text uses a retired word', (language) => {
    const table = catalogs[language] as Readonly<Record<string, Message>>;
    const found: string[] = [];
    for (const [key, message] of Object.entries(table)) {
      for (const text of texts(message)) {
        for (const word of retired) if (text.toLowerCase().includes(word.toLowerCase())) found.push(`${key}: ${word}`);
      }
    }
    expect(found).toEqual([]);
  });
});
