/**
 * A markdown body as HTML before sanitizing (markdown.ts sanitizes it with DOMPurify, which needs a DOM; this part
 * is pure, so the unit tests run it under Node). Raw HTML inside the markdown is escaped, so it shows as the text it
 * is; an image becomes its alt text.
 *
 * A link whose text reads as another address than its target (`[https://bank.example](https://evil.example)`)
 * gets the real host right beside it, `(goes to evil.example)`, in a span the markdown itself cannot write (its
 * HTML is escaped): what the eye reads as the address is not left alone.
 */
import { Marked, Renderer, type Tokens } from 'marked';
import { t } from '../../common/i18n/translate.ts';
import { disguisedLinkTarget } from './link-target.ts';

/** The class of the real host shown beside a disguised link; markdown.ts keeps it and no other class. */
export const REAL_HOST_CLASS = 'link-real-host';

const escapeHtml = (text: string): string =>
  text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');

const defaultRenderer = new Renderer();

const marked = new Marked({
  gfm: true,
  breaks: true,
  async: false,
  renderer: {
    // Inline or block HTML in a message is text, not markup.
    html: ({ text }) => escapeHtml(text),
    // An image becomes its alt text: the page loads nothing from the message's hosts.
    image: ({ text }) => escapeHtml(text),
    link(token: Tokens.Link) {
      const html = defaultRenderer.link.call(this, token);
      const shown = this.parser.parseInline(token.tokens, this.parser.textRenderer);
      const target = disguisedLinkTarget(shown, token.href);
      if (target === undefined) return html;
      const note = escapeHtml(t('detail.link.real-host', { host: target }));
      return `${html} <span class="${REAL_HOST_CLASS}">${note}</span>`;
    },
  },
});

export function markdownHtml(text: string): string {
  return marked.parse(text) as string;
}
