/**
 * A stranger's text in a field of one line (a popup's title, a button, a row, a tooltip). Bidi embeddings, overrides
 * and isolates (U+202A–U+202E, U+2066–U+2069) make it read in another order than it is written — `invoice‮fdp.exe`
 * shows as `invoiceexe.pdf` — and reach past the field into what follows it, so they are removed; line breaks and
 * other control characters become spaces. The marks LRM, RLM and ALM stay: they only nudge neutral characters.
 */

/** The embeddings, overrides and isolates. */
const BIDI_CONTROLS = /[\u202a-\u202e\u2066-\u2069]/g;
/** C0 and C1 controls and DEL, line breaks included. */
// eslint-disable-next-line no-control-regex -- finding control characters is what this module is for
const CONTROLS = /[\u0000-\u001f\u007f-\u009f]+/g;

/** Text of any length without bidi embeddings, overrides and isolates (a body keeps its line breaks). */
export function withoutBidiControls(text: string): string {
  return text.replace(BIDI_CONTROLS, '');
}

/** One line of a stranger's text, safe to show in a field of one line. */
export function oneLineText(text: string): string {
  return withoutBidiControls(text).replace(CONTROLS, ' ');
}
