/**
 * engine/create-engine.ts, the one engine wiring of the app and `ntfy-tray subscribe`, on a ManualClock with a
 * scripted transport: what it reads goes through delivery into the history, and each new connection takes the
 * timing of the moment it starts (the app's keepalive setting).
 */
import { describe, expect, it } from 'vitest';
import type { DeliveredBatch } from '../../../../main/core/delivery/deliver.ts';
import type { ConnectionTiming } from '../../../../main/core/engine/connection-types.ts';
import { createEngine } from '../../../../main/core/engine/create-engine.ts';
import type { OpenTransportOptions, TransportHandlers } from '../../../../main/core/transports/transport.ts';
import { createRecordingLogger } from '../../../fakes/logger.ts';
import { ManualClock } from '../../../support/manual-clock.ts';
import { MemoryHistoryStore } from '../../../support/memory-history.ts';
import { makeMessage } from '../../../support/messages.ts';

const OPEN_TIME = 1_700_000_000;

interface ScriptedStream {
  readonly url: string;
  readonly handlers: TransportHandlers;
  closed: boolean;
}

/** Lets promise chains (history calls, deliveries) settle; time does not move. */
async function settle(): Promise<void> {
  for (let i = 0; i < 5; i++) await new Promise((resolve) => setImmediate(resolve));
}

function setup(timing: () => Partial<ConnectionTiming>) {
  const clock = new ManualClock(OPEN_TIME * 1000);
  const history = new MemoryHistoryStore();
  const streams: ScriptedStream[] = [];
  const order: string[] = [];
  const delivered: DeliveredBatch[] = [];
  const manager = createEngine({
    clock,
    random: () => 0.5,
    log: createRecordingLogger('engine'),
    history,
    openTransport: (open: OpenTransportOptions) => {
      const stream: ScriptedStream = { url: open.request.url, handlers: open.handlers, closed: false };
      streams.push(stream);
      return {
        close: () => {
          stream.closed = true;
        },
        pause: () => undefined,
        resume: () => undefined,
      };
    },
    poll: () => Promise.resolve({ ok: true, items: [] }),
    checkTopicAccess: () => Promise.resolve({ answer: 'readable' }),
    initialSince: { kind: 'none' },
    timing,
    onStatus: () => undefined,
    sinkBeforeCommit: async (batch) => {
      const stored = await history.unseen({ server: batch.server, messages: batch.messages, changes: [] });
      order.push(`sink (stored yet: ${String(stored.newMessages.length === 0)})`);
    },
    onDelivered: (batch) => {
      order.push('delivered');
      delivered.push(batch);
    },
  });
  const open = (stream: ScriptedStream): void => {
    stream.handlers.onOpen();
    stream.handlers.onItem({ type: 'liveness', event: 'open', time: OPEN_TIME });
  };
  return { clock, history, streams, order, delivered, manager, open };
}

describe('createEngine', () => {
  it('stores what a connection reads, the sink before the commit, and hands on only what is new', async () => {
    const t = setup(() => ({}));
    t.manager.reconcile([{ server: 'https://one.example', topic: 'a' }]);
    await settle();
    const [stream] = t.streams;
    if (stream === undefined) throw new Error('no stream opened');
    t.open(stream);
    const message = makeMessage({ id: 'AAAAAAAAAAA1', time: OPEN_TIME + 1, topic: 'a' });
    stream.handlers.onItem({ type: 'message', message });
    stream.handlers.onItem({ type: 'message', message });
    await settle();
    expect(t.delivered.flatMap((batch) => batch.messages.map((item) => item.id))).toEqual(['AAAAAAAAAAA1']);
    expect(t.order).toEqual(['sink (stored yet: false)', 'delivered']);
    expect(
      (await t.history.unseen({ server: 'https://one.example', messages: [message], changes: [] })).newMessages,
    ).toEqual([]);
    await t.manager.stopAll();
  });

  it('gives each new connection the timing asked for when it starts (a changed keepalive setting)', async () => {
    let keepaliveTimeoutMs = 10_000;
    const t = setup(() => ({ keepaliveTimeoutMs }));
    t.manager.reconcile([{ server: 'https://one.example', topic: 'a' }]);
    keepaliveTimeoutMs = 60_000;
    t.manager.reconcile([
      { server: 'https://one.example', topic: 'a' },
      { server: 'https://two.example', topic: 'b' },
    ]);
    await settle();
    const [first, second] = t.streams;
    if (first === undefined || second === undefined) throw new Error('two streams expected');
    t.open(first);
    t.open(second);

    // Silence for 10 s: only the first connection (started with 10 s) takes it for a dead stream.
    t.clock.advance(10_000);
    expect(first.closed).toBe(true);
    expect(second.closed).toBe(false);
    t.clock.advance(50_000);
    expect(second.closed).toBe(true);
    await t.manager.stopAll();
  });

  it("reconnects only the named server's connections on Retry now, at once", async () => {
    const t = setup(() => ({}));
    t.manager.reconcile([
      { server: 'https://one.example', topic: 'a' },
      { server: 'https://two.example', topic: 'b' },
    ]);
    await settle();
    const [one, two] = t.streams;
    if (one === undefined || two === undefined) throw new Error('two streams expected');
    t.open(one);
    t.open(two);

    t.manager.reconnectServer('https://two.example');
    await settle();
    expect(one.closed).toBe(false);
    expect(two.closed).toBe(true);
    // A new stream for two only, without waiting out a backoff (the clock has not moved).
    expect(t.streams.slice(2).map((stream) => new URL(stream.url).origin)).toEqual(['https://two.example']);
    await t.manager.stopAll();
  });
});
