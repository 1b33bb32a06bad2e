/**
 * createCommandRunner against the real /bin/sh: how a run ends, and in the app's mode (`capture-stderr`) the end of
 * what it wrote to stderr, at most STDERR_TAIL_CHARS of it; a run ends when its shell exits, whatever it left
 * behind; end() and endAll() end the whole process group; a message too big for the environment still runs. Unix
 * only (the shell is sh).
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createCommandRunner, STDERR_TAIL_CHARS } from '../../../../main/core/commands/message-command.ts';
import type { NtfyMessage } from '../../../../main/core/protocol/types.ts';
import { makeMessage } from '../../../support/messages.ts';
import { allEnded, pidsIn } from '../../../support/process-alive.ts';

const onUnix = process.platform !== 'win32';
/** Budget for processes to go on a loaded machine, not a speed check. */
const WAIT = { timeout: 20_000, interval: 50 };
const message = makeMessage({ message: 'disk full' });
const runnerFor = (stdio: 'inherit' | 'capture-stderr' = 'capture-stderr') =>
  createCommandRunner({ env: { PATH: process.env['PATH'] }, platform: process.platform, stdio });
const run = (command: string, stdio: 'inherit' | 'capture-stderr' = 'capture-stderr', sent: NtfyMessage = message) =>
  runnerFor(stdio).start(command, sent).done;

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'ntfy-tray-runs-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** Resolves with the pids the command wrote to `file` once there are `count` of them. */
async function pidsWritten(file: string, count: number): Promise<number[]> {
  let pids: number[] = [];
  await vi.waitFor(async () => {
    pids = pidsIn(await readFile(file, 'utf8').catch(() => ''));
    expect(pids).toHaveLength(count);
  }, WAIT);
  return pids;
}

describe.skipIf(!onUnix)('createCommandRunner', () => {
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

  it('ends when its shell exits, though `sleep 60 &` still holds stderr, and ends what it left behind', async () => {
    const pidFile = path.join(dir, 'pids');
    const outcome = await run(`sleep 60 & echo $! > '${pidFile}'; echo 'started it' >&2`);
    expect(outcome).toEqual({ ok: true });
    await allEnded(await pidsWritten(pidFile, 1));
  });

  for (const how of ['end()', 'endAll()', 'endAll({ immediately: true })'] as const) {
    it(`${how} ends the running shell and every process of its group`, async () => {
      const runner = runnerFor();
      const pidFile = path.join(dir, 'pids');
      const started = runner.start(`echo $$ >> '${pidFile}'; sleep 60 & echo $! >> '${pidFile}'; sleep 60`, message);
      const pids = await pidsWritten(pidFile, 2);
      if (how === 'end()') started.end();
      else runner.endAll(how === 'endAll()' ? {} : { immediately: true });
      expect(await started.done).toEqual({
        ok: false,
        signal: how === 'endAll({ immediately: true })' ? 'SIGKILL' : 'SIGTERM',
      });
      await allEnded(pids);
    });
  }

  it('runs a message of 200 KiB with its variables cut to fit instead of failing with E2BIG', async () => {
    const out = path.join(dir, 'length');
    const huge = makeMessage({ message: 'x'.repeat(200 * 1024), raw: { message: 'x'.repeat(200 * 1024) } });
    const started = runnerFor().start(`printf %s "$m" | wc -c > '${out}'`, huge);
    expect(started.cutVariables).toEqual(['NTFY_MESSAGE', 'NTFY_RAW']);
    expect(await started.done).toEqual({ ok: true });
    const length = Number((await readFile(out, 'utf8')).trim());
    expect(length).toBeGreaterThan(100 * 1024);
    expect(length).toBeLessThan(128 * 1024);
  });
});
