/** What `ntfy-tray publish` prints on success, as ntfy's CLI does (cmd/publish.go): the server's JSON line. */
import { expect } from 'vitest';

/** The server's answer as one JSON line on stdout and nothing on stderr; answers the parsed message. */
export function expectServerLine(run: { readonly stdout: string; readonly stderr: string }, topic: string): unknown {
  expect(run.stderr).toBe('');
  expect(run.stdout).toMatch(/^\{[^\n]*\}\n$/);
  const message: unknown = JSON.parse(run.stdout);
  expect(message).toMatchObject({ event: 'message', topic });
  return message;
}
