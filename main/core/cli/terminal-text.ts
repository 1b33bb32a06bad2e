/**
 * Text from a stranger on a terminal (docs/security.md): a message, a title, a server's error. A terminal obeys
 * control characters: ESC starts sequences that write the clipboard (OSC 52), hide a link behind other text (OSC 8),
 * retitle the window or clear the screen; a bare CR overwrites what the line showed; C1 controls (U+0080–U+009F) act
 * as ESC sequences on some terminals; bidi overrides make text read in another order than it is. Each is shown as a
 * visible escape instead (`\x1b`, `\u202e`), in every line the CLI prints that can hold such text.
 */

/** C0 and C1 controls, DEL, and the bidi marks, embeddings, overrides and isolates. */
// eslint-disable-next-line no-control-regex -- finding control characters is what this module is for
const UNSAFE = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;
/** The same, less the line breaks and tabs our own multi-line texts (usage, lists) use. */
// eslint-disable-next-line no-control-regex -- as above
const UNSAFE_EXCEPT_LAYOUT = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;
/** What JSON.stringify leaves raw (it escapes C0 itself): DEL, C1, bidi controls and the line/paragraph separators. */
const UNSAFE_IN_JSON = /[\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069\u2028\u2029]/g;

function visibleEscape(character: string): string {
  const code = character.charCodeAt(0);
  return code < 0x100 ? `\\x${code.toString(16).padStart(2, '0')}` : `\\u${code.toString(16).padStart(4, '0')}`;
}

function jsonEscape(character: string): string {
  return `\\u${character.charCodeAt(0).toString(16).padStart(4, '0')}`;
}

/** One line of a stranger's text: every control character, line breaks included, as a visible escape. */
export function visibleControls(text: string): string {
  return text.replace(UNSAFE, visibleEscape);
}

/** Text for stderr that may quote a stranger (a server's error): controls visible, line breaks and tabs kept. */
export function visibleControlsKeepingLines(text: string): string {
  return text.replace(UNSAFE_EXCEPT_LAYOUT, visibleEscape);
}

/** JSON text with every character a terminal could act on written as a `\uXXXX` escape: the same value to a parser. */
export function terminalSafeJson(json: string): string {
  return json.replace(UNSAFE_IN_JSON, jsonEscape);
}
