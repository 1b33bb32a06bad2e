/**
 * Connection on a ManualClock: a reconnect while what the first connect read is not committed yet. The CLI commits
 * a batch only once stdout has taken it (sinkBeforeCommit), so a slow reader keeps the first connect's messages and
 * its start time out of the history for as long as it likes; the reconnect must still not start from scratch.
 */
import { describe, expect, it } from 'vitest';
import { Connection } from '../../../../main/core/engine/connection.ts';
import { createDeliver, type DeliveredBatch } from '../../../../main/core/delivery/deliver.ts';
import type { OpenTransportOptions } from '../../../../main/core/transports/transport.ts';
import { createRecordingLogger } from '../../../fakes/logger.ts';
import { ManualClock } from '../../../support/manual-clock.ts';
import { MemoryHistoryStore } from '../../../support/memory-history.ts';
import { makeMessage } from '../../../support/messages.ts';
import type { SinceValue } from '../../../../main/core/protocol/since.ts';

const OPEN_TIME = 1_700_000_000;

/** Lets promise chains (history calls, deliveries) settle; time does not move. */
async function settle(): Promise<void> {
  for (let i = 0; i < 5; i++) await new Promise((resolve) => setImmediate(resolve));
}

function setup(initialSince: SinceValue) {
  const clock = new ManualClock(OPEN_TIME * 1000);
  const streams: OpenTransportOptions[] = [];
  const printed: string[] = [];
  let releaseStdout: () => void = () => undefined;
  const stdoutDrained = new Promise<void>((resolve) => {
    releaseStdout = resolve;
  });
  const history = new MemoryHistoryStore();
  const deliver = createDeliver({
    history,
    // Like the CLI's stdout: a batch is committed only once the reader has taken it.
    sinkBeforeCommit: async (batch: DeliveredBatch) => {
      await stdoutDrained;
      printed.push(...batch.messages.map((message) => message.id));
    },
  });
  const connection = new Connection({
    spec: {
      key: 'group',
      server: 'https://ntfy.example',
      topics: ['a'],
      transport: 'json',
      filters: {},
      credentials: { kind: 'none' },
      authVia: 'header',
      scheduled: false,
      initialSince,
    },
    clock,
    random: () => 0.5,
    log: createRecordingLogger('test'),
    openTransport: (open) => {
      streams.push(open);
      return { close: () => undefined, pause: () => undefined, resume: () => undefined };
    },
    history,
    deliver,
    poll: () => Promise.resolve({ ok: true, items: [] }),
    checkTopicAccess: () => Promise.resolve({ answer: 'readable' }),
    timing: { catchUpQuietMs: 100, pollAfterConnectMs: 60_000, backoffInitialMs: 1000, backoffMaxMs: 1000 },
    onStatus: () => undefined,
  });
  const current = (): OpenTransportOptions => {
    const stream = streams.at(-1);
    if (stream === undefined) throw new Error('no stream opened');
    return stream;
  };
  return {
    clock,
    connection,
    streams,
    printed,
    releaseStdout,
    current,
    open: (time: number) => {
      current().handlers.onOpen();
      current().handlers.onItem({ type: 'liveness', event: 'open', time });
    },
    send: (id: string, time: number) => {
      current().handlers.onItem({ type: 'message', message: makeMessage({ id, time, topic: 'a' }) });
    },
    since: (stream: OpenTransportOptions | undefined) =>
      stream === undefined ? undefined : new URL(stream.request.url).searchParams.get('since'),
  };
}

describe('Connection resuming before anything is committed', () => {
  it('resumes from the first connect’s time, not `latest` again, while stdout still holds the replay', async () => {
    const t = setup({ kind: 'latest' });
    t.connection.start();
    await settle();
    expect(t.since(t.streams[0])).toBe('latest');
    t.open(OPEN_TIME);
    t.send('AAAAAAAAAAA0', OPEN_TIME - 60); // the latest message, replayed
    t.clock.advance(100); // the replay's quiet time: handed to stdout, which does not take it yet
    await settle();
    t.current().handlers.onEnd({ kind: 'ended' });
    await settle();
    t.clock.advance(1000); // the backoff
    await settle();
    expect(t.streams).toHaveLength(2);
    // `latest` again would skip all but the newest of what was published while away; nothing is stored yet, and
    // the first connect's start loses nothing (what comes again is dropped by dedupe).
    expect(t.since(t.streams[1])).toBe(String(OPEN_TIME));

    t.open(OPEN_TIME + 5);
    t.send('AAAAAAAAAAA1', OPEN_TIME + 2); // published while away
    t.send('AAAAAAAAAAA2', OPEN_TIME + 3);
    t.clock.advance(100);
    t.releaseStdout();
    await settle();
    expect(t.printed).toEqual(['AAAAAAAAAAA0', 'AAAAAAAAAAA1', 'AAAAAAAAAAA2']);
  });

  it('asks for `all` again when the first replay may have ended unread, rather than skip the rest of it', async () => {
    const t = setup({ kind: 'all' });
    t.connection.start();
    await settle();
    t.open(OPEN_TIME);
    t.send('AAAAAAAAAAA0', OPEN_TIME - 60); // the first of a long replay; the stream ends before the rest
    t.current().handlers.onEnd({ kind: 'ended' });
    await settle();
    t.clock.advance(1000);
    await settle();
    // From the first open's time, the rest of the cached history (all older than it) would never come.
    expect(t.since(t.streams[1])).toBe('all');
  });

  it('does not take a first connect that ended before its replay came as having read it (since=all again)', async () => {
    const t = setup({ kind: 'all' });
    t.releaseStdout();
    t.connection.start();
    await settle();
    t.open(OPEN_TIME);
    t.current().handlers.onEnd({ kind: 'ended' }); // before the first cached message arrived
    await settle();
    t.clock.advance(1000);
    await settle();
    // Storing the open time as the start would skip the whole cached history, all of it older than that.
    expect(t.since(t.streams[1])).toBe('all');
  });
});
