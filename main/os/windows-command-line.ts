/**
 * Windows keeps a command line as one string, and each program splits it itself; Electron (Chromium's
 * base::CommandLine) and the C runtime follow CommandLineToArgvW's rules:
 * https://learn.microsoft.com/en-us/cpp/c-language/parsing-c-command-line-arguments
 * Electron's setLoginItemSettings joins `path` and `args` with spaces and quotes nothing (its docs: "Take care to
 * wrap paths in quotes"), so a path with a space (a user folder "C:\Users\Jo Doe\…", the app's own "ntfy Tray.exe")
 * must be quoted here or Windows starts the wrong program at login, or none.
 */

/** One argument as CommandLineToArgvW reads it back: quoted when it holds whitespace or a quote (or is empty). */
export function quoteWindowsArgument(argument: string): string {
  if (argument !== '' && !/[\s"]/.test(argument)) return argument;
  let quoted = '"';
  let backslashes = 0;
  for (const char of argument) {
    if (char === '\\') {
      backslashes++;
      continue;
    }
    // Backslashes count only before a quote: 2n+1 of them there make n backslashes and a literal quote.
    quoted += char === '"' ? `${'\\'.repeat(backslashes * 2 + 1)}"` : `${'\\'.repeat(backslashes)}${char}`;
    backslashes = 0;
  }
  // Trailing backslashes are doubled so they do not escape the closing quote.
  return `${quoted}${'\\'.repeat(backslashes * 2)}"`;
}

/**
 * The program, quoted for the first token's simpler rule (no backslash escapes: a path cannot hold `"` on Windows,
 * and a trailing backslash stays literal).
 */
export function quoteWindowsProgram(program: string): string {
  if (program.includes('"')) throw new Error('a Windows program path cannot hold a double quote');
  return /\s/.test(program) ? `"${program}"` : program;
}
