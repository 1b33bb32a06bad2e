/**
 * What `ntfy-tray` says when it is used wrongly or asked for help: one line and a pointer to --help instead of the
 * whole help text, "did you mean" for typos, and help for every command. In-process (the same runCli the command
 * runs); the first case is a process, for the exit code and the streams as a shell sees them.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { runCliInProcess } from '../../support/cli-in-process.ts';
import { type CliProcess, startCli } from '../../support/cli-process.ts';

const running: CliProcess[] = [];

function cli(args: readonly string[]): CliProcess {
  const process = startCli(args);
  running.push(process);
  return process;
}

const run = runCliInProcess;

afterEach(() => {
  for (const process of running.splice(0)) process.child.kill('SIGKILL');
});

describe('a usage error', () => {
  it('is one line plus "Run \'ntfy-tray <command> --help\' for usage." (exit 2), not the help text', async () => {
    const process = cli(['subscribe', '--poll', '--transport', 'ws', 'http://127.0.0.1:9/alerts']);

    expect(await process.exited()).toBe(2);
    expect(process.stderr()).toBe(
      'ntfy-tray subscribe: --poll always reads the JSON endpoint; --transport does not apply\n' +
        "Run 'ntfy-tray subscribe --help' for usage.\n",
    );
    expect(process.stdout()).toBe('');
  });

  it("names an unknown option and the one it probably meant instead of Node's parser text", async () => {
    const result = await run(['history', '--tpoic', 'alerts']);

    expect(result.code).toBe(2);
    expect(result.stderr).toBe(
      "ntfy-tray history: unknown option '--tpoic'; did you mean '--topic'?\n" +
        "Run 'ntfy-tray history --help' for usage.\n",
    );
  });

  it('names an option that lacks its value', async () => {
    const result = await run(['subscribe', '--since']);

    expect(result.code).toBe(2);
    expect(result.stderr).toBe(
      "ntfy-tray subscribe: option '--since' needs a value\nRun 'ntfy-tray subscribe --help' for usage.\n",
    );
  });

  it('suggests the command an unknown one was probably meant to be', async () => {
    const result = await run(['subscibe', 'alerts']);

    expect(result.code).toBe(2);
    expect(result.stderr).toBe(
      "ntfy-tray: unknown command 'subscibe'; did you mean 'subscribe'?\nRun 'ntfy-tray --help' for usage.\n",
    );
  });
});

describe('help', () => {
  it.each([
    [['help'], 'Usage: ntfy-tray <command>'],
    [['help', 'subscribe'], 'Usage: ntfy-tray subscribe'],
    [['help', 'login'], '--no-check'],
    [['login', '--help'], '--no-check'],
    [['logout', '--help'], 'Usage: ntfy-tray logout <url>'],
    [['history', '-h'], '--topic <topic>'],
  ])('%j prints it on stdout and exits 0', async (args, text) => {
    const result = await run(args);

    expect(result.code).toBe(0);
    expect(result.stdout).toContain(text);
    expect(result.stderr).toBe('');
  });

  it('refuses help for a command that does not exist (exit 2)', async () => {
    const result = await run(['help', 'histroy']);

    expect(result.code).toBe(2);
    expect(result.stderr).toContain("unknown command 'histroy'; did you mean 'history'?");
  });
});
