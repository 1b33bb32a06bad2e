/**
 * `ntfy-tray subscribe` with its stdout in a pipe (a socket pair, as Node gives a child's stdio: asynchronous like a
 * shell pipe) and a reader that is slow, stops, or goes away.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../server/index.ts';
import { type CliProcess, startCli } from '../../support/cli-process.ts';

const CACHED = 10_000;
/** A loaded 2-core machine needs seconds to start the CLI and move 10,000 lines through a pipe. */
const SLOW_MS = 60_000;

let server: TestServer;
let publishedIds: string[];
let dataDir: string;
const running: CliProcess[] = [];

function pollAll(env?: Readonly<Record<string, string>>): CliProcess {
  const process = startCli(
    ['subscribe', '--data-dir', dataDir, '--json', '--poll', '--since', 'all', `${server.url}/bulk`],
    env,
  );
  running.push(process);
  return process;
}

/** Resolves once this test's CLI has been sent the whole poll answer (earlier tests' polls are in the log too). */
function pollAnswered(): Promise<unknown> {
  const earlier = new Set(server.requests);
  return server.waitForRequestEnd((entry) => entry.transport === 'poll' && !earlier.has(entry), {
    timeoutMs: SLOW_MS,
  });
}

function idsOf(lines: readonly string[]): string[] {
  return lines.map((line) => (JSON.parse(line) as { id: string }).id);
}

beforeAll(async () => {
  server = await startTestServer();
  publishedIds = [];
  // In-process publishing: the messages are cached exactly as published over HTTP, without 10,000 requests.
  for (let index = 0; index < CACHED; index += 1) {
    const message = await server.publish('bulk', { message: `message ${index} ${'x'.repeat(80)}`, title: 'bulk' });
    publishedIds.push(message.id);
  }
}, SLOW_MS);

afterAll(async () => {
  await server.close();
});

beforeEach(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'ntfy-tray-pipes-'));
});

afterEach(async () => {
  for (const process of running.splice(0)) process.child.kill('SIGKILL');
  await rm(dataDir, { recursive: true, force: true });
});

describe('ntfy-tray subscribe into a pipe', () => {
  it(
    'a slow reader gets every one of 10,000 cached messages (`--poll --since all | wc -l`)',
    async () => {
      const answered = pollAnswered();
      const cli = pollAll();
      cli.pauseStdout();
      // The reader stalls until the server has sent the whole poll answer, so the CLI is done long before the
      // reader has read: it must not exit while its stdout still holds lines.
      await answered;
      cli.resumeStdout();
      expect(await cli.exited()).toBe(0);
      const lines = cli.stdout().split('\n').slice(0, -1);
      expect(lines).toHaveLength(CACHED);
      expect(idsOf(lines)).toEqual(publishedIds);
    },
    SLOW_MS,
  );

  it(
    'a reader that goes away after one line (`| head -1`) ends the CLI quietly with exit 0',
    async () => {
      const cli = pollAll();
      const [first] = await cli.waitForStdoutLines(1, SLOW_MS);
      cli.closeStdout();
      expect(await cli.exited()).toBe(0);
      expect(idsOf([first ?? ''])).toEqual(publishedIds.slice(0, 1));
      // Only the CLI's own log lines: no EPIPE, no stack trace.
      expect(cli.stderr()).not.toMatch(/EPIPE|Error|^\s+at /m);
    },
    SLOW_MS,
  );

  it(
    'SIGTERM while the reader is paused and lines are still queued: every line arrives once reading resumes, exit 0',
    async () => {
      const answered = pollAnswered();
      const cli = pollAll({ NTFY_TRAY_LOG: 'debug' });
      cli.pauseStdout();
      // The whole answer has reached the CLI, which can only queue it towards a reader that does not read.
      await answered;
      cli.child.kill('SIGTERM');
      await cli.waitForStderr(/stop requested.*"signal":"SIGTERM"/, SLOW_MS);
      expect(cli.stdout()).toBe(''); // nothing was read before the signal
      cli.resumeStdout();
      expect(await cli.exited()).toBe(0);
      expect(cli.stdout().endsWith('\n')).toBe(true);
      expect(idsOf(cli.stdout().split('\n').slice(0, -1))).toEqual(publishedIds);
    },
    SLOW_MS,
  );

  it(
    'a second SIGTERM exits at once when the reader never reads',
    async () => {
      const answered = pollAnswered();
      const cli = pollAll({ NTFY_TRAY_LOG: 'debug' });
      cli.pauseStdout();
      await answered;
      cli.child.kill('SIGTERM');
      await cli.waitForStderr(/stop requested/, SLOW_MS);
      cli.child.kill('SIGTERM');
      expect(await cli.exited()).toBe(143); // 128 + SIGTERM, as a shell reports a process ended by it
    },
    SLOW_MS,
  );
});
