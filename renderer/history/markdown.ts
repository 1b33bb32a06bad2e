/**
 * Markdown bodies (`content_type: text/markdown`) as sanitized HTML. marked renders; DOMPurify then keeps only a
 * small formatting vocabulary: no images (a remote image would be a request to a host the message chose), no
 * forms, styles, iframes or event attributes, and links only with http(s) or mailto targets. Links are not followed
 * by the page: the view hands them to main's URL allowlist (BridgeApi.openLink).
 *
 * Raw HTML inside the markdown is escaped by marked's renderer (markdown-html.ts), so it shows as the text it is; a
 * link whose text reads as another address gets its real host beside it there.
 */
import DOMPurify from 'dompurify';
import { markdownHtml, REAL_HOST_CLASS } from './markdown-html.ts';
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
  // Only the real host beside a disguised link (markdown-html.ts); the message's own HTML never gets this far.
  'span',
];

const purifier = DOMPurify();
purifier.addHook('afterSanitizeAttributes', (node) => {
  // A class only where markdown-html.ts put it: the span of a link's real host.
  if (node.hasAttribute('class') && !(node.tagName === 'SPAN' && node.getAttribute('class') === REAL_HOST_CLASS)) {
    node.removeAttribute('class');
  }
  if (node.tagName !== 'A') return;
  node.setAttribute('rel', 'noopener noreferrer');
  node.removeAttribute('target');
  // Hovering a link shows where it goes, whatever the publisher's title said.
  const href = node.getAttribute('href');
  if (href !== null) node.setAttribute('title', href);
});

export function renderMarkdown(text: string): string {
  return purifier.sanitize(markdownHtml(text), {
    ALLOWED_TAGS: allowedTags,
    ALLOWED_ATTR: ['href', 'title', 'class'],
    ALLOWED_URI_REGEXP: /^(?:https?:|mailto:)/i,
  });
}
