/**
 * Pseudo-localization: English made longer and accented, so a run in it shows where text is clipped, overflows or
 * was never put through the catalog. Chromium and Android call this locale `en-XA`. Placeholders stay as they are.
 * German is typically about 30 % longer than English; the padding here is 40 % so that German fits where this does.
 */
import type { English } from './catalog.ts';
import type { Message, PluralForms, Translation } from './message.ts';

const accents: Readonly<Record<string, string>> = {
  a: 'á',
  e: 'é',
  i: 'í',
  o: 'ó',
  u: 'ú',
  y: 'ý',
  c: 'ç',
  n: 'ñ',
  s: 'š',
  z: 'ž',
  A: 'Å',
  E: 'É',
  I: 'Í',
  O: 'Ó',
  U: 'Ú',
  Y: 'Ý',
  C: 'Ç',
  N: 'Ñ',
  S: 'Š',
  Z: 'Ž',
};

/** The first and last characters of every pseudo-localized text, so a test can tell it apart and see it whole. */
export const PSEUDO_OPEN = '⟦';
export const PSEUDO_CLOSE = '⟧';

/** One English text pseudo-localized; tests use it to find controls by their pseudo name. */
export function pseudoText(text: string): string {
  let out = '';
  let letters = 0;
  for (const part of text.split(/(\{[a-zA-Z]+\})/)) {
    if (/^\{[a-zA-Z]+\}$/.test(part)) {
      out += part;
      continue;
    }
    for (const char of part) {
      out += accents[char] ?? char;
      if (/[a-zA-Z]/.test(char)) letters += 1;
    }
  }
  const padding = '~'.repeat(Math.ceil(letters * 0.4));
  return `${PSEUDO_OPEN}${out}${padding.length > 0 ? ` ${padding}` : ''}${PSEUDO_CLOSE}`;
}

function pseudoMessage(message: Message): Message {
  if (typeof message === 'string') return pseudoText(message);
  const forms: Record<string, string> = {};
  for (const [form, text] of Object.entries(message)) forms[form] = pseudoText(text);
  return forms as PluralForms;
}

export function pseudoLocalize(table: English): Translation<English> {
  const out: Record<string, Message> = {};
  for (const [key, message] of Object.entries(table)) out[key] = pseudoMessage(message);
  return out as Translation<English>;
}
