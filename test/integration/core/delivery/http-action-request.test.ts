/**
 * What an http action puts on the wire, byte for byte: a raw TCP server on 127.0.0.1 records each connection's bytes
 * (no HTTP parser in between that could tidy them up) and answers as the test says.
 */
import { once } from 'node:events';
import net from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { HTTP_ACTION_METHODS } from '../../../../common/action-availability.ts';
import { runHttpAction } from '../../../../main/core/delivery/http-action.ts';
import { type NotificationAction, toNotificationAction } from '../../../../main/core/delivery/notification-content.ts';

type HttpAction = Extract<NotificationAction, { kind: 'http' }>;

/** How the raw server answers once a request's header block has arrived. */
type Answer = 'ok' | 'never' | 'switch-protocols';

interface RawServer {
  readonly url: string;
  /** Every connection's bytes, complete once the client closed it. */
  readonly connections: Promise<string>[];
  close(): Promise<void>;
}

const ANSWERS: Record<Exclude<Answer, 'never'>, string> = {
  ok: 'HTTP/1.1 200 OK\r\nContent-Length: 0\r\nConnection: close\r\n\r\n',
  'switch-protocols': 'HTTP/1.1 101 Switching Protocols\r\nConnection: Upgrade\r\nUpgrade: websocket\r\n\r\n',
};

let servers: RawServer[] = [];

async function startRawServer(answer: Answer): Promise<RawServer> {
  const connections: Promise<string>[] = [];
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    let bytes = '';
    connections.push(
      new Promise((resolve) => {
        socket.on('close', () => {
          sockets.delete(socket);
          resolve(bytes);
        });
      }),
    );
    socket.on('data', (chunk: Buffer) => {
      const before = bytes;
      bytes += chunk.toString('latin1');
      // Answer once, when the header block is complete; the body, if any, is still recorded as it comes.
      if (answer !== 'never' && !before.includes('\r\n\r\n') && bytes.includes('\r\n\r\n')) socket.end(ANSWERS[answer]);
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as net.AddressInfo;
  const raw: RawServer = {
    url: `http://127.0.0.1:${String(port)}`,
    connections,
    async close() {
      for (const socket of sockets) socket.destroy();
      server.close();
      await once(server, 'close');
    },
  };
  servers.push(raw);
  return raw;
}

afterEach(async () => {
  await Promise.all(servers.map((server) => server.close()));
  servers = [];
});

function action(url: string, fields: Partial<HttpAction>): HttpAction {
  return {
    kind: 'http',
    id: 'a',
    label: 'Ack',
    url: `${url}/acks`,
    method: 'POST',
    headers: {},
    clear: false,
    ...fields,
  };
}

/** Header lines of a recorded request, lower-cased names, in the order sent. */
function headerLines(request: string): string[] {
  const head = request.slice(0, request.indexOf('\r\n\r\n'));
  return head.split('\r\n').slice(1);
}

function headerValues(request: string, name: string): string[] {
  return headerLines(request)
    .filter((line) => line.toLowerCase().startsWith(`${name}:`))
    .map((line) => line.slice(name.length + 1).trim());
}

const CONFIRMED = { allowInternal: true } as const;

describe('an http action on the wire', () => {
  it('sends one request with one Content-Length, the URL’s Host and none of the publisher’s framing headers', async () => {
    const server = await startRawServer('ok');
    const hostile = {
      Host: 'bank.example',
      'Transfer-Encoding': 'chunked',
      'content-length': '999',
      Connection: 'Upgrade',
      Upgrade: 'websocket',
      Expect: '100-continue',
      TE: 'trailers',
      'X-Api-Key': 'k1',
    };
    const result = await runHttpAction(action(server.url, { headers: hostile, body: 'hello' }), CONFIRMED);
    expect(result).toMatchObject({ ok: true, status: 200 });
    expect(server.connections).toHaveLength(1);
    const request = (await server.connections[0]) ?? '';
    expect(request.split('\r\n')[0]).toBe('POST /acks HTTP/1.1');
    expect(headerValues(request, 'content-length')).toEqual(['5']);
    expect(headerValues(request, 'transfer-encoding')).toEqual([]);
    expect(headerValues(request, 'host')).toEqual([new URL(server.url).host]);
    for (const name of ['upgrade', 'expect', 'te']) expect(headerValues(request, name)).toEqual([]);
    expect(headerValues(request, 'connection')).not.toContain('Upgrade');
    expect(headerValues(request, 'x-api-key')).toEqual(['k1']);
    // The body and nothing after it: no second request smuggled behind the first.
    expect(request.slice(request.indexOf('\r\n\r\n') + 4)).toBe('hello');
  });

  it('sends a DELETE body with its length, and GET and HEAD without a body or a length', async () => {
    const server = await startRawServer('ok');
    await runHttpAction(action(server.url, { method: 'DELETE', body: 'gone' }), CONFIRMED);
    await runHttpAction(action(server.url, { method: 'GET', body: 'ignored' }), CONFIRMED);
    await runHttpAction(action(server.url, { method: 'HEAD', body: 'ignored' }), CONFIRMED);
    const [deleted, got, head] = await Promise.all(server.connections);
    expect(headerValues(deleted ?? '', 'content-length')).toEqual(['4']);
    expect((deleted ?? '').endsWith('\r\n\r\ngone')).toBe(true);
    for (const request of [got ?? '', head ?? '']) {
      expect(headerValues(request, 'content-length')).toEqual([]);
      expect(headerValues(request, 'transfer-encoding')).toEqual([]);
      expect(request.endsWith('\r\n\r\n')).toBe(true);
    }
  });

  it.each(['CONNECT', 'TRACE', 'PROPFIND', 'connect'])(
    'sends no %s request, and the popup offers no such button',
    async (method) => {
      const server = await startRawServer('ok');
      const refused = await runHttpAction(action(server.url, { method }), CONFIRMED);
      expect(refused).toEqual({
        ok: false,
        message: `Not available: this app does not send ${method.toUpperCase()} requests.`,
      });
      expect(server.connections).toHaveLength(0);
      expect(
        toNotificationAction({ id: 'a', action: 'http', label: 'Go', url: `${server.url}/x`, method, clear: false }),
      ).toBeUndefined();
    },
  );

  it.each([...HTTP_ACTION_METHODS])('gives up on a %s that is never answered, after the timeout', async (method) => {
    const server = await startRawServer('never');
    const result = await runHttpAction(action(server.url, { method }), { ...CONFIRMED, timeoutMs: 300 });
    expect(result).toEqual({
      ok: false,
      message: `${method} ${new URL(server.url).host} failed: no answer within 0.3 s`,
    });
  });

  it('ends with a failure when the server switches protocols instead of answering', async () => {
    const server = await startRawServer('switch-protocols');
    const result = await runHttpAction(action(server.url, { method: 'GET' }), { ...CONFIRMED, timeoutMs: 60_000 });
    expect(result).toMatchObject({ ok: false });
    expect(server.connections).toHaveLength(1);
  });
});
