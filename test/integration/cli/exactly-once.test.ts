/**
 * "Never lose or repeat a message" at its corners, through the real `ntfy-tray subscribe` in real pipes against
 * test/server, which keeps ntfy's cache rows (a scheduled message keeps the row of its publish, `since=<id>` counts
 * rows): a scheduled message that falls due while the command is stopped or asleep, and retention at its minimum
 * between runs of one topic and then of two together. (A catch-up poll that prints ahead of a slow stream is
 * test/unit/core/engine/connection.test.ts's, on a ManualClock: its timing cannot be forced through a pipe.)
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openConfSettingsStore } from '../../../main/core/store/settings/conf-settings-store.ts';
import type { NtfyMessage } from '../../server/types.ts';
import { startTestServer, type TestServer } from '../../server/index.ts';
import { type CliProcess, startCli } from '../../support/cli-process.ts';
import { createRecordingLogger } from '../../fakes/logger.ts';

let server: TestServer;
let dataDir: string;
const running: CliProcess[] = [];

function cli(args: readonly string[]): CliProcess {
  const process = startCli(['subscribe', '--data-dir', dataDir, '--json', ...args]);
  running.push(process);
  return process;
}

function ids(text: string): string[] {
  return text
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => (JSON.parse(line) as { id: string }).id);
}

async function stop(process: CliProcess): Promise<void> {
  process.child.kill('SIGTERM');
  expect(await process.exited()).toBe(0);
}

/** Resolves once the server has sent the scheduled message `id` out live (its delayed sender found it due). */
function sentWhenDue(id: string): Promise<void> {
  return new Promise((resolve) => {
    const onPublish = (message: NtfyMessage): void => {
      if (message.id !== id) return;
      server.events.off('publish', onPublish);
      resolve();
    };
    server.events.on('publish', onPublish);
  });
}

/** The retention this data dir's `subscribe` applies when it starts (as the app's settings would set it). */
async function setRetention(maxPerSubscription: number): Promise<void> {
  const settings = openConfSettingsStore({ dir: dataDir, log: createRecordingLogger('settings') });
  const result = await settings.update((current) => ({
    ...current,
    preferences: {
      ...current.preferences,
      historyRetention: { ...current.preferences.historyRetention, maxPerSubscription },
    },
  }));
  expect(result.ok).toBe(true);
}

beforeEach(async () => {
  // Scheduled messages may be due in 1 s and are looked for every 50 ms (ntfy: at least 10 s, every 10 s).
  server = await startTestServer({ minDelayMs: 1000, delayedCheckIntervalMs: 50 });
  dataDir = await mkdtemp(path.join(tmpdir(), 'ntfy-tray-exactly-once-'));
});

afterEach(async () => {
  for (const process of running.splice(0)) process.child.kill('SIGKILL');
  await server.close();
  await rm(dataDir, { recursive: true, force: true });
});

describe.each(['json', 'sse', 'ws'] as const)('a scheduled message due while away (%s)', (transport) => {
  it('is printed after a restart, although a message published after it was printed before the stop', async () => {
    const first = cli(['--transport', transport, `${server.url}/later`]);
    await first.waitForStderr(/connected/);
    const scheduled = await server.publish('later', { message: 'due while away', delay: '1s' });
    const normal = await server.publish('later', 'published after it, printed at once');
    expect(ids((await first.waitForStdoutLines(1)).join('\n'))).toEqual([normal.id]);
    const due = sentWhenDue(scheduled.id);
    await stop(first);
    await due; // fell due (and was sent to nobody) while the command was stopped

    const second = cli(['--transport', transport, `${server.url}/later`]);
    expect(ids((await second.waitForStdoutLines(1)).join('\n'))).toEqual([scheduled.id]);
    const afterwards = await server.publish('later', 'live again');
    await second.waitForStdoutLines(2);
    expect(ids(second.stdout())).toEqual([scheduled.id, afterwards.id]); // the normal one not again
  });

  it('is printed once when the command was stopped (SIGSTOP, as in sleep) while it fell due', async () => {
    const subscriber = cli(['--transport', transport, `${server.url}/asleep`]);
    await subscriber.waitForStderr(/connected/);
    const scheduled = await server.publish('asleep', { message: 'due during sleep', delay: '1s' });
    const normal = await server.publish('asleep', 'before sleep');
    await subscriber.waitForStdoutLines(1);
    const due = sentWhenDue(scheduled.id);
    subscriber.child.kill('SIGSTOP');
    await due;
    subscriber.child.kill('SIGCONT');
    await subscriber.waitForStdoutLines(2);
    const after = await server.publish('asleep', 'after wake');
    await subscriber.waitForStdoutLines(3);
    expect(ids(subscriber.stdout())).toEqual([normal.id, scheduled.id, after.id]);
  });
});

describe('retention between runs prints nothing twice', () => {
  it('two topics subscribed one by one, then together with retention at its minimum', async () => {
    await setRetention(10);
    const published = new Map<string, string[]>();
    for (const topic of ['a', 'b']) {
      const run = cli([`${server.url}/${topic}`]);
      await run.waitForStderr(/connected/);
      const sent: string[] = [];
      for (let i = 0; i < 15; i++) sent.push((await server.publish(topic, `${topic} ${String(i)}`)).id);
      await run.waitForStdoutLines(15);
      await stop(run);
      expect(ids(run.stdout())).toEqual(sent);
      published.set(topic, sent);
    }
    const both = cli([`${server.url}/a,b`]);
    await both.waitForStderr(/connected/);
    const live = await server.publish('a', 'new on a');
    await both.waitForStdoutLines(1);
    expect(ids(both.stdout())).toEqual([live.id]);
  });
});
