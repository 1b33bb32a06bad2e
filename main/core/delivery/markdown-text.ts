/**
 * Markdown bodies (`content_type: text/markdown`) as plain text for popups, which cannot render markup: keep the
 * words, drop the syntax. The window renders markdown properly (sanitized); this is only for notifications.
 */
export function markdownToPlainText(markdown: string): string {
  return (
    markdown
      // Fenced code blocks: keep the code, drop the fences.
      .replace(/^```[^\n]*\n?/gm, '')
      // Images ![alt](url) → alt; links [text](url) → text (url)
      .replace(/!\[([^\]]*)\]\([^)]*\)/g, '$1')
      .replace(/\[([^\]]+)\]\(([^)\s]+)[^)]*\)/g, '$1 ($2)')
      // Headings, block quotes, list bullets at line start.
      .replace(/^\s{0,3}#{1,6}\s+/gm, '')
      .replace(/^\s{0,3}>\s?/gm, '')
      .replace(/^(\s*)[-*+]\s+/gm, '$1• ')
      // Emphasis, strong, strikethrough, inline code.
      .replace(/(\*\*|__)(.+?)\1/g, '$2')
      .replace(/(\*|_)(\S(?:.*?\S)?)\1/g, '$2')
      .replace(/~~(.+?)~~/g, '$1')
      .replace(/`([^`]+)`/g, '$1')
      // Horizontal rules.
      .replace(/^\s*([-*_])(\s*\1){2,}\s*$/gm, '')
      .replace(/\n{3,}/g, '\n\n')
      .trim()
  );
}
