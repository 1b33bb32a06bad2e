/**
 * A command from a stranger's file, to be read before it is accepted: every character that would not show or would
 * change how the rest reads (control characters other than line break and tab, bidi embeddings and marks,
 * zero-width characters: Unicode's Cc and Cf) becomes a visible ⟨U+XXXX⟩ segment. What the user reads is then
 * what would run, character for character.
 */

type CommandSegment =
  { readonly kind: 'text'; readonly text: string } | { readonly kind: 'hidden'; readonly codePoint: string };

const HIDDEN = /[\p{Cc}\p{Cf}]/u;

function codePointName(char: string): string {
  return `U+${(char.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')}`;
}

export function commandSegments(command: string): CommandSegment[] {
  const segments: CommandSegment[] = [];
  let text = '';
  for (const char of command) {
    if (char !== '\n' && char !== '\t' && HIDDEN.test(char)) {
      if (text !== '') segments.push({ kind: 'text', text });
      text = '';
      segments.push({ kind: 'hidden', codePoint: codePointName(char) });
    } else {
      text += char;
    }
  }
  if (text !== '') segments.push({ kind: 'text', text });
  return segments;
}
