import { resumeSinceOf } from '../../../support/resume-since.ts';
import { EventEmitter, once } from 'node:events';
import { afterEach, describe, expect, it } from 'vitest';
import type { DeliveredBatch } from '../../../../main/core/delivery/deliver.ts';
import { openTransport } from '../../../../main/core/transports/index.ts';
import { startTestServer, type TestServer } from '../../../server/index.ts';
import { type EngineHarness, startEngine } from '../../../support/engine-harness.ts';
import { ManualClock } from '../../../support/manual-clock.ts';

let server: TestServer | undefined;
let engine: EngineHarness | undefined;

afterEach(async () => {
  await engine?.stop();
  engine = undefined;
  await server?.close();
  server = undefined;
});

function modesOf(batches: readonly DeliveredBatch[]): string[] {
  return batches.map((batch) => `${batch.mode}:${batch.messages.map((m) => m.message).join(',')}`);
}

describe('catch-up', () => {
  it('loads a new subscription’s cached history as history, then delivers live messages one by one', async () => {
    const testServer = await startTestServer();
    server = testServer;
    for (const text of ['old 1', 'old 2', 'old 3'])
      await testServer.publish('t', { message: text, time: Math.floor(Date.now() / 1000) - 60 });
    engine = startEngine({ subscriptions: [{ server: testServer.url, topic: 't' }] });
    await engine.waitForMessages(3);
    await testServer.publish('t', 'live 1');
    await testServer.publish('t', 'live 2');
    await engine.waitForMessages(5);
    expect(modesOf(engine.batches)).toEqual(['history:old 1,old 2,old 3', 'live:live 1', 'live:live 2']);
    expect(testServer.requests.find((entry) => entry.transport === 'json')?.query['since']).toBe('all');
  });

  it('hands on what was published while away as one catch-up batch', async () => {
    const testServer = await startTestServer();
    server = testServer;
    // The engine's timers are the test's: it stays in backoff until the clock is moved, and the replay is handed on
    // only when the clock passes the quiet time after the last replayed item — however slow the machine.
    const clock = new ManualClock();
    const read = new EventEmitter();
    let replayed = 0;
    engine = startEngine({
      subscriptions: [{ server: testServer.url, topic: 't' }],
      timing: { backoffInitialMs: 400 },
      clock,
      openTransport: (options) =>
        openTransport({
          ...options,
          handlers: {
            ...options.handlers,
            onItem: (item) => {
              options.handlers.onItem(item);
              if (item.type === 'message' && item.message.message.startsWith('away ')) replayed++;
              read.emit('item');
            },
          },
        }),
    });
    await testServer.waitForSubscribers(1);
    await testServer.publish('t', 'before');
    await engine.waitForMessages(1);
    testServer.faults.dropAll();
    await engine.waitForStatus((status) => status.state.kind === 'backoff');
    // Published while the engine waits to reconnect; `time` one second back so they are clearly older than `open`.
    const now = Math.floor(Date.now() / 1000) - 1;
    for (let i = 1; i <= 50; i++) await testServer.publish('t', { message: `away ${i}`, time: now });
    clock.advance(1000); // the reconnect
    while (replayed < 50) await once(read, 'item');
    clock.advance(50); // the stream has been quiet for the collector's quiet time
    await engine.waitForMessages(51);
    const catchUp = engine.batches.filter((batch) => batch.mode === 'catch-up');
    expect(catchUp).toHaveLength(1);
    expect(catchUp[0]?.messages).toHaveLength(50);
    expect(engine.batches.filter((batch) => batch.mode === 'live')).toHaveLength(1);
  });

  it('polls after reconnecting and finds a message the stream could not see', async () => {
    // The server fans a message out live before caching it. A client that subscribes between the two sees it
    // neither live nor in its replay; only the poll a moment later finds it.
    const testServer = await startTestServer({
      beforeCache: async (message) => {
        if (message.message === 'in the gap') await resubscribed;
      },
    });
    server = testServer;
    let resubscribed: Promise<unknown> = Promise.resolve();
    engine = startEngine({
      subscriptions: [{ server: testServer.url, topic: 't' }],
      timing: { pollAfterConnectMs: 300 },
    });
    await testServer.waitForSubscribers(1);
    await testServer.publish('t', 'first');
    await engine.waitForMessages(1);

    resubscribed = once(testServer.events, 'subscribe');
    testServer.faults.dropAll();
    await testServer.publish('t', 'in the gap');
    const received = await engine.waitForMessages(2);
    expect(received.map((message) => message.message)).toEqual(['first', 'in the gap']);
    expect(engine.batches.at(-1)?.mode).toBe('catch-up');
    const polls = testServer.requests.filter((entry) => entry.transport === 'poll');
    expect(polls.length).toBeGreaterThanOrEqual(1);
    expect(polls[0]?.query['since']).toBe(resumeSinceOf(received[0]));
  });
});

describe('reconcile', () => {
  it('restarts only the changed group, resumes from its cursor and loads the new topic’s history', async () => {
    const testServer = await startTestServer();
    server = testServer;
    await testServer.publish('b', { message: 'b history', time: Math.floor(Date.now() / 1000) - 60 });
    const harness = startEngine({ subscriptions: [{ server: testServer.url, topic: 'a' }] });
    engine = harness;
    await testServer.waitForSubscribers(1);
    await testServer.publish('a', 'a1');
    await harness.waitForMessages(1);

    const result = harness.manager.reconcile([
      { server: testServer.url, topic: 'a' },
      { server: testServer.url, topic: 'b' },
    ]);
    expect(result).toEqual({ started: [], stopped: [], restarted: [expect.any(String)] });
    // Published during the switch: the new connection's since=<time> replays it.
    await testServer.publish('a', 'a2 during switch');
    await testServer.waitForSubscribers(1, { topic: 'b' });
    await testServer.publish('b', 'b live');
    const received = await harness.waitForMessages(4);
    expect(received.map((message) => message.message).sort()).toEqual([
      'a1',
      'a2 during switch',
      'b history',
      'b live',
    ]);
    expect(harness.batches.find((batch) => batch.messages.some((m) => m.message === 'b history'))?.mode).toBe(
      'history',
    );
    const subscribes = testServer.requests.filter((entry) => entry.transport === 'json');
    expect(subscribes.at(-1)?.path).toBe('/a,b/json');
    expect(subscribes.at(-1)?.query['since']).toBe(resumeSinceOf(received[0]));

    expect(
      harness.manager.reconcile([
        { server: testServer.url, topic: 'a' },
        { server: testServer.url, topic: 'b' },
      ]),
    ).toEqual({
      started: [],
      stopped: [],
      restarted: [],
    });
  });
});
