import type http from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { openHttpStream } from '../../../../main/core/transports/http-stream.ts';
import type { Transport, TransportItem } from '../../../../main/core/transports/transport.ts';
import { openWebSocket } from '../../../../main/core/transports/websocket.ts';
import {
  deferred,
  type HostileServer,
  recordingHandlers,
  startHostileServer,
} from '../../../support/hostile-server.ts';

let server: HostileServer | undefined;

afterEach(async () => {
  await server?.close();
  server = undefined;
});

/**
 * More than loopback's kernel socket buffers hold (a few MB each way on Linux), so a client that stops reading
 * leaves bytes queued in the server process, where the test can see them.
 */
const ITEM_COUNT = 24_000;
const FILLER = 'x'.repeat(1000);

function messageLine(index: number): string {
  return `{"id":"m${String(index).padStart(11, '0')}","time":1,"event":"message","topic":"t","message":"${FILLER}"}\n`;
}

function messageIds(items: readonly TransportItem[]): string[] {
  return items.flatMap((item) => (item.type === 'message' ? [item.message.id] : []));
}

const expectedIds = Array.from({ length: ITEM_COUNT }, (_, index) => `m${String(index).padStart(11, '0')}`);

/** Writes every item in 1000-item chunks; resolves at once, whatever the client reads. */
function writeAll(write: (chunk: string) => void): void {
  for (let start = 0; start < ITEM_COUNT; start += 1000) {
    let chunk = '';
    for (let index = start; index < start + 1000; index++) chunk += messageLine(index);
    write(chunk);
  }
}

describe('a paused transport stops reading', () => {
  it('HTTP stream: the server is left holding unsent bytes, and every item arrives after resume', async () => {
    const responses: http.ServerResponse[] = [];
    server = await startHostileServer({
      onRequest: (_request, response) => {
        responses.push(response);
        response.writeHead(200, { 'Content-Type': 'application/x-ndjson; charset=utf-8' });
        writeAll((chunk) => response.write(chunk));
        response.end();
      },
    });
    const slowTransport: { current?: Transport } = {};
    const slow = recordingHandlers({ onOpen: () => slowTransport.current?.pause() });
    const paused = openHttpStream({
      kind: 'json',
      request: { url: `${server.url}/t/json`, headers: {} },
      handlers: slow.handlers,
    });
    slowTransport.current = paused;
    // A second client reading at full speed: once it has everything, an unpaused client would have too.
    const fast = recordingHandlers();
    openHttpStream({ kind: 'json', request: { url: `${server.url}/t/json`, headers: {} }, handlers: fast.handlers });
    await fast.ended;
    expect(messageIds(fast.items)).toEqual(expectedIds);

    expect(slow.opened()).toBe(true);
    expect(slow.items).toEqual([]);
    const [slowResponse] = responses;
    expect(slowResponse?.writableLength).toBeGreaterThan(0);

    paused.pause(); // idempotent
    paused.resume();
    paused.resume();
    expect(await slow.ended).toEqual({ kind: 'ended' });
    expect(messageIds(slow.items)).toEqual(expectedIds);
  });

  it('HTTP stream: a pause from inside onItem holds the rest of the chunk back until resume', async () => {
    server = await startHostileServer({
      onRequest: (_request, response) => {
        response.writeHead(200, { 'Content-Type': 'application/x-ndjson' });
        response.end(messageLine(0) + messageLine(1) + messageLine(2));
      },
    });
    const control: { current?: Transport } = {};
    const firstItem = deferred<undefined>();
    const recorder = recordingHandlers({
      onItem: (count) => {
        if (count !== 1) return;
        control.current?.pause();
        firstItem.resolve(undefined);
      },
    });
    const transport = openHttpStream({
      kind: 'json',
      request: { url: `${server.url}/t/json`, headers: {} },
      handlers: recorder.handlers,
    });
    control.current = transport;
    // The server ends the stream right away, but the end waits behind the held items.
    await firstItem.promise;
    expect(recorder.items).toHaveLength(1);
    transport.resume();
    expect(await recorder.ended).toEqual({ kind: 'ended' });
    expect(messageIds(recorder.items)).toEqual(expectedIds.slice(0, 3));
  });

  it('WebSocket: the server is left holding unsent bytes, and every item arrives after resume', async () => {
    const buffered: (() => number)[] = [];
    server = await startHostileServer({
      onUpgrade: (_request, _socket, accept) => {
        accept((ws) => {
          buffered.push(() => ws.bufferedAmount);
          for (let index = 0; index < ITEM_COUNT; index++) ws.send(messageLine(index));
          ws.close();
        });
      },
    });
    const slowTransport: { current?: Transport } = {};
    const slow = recordingHandlers({ onOpen: () => slowTransport.current?.pause() });
    const paused = openWebSocket({
      kind: 'ws',
      request: { url: `${server.wsUrl}/t/ws`, headers: {} },
      handlers: slow.handlers,
    });
    slowTransport.current = paused;
    const fast = recordingHandlers();
    openWebSocket({ kind: 'ws', request: { url: `${server.wsUrl}/t/ws`, headers: {} }, handlers: fast.handlers });
    await fast.ended;
    expect(messageIds(fast.items)).toEqual(expectedIds);

    expect(slow.opened()).toBe(true);
    expect(slow.items).toEqual([]);
    expect(buffered[0]?.()).toBeGreaterThan(0);

    paused.resume();
    expect(await slow.ended).toEqual({ kind: 'ended' });
    expect(messageIds(slow.items)).toEqual(expectedIds);
  });
});
