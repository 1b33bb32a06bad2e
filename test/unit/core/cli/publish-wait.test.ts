/** --wait-pid/--wait-cmd with fake ports: ntfy's messages, Go's duration format, ntfy's quoting of the command. */
import { describe, expect, it } from 'vitest';
import {
  type CommandEnd,
  goDuration,
  PROCESS_CHECK_INTERVAL_MS,
  quoteCommand,
  waitBeforePublish,
  type WaitPorts,
} from '../../../../main/core/cli/publish-wait.ts';

/** A process that exists for `checks` checks; each delay moves the clock by what was asked. */
function ports(options: { checks?: number; end?: CommandEnd; commandMs?: number } = {}) {
  let clock = 1_000_000;
  let checks = options.checks ?? 0;
  const delays: number[] = [];
  const waiting: number[] = [];
  const value: WaitPorts = {
    processExists: () => checks-- > 0,
    delay: (ms) => {
      delays.push(ms);
      clock += ms;
      return Promise.resolve();
    },
    runCommand: () => {
      clock += options.commandMs ?? 0;
      return Promise.resolve(options.end ?? { kind: 'exited', code: 0 });
    },
    now: () => clock,
    onWaiting: (pid) => waiting.push(pid),
  };
  return { value, delays, waiting };
}

describe('goDuration', () => {
  it.each([
    [0, '0s'],
    [250, '250ms'],
    [1500, '1.5s'],
    [1040, '1.04s'],
    [123_040, '2m3.04s'],
    [3_605_000, '1h0m5s'],
  ])('%d ms is %s', (ms, text) => {
    expect(goDuration(ms)).toBe(text);
  });
});

describe('quoteCommand', () => {
  it('quotes only words with other characters than ntfy leaves plain', () => {
    expect(quoteCommand(['rsync', '-av', './', 'user@host:/x', 'a b', 'x;y'])).toBe(
      'rsync -av ./ user@host:/x "a b" "x;y"',
    );
  });
});

describe('waitBeforePublish', () => {
  it('checks the process every 500 ms until it is gone, and says how long it ran', async () => {
    const fake = ports({ checks: 4 });

    const outcome = await waitBeforePublish({ kind: 'pid', pid: 77 }, fake.value);

    expect(outcome).toEqual({ ok: true, message: 'Process with PID 77 exited after 1.5s' });
    expect(fake.delays).toEqual([PROCESS_CHECK_INTERVAL_MS, PROCESS_CHECK_INTERVAL_MS, PROCESS_CHECK_INTERVAL_MS]);
    expect(fake.waiting).toEqual([77]);
  });

  it('refuses a process that is not running', async () => {
    const outcome = await waitBeforePublish({ kind: 'pid', pid: 77 }, ports().value);

    expect(outcome).toEqual({ ok: false, problem: 'process with PID 77 not running' });
  });

  it('words a command that succeeded, failed, was killed or could not start as ntfy does', async () => {
    const command = { kind: 'command', command: ['make', 'all'] } as const;
    const run = (end: CommandEnd) => waitBeforePublish(command, ports({ end, commandMs: 2_250 }).value);

    expect(await run({ kind: 'exited', code: 0 })).toEqual({
      ok: true,
      message: 'Command succeeded after 2.25s: make all',
    });
    expect(await run({ kind: 'exited', code: 2 })).toEqual({
      ok: true,
      message: 'Command failed after 2.25s (exit code 2): make all',
    });
    expect(await run({ kind: 'signal' })).toEqual({
      ok: true,
      message: 'Command failed after 2.25s (exit code -1): make all',
    });
    expect(await run({ kind: 'not-started', problem: 'no program make found' })).toEqual({
      ok: false,
      problem: 'command failed: make all: no program make found',
    });
  });
});
