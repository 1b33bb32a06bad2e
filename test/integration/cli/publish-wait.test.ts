/**
 * `ntfy-tray publish --wait-pid` and `--wait-cmd` as processes against test/server on 127.0.0.1: nothing is sent
 * while the process or command runs; once it has ended (the test ends it and waits for its exit), the message says
 * so in ntfy's words, with the command's exit code. A process that is not running and a program that does not exist
 * send nothing.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../server/index.ts';
import { type CliProcess, startCli } from '../../support/cli-process.ts';
import { expectServerLine } from '../../support/publish-output.ts';

/** Runs until it is sent SIGTERM, then exits with 3; says its pid on stdout first. */
const LONG_JOB =
  "process.on('SIGTERM', () => process.exit(3)); setInterval(() => {}, 1 << 30);" +
  "process.stdout.write('started ' + process.pid + '\\n');";

let server: TestServer;
let dataDir: string;
const running = new Set<ChildProcess>();

function track<T extends ChildProcess>(child: T): T {
  running.add(child);
  child.once('exit', () => running.delete(child));
  return child;
}

function publish(args: readonly string[]): CliProcess {
  const cli = startCli(['publish', '--data-dir', dataDir, ...args]);
  track(cli.child);
  return cli;
}

const publishes = (): number => server.requests.filter((request) => request.transport === 'publish').length;

beforeEach(async () => {
  server = await startTestServer();
  dataDir = await mkdtemp(path.join(tmpdir(), 'ntfy-tray-publish-wait-'));
});

afterEach(async () => {
  for (const child of running) child.kill('SIGKILL');
  await server.close();
  await rm(dataDir, { recursive: true, force: true });
});

describe('ntfy-tray publish --wait-pid', () => {
  it('sends once the process has ended, saying after how long', async () => {
    const job = track(spawn(process.execPath, ['-e', 'setInterval(() => {}, 1 << 30)'], { stdio: 'ignore' }));
    await once(job, 'spawn');
    const pid = String(job.pid);

    const cli = publish(['--wait-pid', pid, '-t', 'Backup', `${server.url}/jobs`]);
    await cli.waitForStderr(new RegExp(`^Waiting for process ${pid} to end…\\n`));
    expect(publishes()).toBe(0);
    job.kill('SIGTERM');
    await once(job, 'exit');

    expect(await cli.exited()).toBe(0);
    const [stored] = server.cachedMessages();
    expect(stored?.title).toBe('Backup');
    expect(stored?.message).toMatch(new RegExp(`^Process with PID ${pid} exited after \\d+(\\.\\d+)?(ms|s)$`));
  });

  it('sends nothing for a process that is not running', async () => {
    const ended = spawn(process.execPath, ['-e', ''], { stdio: 'ignore' });
    await once(ended, 'exit');

    const cli = publish(['--wait-pid', String(ended.pid), `${server.url}/jobs`]);

    expect(await cli.exited()).toBe(1);
    expect(cli.stderr()).toBe(`ntfy-tray publish: not sent: process with PID ${String(ended.pid)} not running\n`);
    expect(publishes()).toBe(0);
  });
});

describe('ntfy-tray publish --wait-cmd', () => {
  it('runs the command, its output on stderr only, and sends once it has ended, with its exit code and quoting', async () => {
    const cli = publish(['--wait-cmd', '-t', 'Job', `${server.url}/jobs`, process.execPath, '-e', LONG_JOB]);
    await cli.waitForStderr(/started \d+/);
    expect(publishes()).toBe(0);
    const jobPid = Number(/started (\d+)/.exec(cli.stderr())?.[1]);
    process.kill(jobPid, 'SIGTERM');

    expect(await cli.exited()).toBe(0);
    // The command wrote to its stdout; ours carries only the server's line (`… | jq .id` reads it).
    expect(expectServerLine({ stdout: cli.stdout(), stderr: '' }, 'jobs')).toMatchObject({ title: 'Job' });
    const [stored] = server.cachedMessages();
    expect(stored?.title).toBe('Job');
    expect(stored?.message).toMatch(/^Command failed after \d+(\.\d+)?(ms|s) \(exit code 3\): /);
    expect(stored?.message).toContain(` -e "${LONG_JOB}"`);
  });

  it('says a command succeeded; -q prints nothing; a message given is sent instead', async () => {
    const quiet = publish(['--wait-cmd', '-q', `${server.url}/jobs`, process.execPath, '-e', 'process.exit(0)']);
    expect(await quiet.exited()).toBe(0);
    const given = publish(['--cmd', '-m', 'backup done', `${server.url}/jobs`, process.execPath, '-e', '']);
    expect(await given.exited()).toBe(0);

    expect(quiet.stdout() + quiet.stderr()).toBe('');
    const [succeeded, withMessage] = server.cachedMessages();
    expect(succeeded?.message).toMatch(/^Command succeeded after \d+(\.\d+)?(ms|s): \S+ -e "process\.exit\(0\)"$/);
    expect(withMessage?.message).toBe('backup done');
  });

  it('sends nothing when the program does not exist', async () => {
    const cli = publish(['--wait-cmd', `${server.url}/jobs`, 'no-such-program-for-ntfy-tray', '--flag']);

    expect(await cli.exited()).toBe(1);
    expect(cli.stderr()).toBe(
      'ntfy-tray publish: not sent: command failed: no-such-program-for-ntfy-tray --flag: ' +
        'no program no-such-program-for-ntfy-tray found\n',
    );
    expect(publishes()).toBe(0);
  });
});
