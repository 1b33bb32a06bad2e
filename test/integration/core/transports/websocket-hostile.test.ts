import { afterEach, describe, expect, it } from 'vitest';
import { authorizationHeader } from '../../../../main/core/protocol/subscribe-request.ts';
import type { TransportEnd } from '../../../../main/core/transports/transport.ts';
import { openWebSocket } from '../../../../main/core/transports/websocket.ts';
import { startTestServer, type TestServer } from '../../../server/index.ts';
import { type HostileServer, recordingHandlers, startHostileServer } from '../../../support/hostile-server.ts';

let hostile: HostileServer | undefined;
let ntfy: TestServer | undefined;

afterEach(async () => {
  await hostile?.close();
  await ntfy?.close();
  hostile = undefined;
  ntfy = undefined;
});

const OPEN_LINE = '{"id":"o1","time":1,"event":"open","topic":"t"}\n';

async function connectOnce(url: string, headers: Readonly<Record<string, string>> = {}): Promise<TransportEnd> {
  const recorder = recordingHandlers();
  openWebSocket({ kind: 'ws', request: { url, headers }, handlers: recorder.handlers });
  return recorder.ended;
}

describe('WebSocket handshake errors', () => {
  it("report ntfy's login lockout (429, 42909) learnt from /auth, although the upgrade answer is bare", async () => {
    ntfy = await startTestServer({ auth: { users: [{ name: 'alice', password: 'pw' }] }, authFailureLimit: 2 });
    const wrong = { Authorization: authorizationHeader({ kind: 'basic', user: 'alice', password: 'wrong' }) ?? '' };
    // The upgrade and its /auth question are two failed logins: the allowance of 2 is used up after the first.
    expect(await connectOnce(`${ntfy.wsUrl}/t/ws`, wrong)).toMatchObject({
      kind: 'refused',
      error: { status: 401, code: 40101 },
    });
    expect(await connectOnce(`${ntfy.wsUrl}/t/ws`, wrong)).toMatchObject({
      kind: 'refused',
      error: { status: 429, code: 42909 },
    });
  });

  it('read the JSON body of an upgrade refusal when there is one, without asking /auth', async () => {
    const body = '{"code":40301,"http":403,"error":"forbidden"}\n';
    hostile = await startHostileServer({
      onUpgrade: (_request, socket) => {
        socket.end(
          `HTTP/1.1 403 Forbidden\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body}`,
        );
      },
    });
    expect(await connectOnce(`${hostile.wsUrl}/t/ws`)).toEqual({
      kind: 'refused',
      error: { status: 403, code: 40301, message: 'forbidden (HTTP 403)' },
    });
    expect(hostile.requests.map((request) => request.path)).toEqual(['/t/ws']);
  });

  it('ask /auth with the same credentials, and keep the bare status when that says nothing more', async () => {
    hostile = await startHostileServer({
      onUpgrade: (_request, socket) => {
        socket.end('HTTP/1.1 429 Too Many Requests\r\nRetry-After: 7\r\nContent-Length: 0\r\n\r\n');
      },
      onRequest: (_request, response) => {
        response.writeHead(502, { 'Content-Type': 'text/html' }).end('<html>Bad gateway</html>');
      },
    });
    const headers = { Authorization: 'Bearer tk_0123456789abcdefghijklmnopqrs' };
    expect(await connectOnce(`${hostile.wsUrl}/base/a,b/ws?since=all&auth=xyz`, headers)).toEqual({
      kind: 'refused',
      error: { status: 429, message: 'HTTP 429 Too Many Requests', retryAfter: '7' },
    });
    expect(hostile.requests.map((request) => [request.path, request.authorization])).toEqual([
      ['/base/a,b/ws?since=all&auth=xyz', headers.Authorization],
      ['/base/a,b/auth?auth=xyz', headers.Authorization],
    ]);
  });
});

describe('WebSocket redirects', () => {
  it('follows a redirect within the same server with the credentials', async () => {
    hostile = await startHostileServer({
      onUpgrade: (request, socket, accept) => {
        if (request.url === '/old/t/ws') {
          socket.end('HTTP/1.1 301 Moved Permanently\r\nLocation: /new/t/ws\r\nContent-Length: 0\r\n\r\n');
          return;
        }
        accept((ws) => {
          ws.send(OPEN_LINE);
          ws.terminate();
        });
      },
    });
    const recorder = recordingHandlers();
    const headers = { Authorization: 'Bearer tk_0123456789abcdefghijklmnopqrs' };
    openWebSocket({ kind: 'ws', request: { url: `${hostile.wsUrl}/old/t/ws`, headers }, handlers: recorder.handlers });
    expect(await recorder.ended).toEqual({ kind: 'ended' });
    expect(recorder.opened()).toBe(true);
    expect(recorder.items.map((item) => item.type)).toEqual(['liveness']);
    expect(hostile.requests.map((request) => [request.path, request.authorization])).toEqual([
      ['/old/t/ws', headers.Authorization],
      ['/new/t/ws', headers.Authorization],
    ]);
  });

  it('refuses a redirect to another server as fatal', async () => {
    hostile = await startHostileServer({
      onUpgrade: (_request, socket) => {
        socket.end('HTTP/1.1 302 Found\r\nLocation: wss://ntfy.example.invalid/t/ws\r\nContent-Length: 0\r\n\r\n');
      },
    });
    expect(await connectOnce(`${hostile.wsUrl}/t/ws`)).toEqual({
      kind: 'fatal',
      message:
        'the server redirects to https://ntfy.example.invalid/t/ws, another server; subscribe to that URL instead',
    });
  });
});

describe('WebSocket credentials that cannot be sent', () => {
  it('end as fatal without contacting the server', async () => {
    hostile = await startHostileServer({});
    const headers = { Authorization: 'Bearer tk_0123456789abcdefghijklmnopqrs\r' };
    expect(await connectOnce(`${hostile.wsUrl}/t/ws`, headers)).toEqual({
      kind: 'fatal',
      message:
        'the token or password contains a character that cannot be sent in an HTTP header (a trailing line break?)',
    });
    expect(hostile.requests).toEqual([]);
  });
});
