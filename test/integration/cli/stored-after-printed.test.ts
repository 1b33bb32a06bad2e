/**
 * `runSubscribe`'s order, in process against test/server and a real SQLite history: a message is stored and its
 * resume point moved only once its write to stdout has completed. An output whose write never completes (a reader
 * that stopped reading, a process about to die) must leave nothing stored or committed past what was written — a
 * non-awaited write would commit it and a restart would skip a message that never reached the reader.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { systemClock } from '../../../common/clock.ts';
import { OutputClosedError, type OutputSink } from '../../../main/core/cli/output-sink.ts';
import { parseSubscribeArgs } from '../../../main/core/cli/subscribe-args.ts';
import { runSubscribe } from '../../../main/core/cli/subscribe-command.ts';
import { checkTopicAccess, pollOnce } from '../../../main/core/engine/http-requests.ts';
import type { AppendRequest, AppendResult } from '../../../main/core/ports.ts';
import { SqliteHistoryStore } from '../../../main/core/store/history/index.ts';
import { openTransport } from '../../../main/core/transports/index.ts';
import { startTestServer, type TestServer } from '../../server/index.ts';
import { createRecordingLogger } from '../../fakes/logger.ts';

let server: TestServer;
let dataDir: string;
let history: SqliteHistoryStore;

beforeEach(async () => {
  server = await startTestServer();
  dataDir = await mkdtemp(path.join(tmpdir(), 'ntfy-tray-order-'));
  history = await SqliteHistoryStore.open({ dataDir });
});

afterEach(async () => {
  await history.close();
  await server.close();
  await rm(dataDir, { recursive: true, force: true });
});

/** Resolves when `check` holds, re-checking after each event-loop turn: waits for an event, not for a time. */
async function until(check: () => boolean): Promise<void> {
  while (!check()) await new Promise((resolve) => setImmediate(resolve));
}

/**
 * stdout whose first write completes and whose later writes never do, until `goAway()` rejects them as a reader
 * that has gone would.
 */
function stuckAfterFirstWrite() {
  const written: string[] = [];
  const held: ((error: Error) => void)[] = [];
  let closeOutput: () => void = () => undefined;
  const closed = new Promise<void>((resolve) => {
    closeOutput = resolve;
  });
  const output: OutputSink = {
    write: (text) => {
      written.push(text);
      if (written.length === 1) return Promise.resolve();
      return new Promise<void>((_resolve, reject) => held.push(reject));
    },
    closed,
    flush: () => Promise.resolve(),
  };
  const goAway = (): void => {
    for (const reject of held.splice(0)) reject(new OutputClosedError());
    closeOutput();
  };
  return { output, written, goAway };
}

describe('runSubscribe stores only what it has printed', () => {
  it('commits nothing past the write that never completes, and nothing of it once the reader has gone', async () => {
    const plan = parseSubscribeArgs(['--json', `${server.url}/order`], {});
    if (plan.ok !== true) throw new Error(`arguments refused: ${JSON.stringify(plan)}`);
    const appends: AppendRequest[] = [];
    const recordingHistory = {
      append: async (request: AppendRequest): Promise<AppendResult> => {
        const result = await history.append(request);
        appends.push(request);
        return result;
      },
      unseen: history.unseen.bind(history),
      getResumePoints: history.getResumePoints.bind(history),
    };
    const sink = stuckAfterFirstWrite();
    const run = runSubscribe(plan.value, {
      output: sink.output,
      stderr: () => undefined,
      clock: systemClock,
      random: Math.random,
      log: createRecordingLogger('subscribe'),
      openTransport,
      poll: pollOnce,
      checkTopicAccess,
      history: recordingHistory,
      stopSignal: new Promise(() => undefined),
    });
    await server.waitForSubscribers(1, { topic: 'order' });

    const first = await server.publish('order', 'printed');
    await until(() => appends.some((request) => request.messages.some((message) => message.id === first.id)));
    const second = await server.publish('order', 'written, never completed');
    await until(() => sink.written.length === 2);
    expect(sink.written[1]).toContain(second.id);
    // Whatever else happens meanwhile (keepalives, the catch-up poll), the second message is neither stored nor
    // does any resume point pass it.
    const stored = (): string[] => history.listMessages().messages.map((message) => message.message.id);
    expect(stored()).toEqual([first.id]);
    const pointOf = async () => [...(await history.getResumePoints(appends.flatMap(keysOf))).values()];
    expect((await pointOf()).map((point) => point.lastId)).toEqual([first.id]);

    sink.goAway(); // the reader has gone: the command ends, still without committing what it could not print
    expect(await run).toBe(0);
    expect(stored()).toEqual([first.id]);
    expect((await pointOf()).map((point) => point.lastId)).toEqual([first.id]);
  });
});

function keysOf(request: AppendRequest): string[] {
  return request.resume?.targets.map((target) => target.key) ?? [];
}
