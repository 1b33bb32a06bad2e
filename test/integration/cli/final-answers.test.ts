/**
 * `ntfy-tray subscribe` on an answer no retry can change (docs/protocol.md#final-answers): one request, then the
 * command ends with exit code 1 and a sentence that says what to do. The request log counts the attempts; nothing
 * waits for time to pass.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../server/index.ts';
import { type CliProcess, startCli } from '../../support/cli-process.ts';

let server: TestServer;
let dataDir: string;
const running: CliProcess[] = [];

function subscribe(...args: string[]): CliProcess {
  const process = startCli(['subscribe', '--data-dir', dataDir, ...args]);
  running.push(process);
  return process;
}

beforeEach(async () => {
  server = await startTestServer();
  dataDir = await mkdtemp(path.join(tmpdir(), 'ntfy-tray-cli-final-'));
});

afterEach(async () => {
  for (const process of running.splice(0)) process.child.kill('SIGKILL');
  await server.close();
  await rm(dataDir, { recursive: true, force: true });
});

describe('ntfy-tray subscribe on a final answer', () => {
  it('exits 1 after one request for a stream URL copied from ntfy’s curl examples, naming the URL to use', async () => {
    const process = subscribe(`${server.url}/topic/json`);
    expect(await process.exited()).toBe(1);
    expect(process.stderr()).toContain(
      `${server.url}/topic/json looks like an ntfy stream URL (HTTP 404): subscribe to ${server.url}/topic instead`,
    );
    // Read as server <url>/topic and topic `json`: ntfy has no /topic/json/json.
    expect(server.requests.map((entry) => [entry.path, entry.status])).toEqual([['/topic/json/json', 404]]);
  });

  it('exits 1 after one request on a 414 from a proxy, saying the URL is too long for it', async () => {
    server.faults.limitUrlLength(20);
    const process = subscribe(`${server.url}/a-topic-with-a-long-name`);
    expect(await process.exited()).toBe(1);
    expect(process.stderr()).toMatch(
      /^error: http:\/\/127\.0\.0\.1:\d+\/a-topic-with-a-long-name \(json\): the URL is too long for the server or a proxy in front of it \(HTTP 414\)/m,
    );
    expect(server.requests.map((entry) => entry.status)).toEqual([414]);
  });
});
