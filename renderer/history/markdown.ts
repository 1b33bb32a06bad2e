/**
 * Markdown bodies (`content_type: text/markdown`) as sanitized HTML. marked renders; DOMPurify then keeps only a
 * small formatting vocabulary: no images (a remote image would be a request to a host the message chose), no
 * forms, styles, iframes or event attributes, and links only with http(s) or mailto targets. Links are not followed
 * by the page: the view hands them to main's URL allowlist (BridgeApi.openLink).
 *
 * Raw HTML inside the markdown is escaped by marked's renderer below, so it shows as the text it is.
 */
import DOMPurify from 'dompurify';
import { Marked } from 'marked';

const allowedTags = [
  'p',
  'br',
  'hr',
  'strong',
  'em',
  'del',
  'code',
  'pre',
  'blockquote',
  'ul',
  'ol',
  'li',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'a',
  'table',
  'thead',
  'tbody',
  'tr',
  'th',
  'td',
];

const escapeHtml = (text: string): string =>
  text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');

const marked = new Marked({
  gfm: true,
  breaks: true,
  async: false,
  renderer: {
    // Inline or block HTML in a message is text, not markup.
    html: ({ text }) => escapeHtml(text),
    // An image becomes its alt text: the page loads nothing from the message's hosts.
    image: ({ text }) => escapeHtml(text),
  },
});

const purifier = DOMPurify();
purifier.addHook('afterSanitizeAttributes', (node) => {
  if (node.tagName !== 'A') return;
  node.setAttribute('rel', 'noopener noreferrer');
  node.removeAttribute('target');
  // Hovering a link shows where it goes, whatever the publisher's title said.
  const href = node.getAttribute('href');
  if (href !== null) node.setAttribute('title', href);
});

export function renderMarkdown(text: string): string {
  const html = marked.parse(text) as string;
  return purifier.sanitize(html, {
    ALLOWED_TAGS: allowedTags,
    ALLOWED_ATTR: ['href', 'title'],
    ALLOWED_URI_REGEXP: /^(?:https?:|mailto:)/i,
  });
}
