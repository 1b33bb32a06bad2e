import { describe, expect, it } from 'vitest';
import { markdownHtml } from '../../../renderer/history/markdown-html.ts';

/** The real-host note as markdown-html.ts writes it. */
const note = (host: string) => `<span class="link-real-host">(goes to ${host})</span>`;

describe('markdownHtml: a link that lies', () => {
  it('shows the real host beside a link whose text is another address', () => {
    const html = markdownHtml('Log in at [https://bank.example/login](https://evil.example/steal) now');
    expect(html).toContain(
      '<a href="https://evil.example/steal">https://bank.example/login</a> ' + note('evil.example'),
    );
  });

  it('reads the text through its formatting and without a scheme', () => {
    expect(markdownHtml('[**bank.example**](https://evil.example/)')).toContain(note('evil.example'));
    expect(markdownHtml('[`www.bank.example`](http://10.0.0.1/x)')).toContain(note('10.0.0.1'));
    expect(markdownHtml('[https://bank.example](https://bank.example.evil.example/)')).toContain(
      note('bank.example.evil.example'),
    );
    expect(markdownHtml('[ops@bank.example](mailto:phish@evil.example)')).toContain(note('phish@evil.example'));
  });

  it('adds nothing to an honest link, a link with words, or an address written as it goes', () => {
    for (const text of [
      '[https://example.com/a](https://example.com/b?c=d)',
      '[the deploy log](https://ci.example/7)',
      'see https://example.com/page',
      '<https://example.com/x>',
    ]) {
      expect(markdownHtml(text), text).not.toContain('link-real-host');
    }
  });

  it('leaves the note to the renderer alone: the message cannot write one itself', () => {
    const html = markdownHtml('<span class="link-real-host">(goes to bank.example)</span>');
    expect(html).not.toContain('<span');
    expect(html).toContain('&lt;span class=&quot;link-real-host&quot;&gt;');
  });
});
