/**
 * Reads an XDG autostart / .desktop file's Exec value back the way the Desktop Entry spec says a launcher must
 * (https://specifications.freedesktop.org/desktop-entry-spec/latest/exec-variables.html): string escapes first
 * (`\\` → `\`, `\s` → space, …), then split into arguments, honouring double quotes and their backslash escapes,
 * and `%%` → `%`. Written from the spec, independently of main/os/autostart.ts, so a test can check what a
 * launcher would really run.
 */
export function parseExec(value: string): string[] {
  const unescaped = value.replace(/\\([\\snrt])/g, (_match, code: string) =>
    code === '\\' ? '\\' : code === 's' ? ' ' : code === 'n' ? '\n' : code === 'r' ? '\r' : '\t',
  );
  const args: string[] = [];
  let current = '';
  let quoted = false;
  let started = false;
  for (let index = 0; index < unescaped.length; index++) {
    const char = unescaped.charAt(index);
    if (quoted && char === '\\') {
      current += unescaped.charAt(++index);
    } else if (char === '"') {
      quoted = !quoted;
      started = true;
    } else if (char === ' ' && !quoted) {
      if (started) args.push(current);
      current = '';
      started = false;
    } else if (char === '%' && unescaped.charAt(index + 1) === '%') {
      current += '%';
      index++;
      started = true;
    } else {
      current += char;
      started = true;
    }
  }
  if (started) args.push(current);
  return args;
}

/** The Exec value of a desktop entry's text (throws when there is none). */
export function execLine(entry: string): string {
  const line = entry.split('\n').find((candidate) => candidate.startsWith('Exec='));
  if (line === undefined) throw new Error('no Exec line');
  return line.slice('Exec='.length);
}
