import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { quoteWindowsArgument, quoteWindowsProgram } from '../../../main/os/windows-command-line.ts';
import { splitWindowsCommandLine } from '../../support/windows-command-line.ts';

/** What Electron writes into the Run entry: `path args…` joined by single spaces, nothing quoted by Electron. */
function runEntry(program: string, args: readonly string[]): string {
  return [quoteWindowsProgram(program), ...args.map(quoteWindowsArgument)].join(' ');
}

describe('Windows command-line quoting', () => {
  it('leaves plain arguments alone and quotes paths with spaces', () => {
    expect(quoteWindowsArgument('--hidden')).toBe('--hidden');
    expect(quoteWindowsArgument('C:\\dev\\ntfy-tray')).toBe('C:\\dev\\ntfy-tray');
    expect(quoteWindowsArgument('C:\\Users\\Jo Doe\\ntfy-tray')).toBe('"C:\\Users\\Jo Doe\\ntfy-tray"');
    expect(quoteWindowsProgram('C:\\Program Files\\ntfy Tray\\ntfy Tray.exe')).toBe(
      '"C:\\Program Files\\ntfy Tray\\ntfy Tray.exe"',
    );
  });

  it.each([
    'C:\\Users\\Jo Doe\\Projekte\\ntfy tray',
    'C:\\Users\\Jo Doe\\ends with a backslash\\',
    'D:\\100% Überall\\#1 (dev)',
    'say "hi"\\',
    '\\\\server\\share\\a b',
    '',
  ])('round-trips the app folder %j through a CommandLineToArgvW parser', (appPath) => {
    const program = 'C:\\Users\\Jo Doe\\AppData\\Local\\electron\\electron.exe';

    expect(splitWindowsCommandLine(runEntry(program, [appPath, '--hidden']))).toEqual([program, appPath, '--hidden']);
  });

  it('round-trips any mix of the characters that matter (spaces, tabs, quotes, backslashes)', () => {
    const unit = fc.constantFrom('a', 'é', ' ', '\t', '"', '\\');
    const program = 'C:\\Program Files\\ntfy Tray\\ntfy Tray.exe';
    fc.assert(
      fc.property(fc.array(fc.string({ unit, maxLength: 12 }), { maxLength: 4 }), (args) => {
        expect(splitWindowsCommandLine(runEntry(program, args))).toEqual([program, ...args]);
      }),
      { numRuns: 500 },
    );
  });

  it('refuses a program path with a double quote, which Windows paths cannot hold', () => {
    expect(() => quoteWindowsProgram('C:\\a"b.exe')).toThrow(/double quote/);
  });
});
