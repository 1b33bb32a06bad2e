import { resumeSinceOf } from '../../../support/resume-since.ts';
import { EventEmitter, once } from 'node:events';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { TransportKind } from '../../../../main/core/protocol/subscribe-request.ts';
import { startTestServer, type TestServer } from '../../../server/index.ts';
import { openTransport } from '../../../../main/core/transports/index.ts';
import { type EngineHarness, startEngine } from '../../../support/engine-harness.ts';
import { ManualClock } from '../../../support/manual-clock.ts';

let server: TestServer;
let engine: EngineHarness | undefined;

beforeEach(async () => {
  server = await startTestServer({ keepaliveIntervalMs: 1000 });
});

afterEach(async () => {
  await engine?.stop();
  engine = undefined;
  await server.close();
});

const varied = [
  { message: 'plain' },
  { message: 'unicode: héllo wörld 😀 日本語', title: 'Ünïcode' },
  { message: '<script>alert(1)</script> & "quotes"', title: '<b>bold</b> & co' },
  { message: 'line one\nline two\n\nline four' },
  { message: 'separators \u2028 and \u2029 inside' },
  { message: 'x'.repeat(3000) },
  {
    message: 'every optional field',
    title: 'Title',
    priority: 5,
    tags: ['warning', 'skull', 'custom-tag'],
    click: 'https://example.com/click',
    icon: 'https://example.com/icon.png',
    actions: [
      { action: 'view', label: 'Open', url: 'https://example.com/' },
      { action: 'http', label: 'Ack', url: 'https://example.com/ack', method: 'PUT', headers: { X: 'y' }, body: '{}' },
    ],
    attach: 'https://example.com/file.jpg',
    filename: 'file.jpg',
    markdown: true,
  },
] as const;

describe.each<TransportKind>(['json', 'sse', 'ws'])('%s transport', (transport) => {
  it('delivers varied messages with every field intact', async () => {
    engine = startEngine({ subscriptions: [{ server: server.url, topic: 'alerts', transport }] });
    await engine.waitForStatus((status) => status.state.kind === 'open');
    await server.waitForSubscribers(1);
    const published = [];
    for (const options of varied) published.push(await server.publish('alerts', { ...options }));
    const received = await engine.waitForMessages(published.length);
    expect(received.map((message) => message.id)).toEqual(published.map((message) => message.id));
    for (const [index, message] of received.entries()) {
      const sent = published[index];
      if (sent === undefined) throw new Error('missing published message');
      // The raw object is what the server sent, field for field, after JSON decoding.
      expect(message.raw).toEqual(JSON.parse(JSON.stringify(sent)));
      expect(message.message).toBe(sent.message);
    }
    const last = received.at(-1);
    expect(last?.priority).toBe(5);
    expect(last?.actions.map((action) => action.action)).toEqual(['view', 'http']);
    expect(last?.actions[1]?.method).toBe('PUT');
    expect(last?.attachment?.name).toBe('file.jpg');
    expect(last?.contentType).toBe('text/markdown');
  });

  it('carries several topics on one connection', async () => {
    engine = startEngine({
      subscriptions: ['a', 'b', 'c'].map((topic) => ({ server: server.url, topic, transport })),
    });
    const [subscriber] = await server.waitForSubscribers(1);
    expect(server.subscribers()).toHaveLength(1);
    expect(subscriber?.topics).toEqual(['a', 'b', 'c']);
    await server.publish('a', 'to a');
    await server.publish('c', 'to c');
    await server.publish('b', 'to b');
    const received = await engine.waitForMessages(3);
    expect(received.map((message) => `${message.topic}:${message.message}`).sort()).toEqual([
      'a:to a',
      'b:to b',
      'c:to c',
    ]);
  });

  it('skips malformed bytes between valid messages and keeps the connection', async () => {
    engine = startEngine({ subscriptions: [{ server: server.url, topic: 'alerts', transport }] });
    await server.waitForSubscribers(1);
    await server.publish('alerts', 'before');
    await engine.waitForMessages(1);
    const garbage =
      transport === 'sse' ? 'data: {not json\n\n' : transport === 'ws' ? '{"event":"message"' : '{not json}\n';
    expect(server.faults.inject(garbage)).toBe(1);
    // Invalid UTF-8: on WebSockets as a binary frame (in a text frame `ws` must fail the connection, RFC 6455 8.1).
    server.faults.inject(Buffer.from([0xff, 0xfe, 0x0a]), { wsBinary: transport === 'ws' });
    await server.publish('alerts', 'after');
    const received = await engine.waitForMessages(2);
    expect(received.map((message) => message.message)).toEqual(['before', 'after']);
    expect(engine.log.entries.some((entry) => entry.message === 'skipped an unreadable stream item')).toBe(true);
    expect(server.subscribers()).toHaveLength(1);
    expect(engine.statuses.filter((status) => status.state.kind === 'backoff')).toEqual([]);
  });
});

