import { once } from 'node:events';
import { describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { ManualClock } from '../support/manual-clock.ts';
import { openWs, request, serverForTest } from './testing/fixtures.ts';
import { opcodes } from './testing/raw-ws.ts';
import type { SubscriberInfo } from './types.ts';
import { encodeMessageLine } from './wire-format.ts';

describe('WebSocket streams', () => {
  it('upgrades with 101 and no subprotocol, even when the client asks for one', async () => {
    const server = await serverForTest();
    const client = await openWs(server, '/a/ws', { headers: { 'Sec-WebSocket-Protocol': 'ntfy, chat' } });
    expect(client.status).toBe(101);
    expect(client.headers['sec-websocket-protocol']).toBeUndefined();
  });

  it('sends open as JSON, then one text frame per event with the trailing newline', async () => {
    const server = await serverForTest();
    const client = await openWs(server, '/a,b/ws');
    const message = await server.publish('b', 'hello');
    await client.waitForMessages(2);
    const [open, data] = client.messages();
    expect(open).toMatch(/^\{"id":"[A-Za-z0-9]{12}","time":\d+,"event":"open","topic":"a,b"\}\n$/);
    expect(data).toBe(encodeMessageLine(message));
    expect(client.frames.map((frame) => [frame.fin, frame.opcode])).toEqual([
      [true, opcodes.text],
      [true, opcodes.text],
    ]);
  });

  it('fragments events longer than 1024 bytes into a FIN=0 text frame and continuation frames', async () => {
    const server = await serverForTest();
    const client = await openWs(server, '/a/ws');
    const message = await server.publish('a', 'x'.repeat(2500));
    await client.waitForMessages(2);
    const frames = client.frames.slice(1);
    expect(frames.map((frame) => [frame.fin, frame.opcode, frame.payload.length])).toEqual([
      [false, opcodes.text, 1024],
      [false, opcodes.continuation, 1024],
      [true, opcodes.continuation, Buffer.byteLength(encodeMessageLine(message)) - 2048],
    ]);
    expect(client.messages()[1]).toBe(encodeMessageLine(message));
  });

  it('pings every keepalive interval and never sends a JSON keepalive', async () => {
    const clock = new ManualClock();
    const server = await serverForTest({ keepaliveIntervalMs: 25, keepaliveTimers: clock });
    const client = await openWs(server, '/a/ws', { autoPong: true });
    clock.advance(25);
    await client.waitFor(() => client.framesOf(opcodes.ping).length === 1, 'the first ping');
    clock.advance(50);
    await client.waitFor(() => client.framesOf(opcodes.ping).length === 3, '3 pings');
    expect(client.framesOf(opcodes.ping).every((frame) => frame.payload.length === 0)).toBe(true);
    expect(client.events().map((event) => event.event)).toEqual(['open']);
  });

  it('drops a client that does not pong within interval + grace, without a Close frame', async () => {
    // The server's timers run on a manual clock: each pong is in before time moves on, whatever the machine's load.
    const clock = new ManualClock();
    const server = await serverForTest({ keepaliveIntervalMs: 30, wsPongGraceMs: 200, keepaliveTimers: clock });
    const answering = await openWs(server, '/a/ws', { autoPong: true });
    const silent = await openWs(server, '/a/ws');
    await server.waitForSubscribers(2);
    for (let elapsed = 30; elapsed <= 210; elapsed += 30) {
      const pong = once(server.events, 'pong');
      clock.advance(30);
      await pong;
    }
    expect(silent.closed).toBe(false);
    clock.advance(20); // 230 ms since both opened: interval + grace without a pong from the silent one
    await silent.waitForClose();
    expect(silent.framesOf(opcodes.close)).toEqual([]);
    const entry = await server.waitForRequestEnd((e) => e.transport === 'ws');
    expect(entry.seq).toBe(2);
    expect(entry.end).toBe('server-dropped');
    // Past interval + grace, the client that answers pings is still there: the 240 ms ping reaches it and its
    // pong comes back.
    const pong = once(server.events, 'pong');
    clock.advance(10);
    const [info] = (await pong) as [SubscriberInfo];
    expect(info.id).toBe(1);
    expect(answering.framesOf(opcodes.ping)).toHaveLength(8);
    expect(answering.closed).toBe(false);
  });

  it('ignores client data frames up to 64 bytes and closes with 1009 on a larger one', async () => {
    const server = await serverForTest();
    const client = await openWs(server, '/a/ws');
    client.send(opcodes.text, 'x'.repeat(64));
    await server.publish('a', 'still here');
    await client.waitForMessages(2);
    client.send(opcodes.text, 'x'.repeat(65));
    await client.waitFor(() => client.framesOf(opcodes.close).length > 0, 'a close frame');
    expect(client.framesOf(opcodes.close)[0]?.payload.readUInt16BE(0)).toBe(1009);
  });

  it('ends server-side without a Close frame when connections are dropped', async () => {
    const server = await serverForTest();
    const client = await openWs(server, '/a/ws');
    server.faults.dropAll();
    await client.waitForClose();
    expect(client.framesOf(opcodes.close)).toEqual([]);
  });

  it('with poll=1 sends the cache and then closes without a Close frame', async () => {
    const server = await serverForTest();
    const message = await server.publish('a', 'cached');
    const client = await openWs(server, '/a/ws?poll=1');
    await client.waitForClose();
    expect(client.messages()).toEqual([encodeMessageLine(message)]);
    expect(client.framesOf(opcodes.close)).toEqual([]);
    expect((await server.waitForRequestEnd((e) => e.transport === 'poll')).end).toBe('completed');
  });

  it('answers upgrade errors with bare statuses and /ws without an upgrade with 400 (40016)', async () => {
    const server = await serverForTest({ subscriptionLimit: 1 });
    const notFound = await openWs(server, '/a.b/ws');
    expect([notFound.status, notFound.body.length, notFound.headers['content-length']]).toEqual([404, 0, '0']);
    const badSince = await openWs(server, '/a/ws?since=1d');
    expect([badSince.status, badSince.body.length]).toEqual([400, 0]);
    await openWs(server, '/a/ws');
    const tooMany = await openWs(server, '/b/ws');
    expect([tooMany.status, tooMany.body.length]).toEqual([429, 0]);
    const plain = await request(server, '/a/ws?poll=1');
    expect(plain.status).toBe(400);
    expect(plain.text).toBe(
      '{"code":40016,"http":400,"error":"invalid request: client not using the websocket protocol","link":"https://ntfy.sh/docs/subscribe/api/#websockets"}\n',
    );
  });

  it('works with the ws client: reassembled messages, and 1006 when the server drops', async () => {
    const server = await serverForTest();
    const client = new WebSocket(`${server.wsUrl}/a/ws`);
    const received: string[] = [];
    client.on('message', (data: Buffer) => received.push(data.toString('utf8')));
    const closed = new Promise<number>((resolve) => client.once('close', resolve));
    await server.waitForSubscribers(1);
    const message = await server.publish('a', 'y'.repeat(3000));
    await expect.poll(() => received.length).toBe(2);
    expect(received[1]).toBe(encodeMessageLine(message));
    server.faults.dropAll();
    expect(await closed).toBe(1006);
  });
});
