/**
 * The text a list row shows for a message: markdown bodies (`content_type: text/markdown`) without their markup —
 * no `**` or `#`, links as their text, images as their alt text — so a row reads like the rendered message. The
 * row puts it in the DOM as text only; nothing here produces HTML.
 *
 * marked's own lexer reads the markdown (the options the detail pane renders with: GFM, single line breaks), so a
 * row and the detail agree on what is markup and what is text.
 */
import { Lexer, type Token } from 'marked';
import type { MessageDto, TextSegmentDto } from '../../common/ipc.ts';

const lexerOptions = { gfm: true, breaks: true } as const;

/** Tokens whose children carry their text (strong, em, del, link, heading, paragraph, blockquote, list item…). */
function childTokens(token: Token): readonly Token[] | undefined {
  return 'tokens' in token && Array.isArray(token.tokens) ? token.tokens : undefined;
}

function inlineText(tokens: readonly Token[]): string {
  return tokens.map((token) => tokenText(token)).join('');
}

function tokenText(token: Token): string {
  switch (token.type) {
    case 'space':
    case 'hr':
    case 'def':
    case 'checkbox':
      return '';
    case 'br':
      return '\n';
    case 'list':
      return (token.items as readonly Token[]).map((item) => inlineText(childTokens(item) ?? []).trim()).join('\n');
    case 'table': {
      const cells = (row: readonly { readonly tokens: Token[] }[]) =>
        row.map((cell) => inlineText(cell.tokens)).join(' ');
      const rows = token.rows as readonly (readonly { readonly tokens: Token[] }[])[];
      return [cells(token.header as readonly { readonly tokens: Token[] }[]), ...rows.map(cells)].join('\n');
    }
    default: {
      const children = childTokens(token);
      if (children !== undefined && children.length > 0) return inlineText(children);
      // Leaves: text, code spans and blocks, escapes, raw HTML (shown as the text it is), images (their alt text).
      return 'text' in token && typeof token.text === 'string' ? token.text : '';
    }
  }
}

/** Markdown as the plain text it renders to; block elements end up one per line. */
export function markdownToPlainText(markdown: string): string {
  const blocks = new Lexer(lexerOptions).lex(markdown);
  return blocks
    .map((block) => tokenText(block).trim())
    .filter((text) => text.length > 0)
    .join('\n');
}

export function isMarkdown(message: Pick<MessageDto, 'contentType'>): boolean {
  return message.contentType?.split(';')[0]?.trim().toLowerCase() === 'text/markdown';
}

/** A row's body text: markdown without its markup, anything else as sent. */
export function previewText(message: Pick<MessageDto, 'message' | 'contentType'>): string {
  return isMarkdown(message) ? markdownToPlainText(message.message) : message.message;
}

/**
 * Search highlights for a markdown preview. The core highlights the raw body, markup and all; this finds the same
 * matched words in the plain text instead (case-insensitively, as the search matched them).
 */
export function highlightMatches(plain: string, segments: readonly TextSegmentDto[]): TextSegmentDto[] {
  const terms = [
    ...new Set(segments.filter((segment) => segment.match).map((segment) => segment.text.toLowerCase())),
  ].filter((term) => term.length > 0);
  if (terms.length === 0) return [{ text: plain, match: false }];
  const lower = plain.toLowerCase();
  const result: TextSegmentDto[] = [];
  let position = 0;
  while (position < plain.length) {
    let nextAt = -1;
    let nextTerm = '';
    for (const term of terms) {
      const at = lower.indexOf(term, position);
      if (at !== -1 && (nextAt === -1 || at < nextAt || (at === nextAt && term.length > nextTerm.length))) {
        nextAt = at;
        nextTerm = term;
      }
    }
    if (nextAt === -1) break;
    if (nextAt > position) result.push({ text: plain.slice(position, nextAt), match: false });
    result.push({ text: plain.slice(nextAt, nextAt + nextTerm.length), match: true });
    position = nextAt + nextTerm.length;
  }
  if (position < plain.length) result.push({ text: plain.slice(position), match: false });
  return result;
}
