import { describe, expect, it } from 'vitest';
import {
  terminalSafeJson,
  visibleControls,
  visibleControlsKeepingLines,
} from '../../../../main/core/cli/terminal-text.ts';

const ESC = '\u001b';
const HOSTILE = [
  `${ESC}]52;c;ZWNobyBwd25lZA==\u0007`, // OSC 52: write the clipboard
  `${ESC}]8;;https://evil.example\u0007click${ESC}]8;;\u0007`, // OSC 8: a link hidden behind text
  `${ESC}]0;new title\u0007`, // window title
  `${ESC}[2J${ESC}[H`, // clear the screen
  'all good\rPWNED  ', // a bare CR overwrites the line
  '\u009b2J', // C1 CSI
  'abc\u202edcba', // right-to-left override
];

/** Every character a terminal could act on: C0/C1 controls, DEL, bidi controls. */
// eslint-disable-next-line no-control-regex -- the test looks for control characters
const ACTIVE = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/;

describe('visibleControls', () => {
  it.each(HOSTILE)('leaves nothing a terminal acts on in %j, and shows each as an escape', (text) => {
    const shown = visibleControls(text);
    expect(shown).not.toMatch(ACTIVE);
    expect(shown).toMatch(/\\x[0-9a-f]{2}|\\u[0-9a-f]{4}/);
  });

  it('writes the escapes readably and keeps ordinary text, emoji and accents as they are', () => {
    expect(visibleControls(`${ESC}[2J`)).toBe('\\x1b[2J');
    expect(visibleControls('a\u202eb')).toBe('a\\u202eb');
    expect(visibleControls('Café ⚠️ 日本 – ok')).toBe('Café ⚠️ 日本 – ok');
  });

  it('keeps line breaks and tabs in our own multi-line texts, and nothing else', () => {
    expect(visibleControlsKeepingLines(`usage:\n\tntfy-tray${ESC}]0;x\u0007\r\n`)).toBe(
      'usage:\n\tntfy-tray\\x1b]0;x\\x07\\x0d\n',
    );
  });
});

describe('terminalSafeJson', () => {
  it('escapes what JSON.stringify leaves raw, and the value read back is the same', () => {
    const value = { message: 'a\u009b2J b\u202ec \u2028 d\u007f', title: 'ok' };
    const json = terminalSafeJson(JSON.stringify(value));
    expect(json).not.toMatch(ACTIVE);
    expect(json).not.toMatch(/[\u2028\u2029]/);
    expect(JSON.parse(json)).toEqual(value);
  });
});
