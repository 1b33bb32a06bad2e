/**
 * Where `ntfy-tray subscribe` resumes, through the real command in real pipes: resume points per topic, a resume
 * point before the first message, kill -9 with a slow reader, one data dir per run, one server's refusal.
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
const servers: TestServer[] = [];

function cli(args: readonly string[]): CliProcess {
  const process = startCli(['subscribe', '--data-dir', dataDir, ...args]);
  running.push(process);
  return process;
}

function ids(lines: readonly string[]): string[] {
  return lines.filter((line) => line !== '').map((line) => (JSON.parse(line) as { id: string }).id);
}

async function stop(process: CliProcess): Promise<void> {
  process.child.kill('SIGTERM');
  expect(await process.exited()).toBe(0);
}

beforeEach(async () => {
  server = await startTestServer();
  dataDir = await mkdtemp(path.join(tmpdir(), 'ntfy-tray-resume-'));
});

afterEach(async () => {
  for (const process of running.splice(0)) process.child.kill('SIGKILL');
  for (const extra of servers.splice(0)) await extra.close();
  await server.close();
  await rm(dataDir, { recursive: true, force: true });
});

describe('ntfy-tray subscribe resume points', () => {
  it('keeps each topic’s resume point to itself: a, then b, then a again loses nothing of a', async () => {
    const first = cli(['--json', `${server.url}/a`]);
    await first.waitForStderr(/connected/);
    await server.publish('a', 'a1');
    await first.waitForStdoutLines(1);
    await stop(first);

    const oldB = await server.publish('b', 'b-before');
    const onlyB = cli(['--json', '--since', 'none', `${server.url}/b`]);
    await onlyB.waitForStderr(/connected/);
    const whileOnB = await server.publish('a', 'a2');
    const b1 = await server.publish('b', 'b1');
    expect(ids(await onlyB.waitForStdoutLines(1))).toEqual([b1.id]);
    await stop(onlyB);
    expect(ids(onlyB.stdout().split('\n'))).not.toContain(oldB.id);

    const again = cli(['--json', `${server.url}/a`]);
    expect(ids(await again.waitForStdoutLines(1))).toEqual([whileOnB.id]);
  });

  it('resumes from the first connect when it was stopped before any message arrived', async () => {
    const first = cli(['--json', `${server.url}/quiet`]);
    await first.waitForStderr(/connected/);
    await server.waitForSubscribers(1);
    await stop(first);
    const whileStopped = await server.publish('quiet', 'published while stopped');
    const second = cli(['--json', `${server.url}/quiet`]);
    expect(ids(await second.waitForStdoutLines(1))).toEqual([whileStopped.id]);
  });

  it('loses nothing when killed with SIGKILL mid-burst behind a slow reader: a restart prints the rest', async () => {
    const total = 2000;
    const padding = 'x'.repeat(300); // 2,000 lines of ~450 bytes: far more than a pipe holds
    const first = cli(['--json', `${server.url}/burst`]);
    await first.waitForStderr(/connected/);
    first.child.stdout.pause();
    const published: string[] = [];
    for (let i = 0; i < total; i++) published.push((await server.publish('burst', `${i} ${padding}`)).id);
    // Let the reader take some, then stop reading again and kill the writer while it waits on the pipe.
    first.child.stdout.resume();
    await first.waitForStdoutLines(300);
    first.child.stdout.pause();
    first.child.kill('SIGKILL');
    first.child.stdout.resume();
    await first.exited();
    const printedFirst = ids(first.stdout().split('\n').slice(0, -1)); // a cut last line was not printed whole
    expect(printedFirst.length).toBeLessThan(total);

    const second = cli(['--json', `${server.url}/burst`]);
    const missing = published.filter((id) => !printedFirst.includes(id));
    // Some lines may come twice (see below), so read until every missing one has come.
    let printedSecond = ids(await second.waitForStdoutLines(missing.length, 30_000));
    while (!missing.every((id) => printedSecond.includes(id))) {
      printedSecond = ids(await second.waitForStdoutLines(printedSecond.length + 1, 30_000));
    }
    expect(new Set([...printedFirst, ...printedSecond])).toEqual(new Set(published));
    // Printed twice at most: what had been written but not yet committed when the process died.
    const twice = printedSecond.filter((id) => printedFirst.includes(id));
    expect(printedSecond.length - twice.length).toBe(missing.length);
  });

  it('refuses a second run on the same data dir with a clear message instead of splitting the messages', async () => {
    const first = cli(['--json', `${server.url}/shared`]);
    await first.waitForStderr(/connected/);
    const second = cli(['--json', `${server.url}/shared`]);
    expect(await second.exited()).toBe(1);
    expect(second.stderr()).toMatch(/another ntfy-tray subscribe is already using the data dir/);
    const message = await server.publish('shared', 'to the first run only');
    expect(ids(await first.waitForStdoutLines(1))).toEqual([message.id]);
    await stop(first);
    // Once the first has stopped (or died), the data dir is free again.
    const third = cli(['--json', `${server.url}/shared`]);
    await third.waitForStderr(/connected/);
  });

  it('keeps the other servers running when one refuses the credentials', async () => {
    const refusing = await startTestServer();
    servers.push(refusing);
    refusing.faults.failNext(1, {
      status: 401,
      body: '{"code":40101,"http":401,"error":"unauthorized"}',
      contentType: 'application/json',
    });
    const process = cli(['--json', `${refusing.url}/x`, `${server.url}/y`]);
    await process.waitForStderr(/not retrying: .*\/x.*credentials not accepted/);
    await process.waitForStderr(/connected: .*\/y/);
    const message = await server.publish('y', 'still here');
    expect(ids(await process.waitForStdoutLines(1))).toEqual([message.id]);
    expect(process.child.exitCode).toBeNull();
  });
});
