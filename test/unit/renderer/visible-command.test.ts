import { describe, expect, it } from 'vitest';
import { commandSegments } from '../../../renderer/settings/visible-command.ts';

describe('commandSegments (a client.yml command as the review shows it)', () => {
  it('keeps text, line breaks and tabs as they are', () => {
    expect(commandSegments('notify-send "$t"\n\techo done')).toEqual([
      { kind: 'text', text: 'notify-send "$t"\n\techo done' },
    ]);
  });

  it('shows each invisible or reordering character by its code', () => {
    // A right-to-left override makes `rm -rf ~ #‮ echo hi` read otherwise; a zero-width space hides; ESC and CR
    // would move the cursor in a terminal.
    expect(commandSegments('echo hi\u202e# ~ fr- mr\u200b\u001b\r')).toEqual([
      { kind: 'text', text: 'echo hi' },
      { kind: 'hidden', codePoint: 'U+202E' },
      { kind: 'text', text: '# ~ fr- mr' },
      { kind: 'hidden', codePoint: 'U+200B' },
      { kind: 'hidden', codePoint: 'U+001B' },
      { kind: 'hidden', codePoint: 'U+000D' },
    ]);
  });
});