describe('raw transport', () => {
  it('delivers bodies with newlines replaced, without ids or catch-up', async () => {
    engine = startEngine({ subscriptions: [{ server: server.url, topic: 'alerts', transport: 'raw' }] });
    await server.waitForSubscribers(1);
    const subscribeRequest = server.requests.find((entry) => entry.transport === 'raw');
    expect(subscribeRequest?.query['since']).toBeUndefined();
    await server.publish('alerts', 'first\nsecond line');
    await server.publish('alerts', 'héllo');
    expect(await engine.waitForRaw(2)).toEqual(['first second line', 'héllo']);
    expect(engine.messages).toEqual([]);
  });
});

describe.each<TransportKind>(['json', 'sse', 'ws'])('%s transport limits and liveness', (transport) => {
  it('skips an item over the 1 MiB cap and keeps the connection', async () => {
    engine = startEngine({ subscriptions: [{ server: server.url, topic: 'alerts', transport }] });
    await server.waitForSubscribers(1);
    const huge = JSON.stringify({
      id: 'hugehugehuge',
      time: 1,
      event: 'message',
      topic: 'alerts',
      message: 'x'.repeat(1.2 * 1024 * 1024),
    });
    const framed = transport === 'sse' ? `data: ${huge}\n\n` : transport === 'ws' ? huge : `${huge}\n`;
    expect(server.faults.inject(framed)).toBe(1);
    await server.publish('alerts', 'after the huge one');
    const [received] = await engine.waitForMessages(1);
    expect(received?.message).toBe('after the huge one');
    expect(engine.log.entries.find((entry) => entry.message === 'skipped an unreadable stream item')?.fields).toEqual({
      reason: expect.stringContaining('line-too-long') as unknown,
    });
    expect(engine.statuses.filter((status) => status.state.kind === 'backoff')).toEqual([]);
  });

  it('stays connected on keepalives (or pings) alone', async () => {
    const quiet = await startTestServer({ keepaliveIntervalMs: 40 });
    try {
      // The watchdog runs on the test's clock: between two signs of life, 200 ms of it pass (less than the 250 ms
      // timeout), five times over — 1 s in all. Only keepalives (HTTP) or Ping frames (WebSocket) reset it.
      const clock = new ManualClock();
      const activity = new EventEmitter();
      const harness = startEngine({
        subscriptions: [{ server: quiet.url, topic: 'idle', transport }],
        timing: { keepaliveTimeoutMs: 250 },
        clock,
        openTransport: (options) =>
          openTransport({
            ...options,
            handlers: {
              ...options.handlers,
              onActivity: () => {
                options.handlers.onActivity();
                activity.emit('activity');
              },
            },
          }),
      });
      engine = harness;
      await quiet.waitForSubscribers(1);
      for (let period = 0; period < 5; period++) {
        await once(activity, 'activity');
        clock.advance(200);
      }
      expect(harness.statuses.filter((status) => status.state.kind === 'backoff')).toEqual([]);
      expect(harness.manager.statuses()[0]?.state.kind).toBe('open');
      // And the watchdog is armed: 250 ms without a sign of life is the end of the connection.
      await once(activity, 'activity');
      clock.advance(250);
      expect(harness.manager.statuses()[0]?.state.kind).toBe('backoff');
      await harness.stop();
      engine = undefined;
    } finally {
      await quiet.close();
    }
  });
});

describe('reconnectNow', () => {
  it('starts a fresh connection from the cursor and polls for what the old one may have missed', async () => {
    engine = startEngine({ subscriptions: [{ server: server.url, topic: 'alerts' }] });
    await server.waitForSubscribers(1);
    const first = await server.publish('alerts', 'first');
    await engine.waitForMessages(1);
    engine.manager.reconnectAll();
    await server.waitForRequest((entry) => entry.transport === 'poll');
    const subscribes = server.requests.filter((entry) => entry.transport === 'json');
    expect(subscribes).toHaveLength(2);
    expect(subscribes[1]?.query['since']).toBe(resumeSinceOf(first));
    expect(server.requests.find((entry) => entry.transport === 'poll')?.query).toMatchObject({
      poll: '1',
      since: resumeSinceOf(first),
    });
    expect(engine.messages).toHaveLength(1);
  });
});
