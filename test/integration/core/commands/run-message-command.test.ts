/**
 * runMessageCommand against the real /bin/sh: how a run ends, and in the app's mode (`capture-stderr`) the end of
 * what it wrote to stderr, at most STDERR_TAIL_CHARS of it. Unix only (the shell is sh).
 */
import { describe, expect, it } from 'vitest';
import { runMessageCommand, STDERR_TAIL_CHARS } from '../../../../main/core/commands/message-command.ts';
import { makeMessage } from '../../../support/messages.ts';

const onUnix = process.platform !== 'win32';
const message = makeMessage({ message: 'disk full' });
const run = (command: string, stdio: 'inherit' | 'capture-stderr' = 'capture-stderr') =>
  runMessageCommand({ command, message, env: { PATH: process.env['PATH'] }, platform: process.platform, stdio });

describe.skipIf(!onUnix)('runMessageCommand', () => {
  it('says a run was fine, or its exit code with the end of its stderr', async () => {
    expect(await run('test "$m" = "disk full"')).toEqual({ ok: true });
    expect(await run('echo "no printer" >&2; exit 4')).toEqual({ ok: false, exitCode: 4, stderrTail: 'no printer' });
    expect(await run('exit 5')).toEqual({ ok: false, exitCode: 5 });
  });

  it(`keeps only the last ${String(STDERR_TAIL_CHARS)} characters of stderr`, async () => {
    const outcome = await run(`i=0; while [ $i -lt 300 ]; do printf '%09d\\n' $i >&2; i=$((i+1)); done; exit 1`);
    const tail = 'stderrTail' in outcome ? (outcome.stderrTail ?? '') : '';
    expect(tail.length).toBeLessThanOrEqual(STDERR_TAIL_CHARS);
    expect(tail.endsWith('000000299')).toBe(true);
    expect(tail).not.toContain('000000000');
  });

  it('names the signal that ended it', async () => {
    expect(await run('kill -TERM $$')).toEqual({ ok: false, signal: 'SIGTERM' });
  });

  it("keeps no stderr in the CLI's mode, where the command writes to the terminal itself", async () => {
    expect(await run('exit 3', 'inherit')).toEqual({ ok: false, exitCode: 3 });
  });
});
