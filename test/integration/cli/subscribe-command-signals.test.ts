/**
 * `ntfy-tray subscribe TOPIC COMMAND` and signals, as processes against test/server: the first SIGTERM or SIGINT
 * (a terminal's Ctrl-C goes to the whole foreground group) starts no new run, lets the running one finish within the
 * grace (NTFY_TRAY_STOP_GRACE_MS, so no test waits it out), then ends its process group and exits; a second signal
 * ends everything at once; no process of any command is left behind. Also: a message too big for the environment
 * runs with its variables cut, and stderr says so. Unix only (the commands are sh, the signals POSIX).
 */
import { writeFileSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { newMessageId } from '../../server/ids.ts';
import { startTestServer, type TestServer } from '../../server/index.ts';
import { type CliProcess, startCli } from '../../support/cli-process.ts';
import { allEnded, isRunning, pidsIn } from '../../support/process-alive.ts';

/** Budget for processes on a loaded machine, not a speed check. */
const WAIT = { timeout: 30_000, interval: 50 };
/** A grace no test waits out: the command ends on the test's word or by a second signal. */
const LONG_GRACE = '600000';

let server: TestServer;
let dir: string;
const running: CliProcess[] = [];
const allPids: number[] = [];

beforeEach(async () => {
  server = await startTestServer();
  dir = await mkdtemp(path.join(tmpdir(), 'ntfy-tray-cli-signals-'));
});

afterEach(async () => {
  for (const cli of running.splice(0)) cli.child.kill('SIGKILL');
  for (const pid of allPids.splice(0)) if (isRunning(pid)) process.kill(pid, 'SIGKILL');
  await server.close();
  await rm(dir, { recursive: true, force: true });
});

const file = (name: string): string => path.join(dir, name);

async function linesOf(name: string): Promise<string[]> {
  return (await readFile(file(name), 'utf8').catch(() => '')).split('\n').filter((line) => line !== '');
}

async function waitForLines(name: string, count: number): Promise<string[]> {
  let found: string[] = [];
  await vi.waitFor(async () => {
    found = await linesOf(name);
    expect(found).toHaveLength(count);
  }, WAIT);
  return found;
}

/**
 * Notes its message in `started` and the pids of its shell and of a background `sleep 60` in `pids`, waits for the
 * file `go`, then notes its message in `finished`.
 */
const COMMAND = [
  `echo "$m" >> '{DIR}/started'`,
  `echo $$ >> '{DIR}/pids'`,
  `sleep 60 & echo $! >> '{DIR}/pids'`,
  `while [ ! -e '{DIR}/go' ]; do sleep 0.05; done`,
  `echo "$m" >> '{DIR}/finished'`,
].join('; ');

async function subscribeBusy(
  grace: string,
  options: { ownGroup?: boolean } = {},
): Promise<{ cli: CliProcess; pids: number[] }> {
  const cli = startCli(
    ['subscribe', '--data-dir', file('data'), `${server.url}/alerts`, COMMAND.replaceAll('{DIR}', dir)],
    { NTFY_TRAY_STOP_GRACE_MS: grace },
    options,
  );
  running.push(cli);
  await cli.waitForStderr(/connected/);
  // A burst: the second message is there before the first run ends.
  await server.publish('alerts', 'first');
  await server.publish('alerts', 'second');
  const pids = pidsIn((await waitForLines('pids', 2)).join('\n'));
  allPids.push(...pids);
  return { cli, pids };
}

describe.skipIf(process.platform === 'win32')('ntfy-tray subscribe <topic> <command> and signals', () => {
  const firstSignals = {
    'first SIGTERM': (cli: CliProcess) => cli.child.kill('SIGTERM'),
    // A terminal's Ctrl-C goes to the whole foreground group: the command is in a group of its own and never gets it.
    "Ctrl-C (SIGINT to the CLI's process group)": (cli: CliProcess) => process.kill(-(cli.child.pid ?? 0), 'SIGINT'),
  };
  for (const [how, signal] of Object.entries(firstSignals)) {
    it(`${how}: no new run starts, the running one finishes, the CLI exits 0 and leaves nothing behind`, async () => {
      const { cli, pids } = await subscribeBusy(LONG_GRACE, { ownGroup: true });
      signal(cli);
      await cli.waitForStderr(/stopping: the running command has 600 s to finish; a second signal ends it now/);
      expect(pids.filter(isRunning)).toEqual(pids);
      writeFileSync(file('go'), '');
      expect(await cli.exited()).toBe(0);
      expect(await linesOf('started')).toEqual(['first']);
      expect(await linesOf('finished')).toEqual(['first']);
      await allEnded(pids);
    });
  }

  it("after the grace the running command's whole process group is ended, and the CLI exits", async () => {
    const { cli, pids } = await subscribeBusy('0');
    cli.child.kill('SIGTERM');
    expect(await cli.exited()).toBe(0);
    await allEnded(pids);
    expect(await linesOf('started')).toEqual(['first']);
    expect(await linesOf('finished')).toEqual([]);
  });

  it('a second signal ends the command and the CLI at once', async () => {
    const { cli, pids } = await subscribeBusy(LONG_GRACE);
    cli.child.kill('SIGTERM');
    await cli.waitForStderr(/stopping: the running command has 600 s to finish; a second signal ends it now/);
    cli.child.kill('SIGTERM');
    expect(await cli.exited()).toBe(143);
    await allEnded(pids);
    expect(await linesOf('started')).toEqual(['first']);
  });

  it('runs a message too big for the environment with its variables cut, and says so on stderr', async () => {
    const cli = startCli(['subscribe', '--data-dir', file('data'), `${server.url}/alerts`, `printf %s "$m" | wc -c`]);
    running.push(cli);
    await cli.waitForStderr(/connected/);
    const id = newMessageId();
    // 60,000 three-byte characters (180 KB): over Linux's 128 KiB for one variable.
    await server.publishRaw(
      { id, time: Math.floor(Date.now() / 1000), event: 'message', topic: 'alerts', message: '€'.repeat(60_000) },
      { cache: false },
    );
    const [length] = await cli.waitForStdoutLines(1);
    expect(Number(length)).toBeGreaterThan(100 * 1024);
    expect(Number(length)).toBeLessThan(128 * 1024);
    await cli.waitForStderr(/cut to fit/);
    expect(cli.stderr()).toContain(
      `command run with $NTFY_MESSAGE, $NTFY_RAW cut to fit: ${server.url}/alerts (message ${id})`,
    );
  });
});
