/**
 * Where `ntfy-tray subscribe` resumes, through the real command in real pipes: resume points per topic, a resume
 * point before the first message, kill -9 with a slow reader, two runs at once on one data dir, one server's
 * refusal.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../server/index.ts';
import { type CliProcess, startCli } from '../../support/cli-process.ts';
import { deliveriesCommitted } from '../../support/deliveries.ts';
import { ManualClock } from '../../support/manual-clock.ts';

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

  it('prints a scheduled message that fell due before its resume point but went out while it was away', async () => {
    await server.close();
    // The server's time moves only when this test says so (whole seconds, as message times are).
    const clock = new ManualClock(Math.floor(Date.now() / 1000) * 1000);
    server = await startTestServer({ clock, delayedCheckIntervalMs: 10_000 });
    const first = cli(['--json', `${server.url}/later`]);
    await first.waitForStderr(/connected/);
    await server.waitForSubscribers(1);
    const scheduled = await server.publish('later', { message: 'in 20 s', delay: 20_000 });
    // 25 s on, the scheduled message is due, but the delayed sender has not looked yet (ntfy's looks every 10 s).
    clock.suspend(25_000);
    const newer = await server.publish('later', 'published after the scheduled one fell due');
    expect(newer.time).toBeGreaterThan(scheduled.time);
    expect(ids(await first.waitForStdoutLines(1))).toEqual([newer.id]);
    await stop(first);
    await server.waitForNoSubscribers();

    // While the subscriber is away, the delayed sender runs: the message goes out with its own, earlier time.
    const sent = new Promise((resolve) => server.events.once('publish', resolve));
    clock.advance(0);
    expect(await sent).toMatchObject({ id: scheduled.id, time: scheduled.time });

    const again = cli(['--json', `${server.url}/later`]);
    await server.waitForSubscribers(1);
    const live = await server.publish('later', 'live after the restart');
    // Without the overlap the first line would be the live one (checked at once, not after a wait for a second line).
    expect(ids(await again.waitForStdoutLines(1))[0]).toBe(scheduled.id);
    expect(ids(await again.waitForStdoutLines(2))).toEqual([scheduled.id, live.id]);
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

  it('runs two at once on the same topics: each prints every message once, also across a kill -9 of one', async () => {
    const first = cli(['--json', `${server.url}/shared`]);
    const second = cli(['--json', `${server.url}/shared`]);
    await first.waitForStderr(/connected/);
    await second.waitForStderr(/connected/);
    await server.waitForSubscribers(2, { topic: 'shared' });
    const m1 = await server.publish('shared', 'one');
    const m2 = await server.publish('shared', 'two');
    expect(ids(await first.waitForStdoutLines(2))).toEqual([m1.id, m2.id]);
    expect(ids(await second.waitForStdoutLines(2))).toEqual([m1.id, m2.id]);
    // Killed once its last line is committed (see the kill -9 test above for a kill before that).
    await deliveriesCommitted(dataDir, m2.id, 2);
    second.child.kill('SIGKILL');
    await second.exited();

    const m3 = await server.publish('shared', 'while the second is down');
    expect(ids(await first.waitForStdoutLines(3))).toEqual([m1.id, m2.id, m3.id]);
    // The restart takes the slot the killed run had (the first still holds the other): it resumes from there.
    const restarted = cli(['--json', `${server.url}/shared`]);
    expect(ids(await restarted.waitForStdoutLines(1))).toEqual([m3.id]);
    const m4 = await server.publish('shared', 'to both');
    expect(ids(await restarted.waitForStdoutLines(2))).toEqual([m3.id, m4.id]);
    expect(ids(await first.waitForStdoutLines(4))).toEqual([m1.id, m2.id, m3.id, m4.id]);
    await stop(first);
    await stop(restarted);
    expect(ids(first.stdout().split('\n'))).toEqual([m1.id, m2.id, m3.id, m4.id]);
    expect(ids(restarted.stdout().split('\n'))).toEqual([m3.id, m4.id]);
  });

  it('keeps the other servers running when one refuses the credentials', async () => {
    const refusing = await startTestServer();
    servers.push(refusing);
    refusing.faults.failNext(1, {
      status: 401,
      body: '{"code":40101,"http":401,"error":"unauthorized"}',
      contentType: 'application/json',
    });
    // Two servers in one run: only a client.yml's entries can name them (a second argument is always a command).
    const config = path.join(dataDir, 'client.yml');
    await writeFile(config, `subscribe:\n  - topic: ${refusing.url}/x\n  - topic: ${server.url}/y\n`);
    const process = cli(['--json', '-c', config, '--from-config']);
    await process.waitForStderr(/not retrying: .*\/x.*credentials not accepted/);
    await process.waitForStderr(/connected: .*\/y/);
    const message = await server.publish('y', 'still here');
    expect(ids(await process.waitForStdoutLines(1))).toEqual([message.id]);
    expect(process.child.exitCode).toBeNull();
  });
});
