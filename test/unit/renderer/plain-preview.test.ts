import { describe, expect, it } from 'vitest';
import {
  highlightMatches,
  isMarkdown,
  markdownToPlainText,
  previewText,
} from '../../../renderer/history/plain-preview.ts';

describe('markdownToPlainText', () => {
  it('drops emphasis and heading markers', () => {
    expect(markdownToPlainText('# Backup done\n\n**All** _good_ ~~bad~~')).toBe('Backup done\nAll good bad');
  });

  it('shows links as their text and images as their alt text', () => {
    expect(markdownToPlainText('See [the log](https://example.com/log) and ![a chart](https://x.example/c.png)')).toBe(
      'See the log and a chart',
    );
  });

  it('keeps code as its text, without backticks or fences', () => {
    expect(markdownToPlainText('Run `df -h`\n\n```\nexit 1\n```')).toBe('Run df -h\nexit 1');
  });

  it('lists items one per line without bullets', () => {
    expect(markdownToPlainText('- disk\n- *cpu*\n\n1. first')).toBe('disk\ncpu\nfirst');
  });

  it('keeps raw HTML as the text it is (the row shows text, never markup)', () => {
    expect(markdownToPlainText('<b>hi</b> there')).toBe('<b>hi</b> there');
  });

  it('keeps escaped markup characters as the characters', () => {
    expect(markdownToPlainText('2 \\* 3 & 4 < 5')).toBe('2 * 3 & 4 < 5');
  });

  it('reads table cells as text', () => {
    expect(markdownToPlainText('| host | **load** |\n| --- | --- |\n| a | 1 |')).toBe('host load\na 1');
  });
});

describe('previewText', () => {
  it('strips markup only from markdown messages', () => {
    expect(previewText({ message: '**up**', contentType: 'text/markdown; charset=utf-8' })).toBe('up');
    expect(previewText({ message: '**up**' })).toBe('**up**');
    expect(isMarkdown({ contentType: 'Text/Markdown' })).toBe(true);
    expect(isMarkdown({ contentType: 'text/plain' })).toBe(false);
  });
});

describe('highlightMatches', () => {
  it('highlights the matched words inside the plain text', () => {
    const segments = [
      { text: '**', match: false },
      { text: 'Disk', match: true },
      { text: '** full on disk', match: false },
    ];
    expect(highlightMatches('Disk full on disk two', segments)).toEqual([
      { text: 'Disk', match: true },
      { text: ' full on ', match: false },
      { text: 'disk', match: true },
      { text: ' two', match: false },
    ]);
  });

  it('is the whole text unmarked when nothing matched', () => {
    expect(highlightMatches('plain', [{ text: 'plain', match: false }])).toEqual([{ text: 'plain', match: false }]);
  });
});
