/**
 * Splits a Windows command line the way CommandLineToArgvW (and so Electron's base::CommandLine) does, written
 * from Microsoft's rules (https://learn.microsoft.com/en-us/cpp/c-language/parsing-c-command-line-arguments),
 * independently of main/os/windows-command-line.ts:
 * - the program (first token) ends at the closing quote if it starts with one, else at whitespace; no escapes;
 * - later arguments: 2n backslashes before `"` give n backslashes and toggle quoting, 2n+1 give n and a literal
 *   `"`; backslashes elsewhere are literal; whitespace outside quotes separates arguments.
 */
export function splitWindowsCommandLine(commandLine: string): string[] {
  let index = 0;
  let program = '';
  if (commandLine.startsWith('"')) {
    const close = commandLine.indexOf('"', 1);
    program = close === -1 ? commandLine.slice(1) : commandLine.slice(1, close);
    index = close === -1 ? commandLine.length : close + 1;
  } else {
    while (index < commandLine.length && !/\s/.test(commandLine.charAt(index))) program += commandLine.charAt(index++);
  }
  const args = [program];
  let current = '';
  let started = false;
  let quoted = false;
  while (index < commandLine.length) {
    const char = commandLine.charAt(index);
    if (char === '\\') {
      let backslashes = 0;
      while (commandLine.charAt(index) === '\\') {
        backslashes++;
        index++;
      }
      if (commandLine.charAt(index) === '"') {
        current += '\\'.repeat(Math.floor(backslashes / 2));
        if (backslashes % 2 === 1) {
          current += '"';
          index++;
        }
      } else {
        current += '\\'.repeat(backslashes);
      }
      started = true;
      continue;
    }
    if (char === '"') {
      quoted = !quoted;
      started = true;
    } else if (/\s/.test(char) && !quoted) {
      if (started) args.push(current);
      current = '';
      started = false;
    } else {
      current += char;
      started = true;
    }
    index++;
  }
  if (started) args.push(current);
  return args;
}
