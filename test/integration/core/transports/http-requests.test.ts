import type http from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { checkTopicAccess, createPoll, pollOnce } from '../../../../main/core/engine/http-requests.ts';
import { deferred, type HostileServer, startHostileServer } from '../../../support/hostile-server.ts';

let server: HostileServer | undefined;

afterEach(async () => {
  await server?.close();
  server = undefined;
});

const TOKEN = 'Bearer tk_0123456789abcdefghijklmnopqrs';
const NDJSON = { 'Content-Type': 'application/x-ndjson; charset=utf-8' };

function messageLine(index: number): string {
  return `{"id":"m${String(index).padStart(11, '0')}","time":1,"event":"message","topic":"t","message":"m ${index}"}\n`;
}

/** Writes lines for as long as the client reads; resolves how many were written once the client hangs up. */
function endlessAnswer(response: http.ServerResponse): Promise<number> {
  const hungUp = deferred<number>();
  let written = 0;
  response.writeHead(200, NDJSON);
  const pump = (): void => {
    while (!response.destroyed) {
      let chunk = '';
      for (let i = 0; i < 100; i++) chunk += messageLine(written++);
      if (!response.write(chunk)) {
        response.once('drain', pump);
        return;
      }
    }
  };
  response.on('close', () => {
    hungUp.resolve(written);
  });
  pump();
  return hungUp.promise;
}

describe('the poll', () => {
  it('stops reading an endless answer past the item cap, with an error', async () => {
    let hungUp: Promise<number> | undefined;
    server = await startHostileServer({
      onRequest: (_request, response) => {
        hungUp = endlessAnswer(response);
      },
    });
    const outcome = await createPoll({ maxItems: 1000 })({ url: `${server.url}/t/json?poll=1`, headers: {} });
    expect(outcome).toEqual({
      ok: false,
      error: { status: 0, message: 'the poll answer is too large (more than 1,000 items)' },
    });
    // The server sees us hang up: the rest of the answer is never read.
    expect(await hungUp).toBeGreaterThan(1000);
  });

  it('accepts an answer of exactly the cap', async () => {
    server = await startHostileServer({
      onRequest: (_request, response) => {
        response.writeHead(200, NDJSON);
        response.end(Array.from({ length: 1000 }, (_, index) => messageLine(index)).join(''));
      },
    });
    const outcome = await createPoll({ maxItems: 1000 })({ url: `${server.url}/t/json?poll=1`, headers: {} });
    expect(outcome.ok && outcome.items.length).toBe(1000);
  });

  it('drops an over-long item like a live stream does and keeps the others', async () => {
    server = await startHostileServer({
      onRequest: (_request, response) => {
        response.writeHead(200, NDJSON);
        const overLong = messageLine(9).replace('m 9', 'x'.repeat(5000));
        response.end(`${messageLine(1)}${overLong}\n${messageLine(2)}`);
      },
    });
    const outcome = await createPoll({ maxItemBytes: 1000 })({ url: `${server.url}/t/json?poll=1`, headers: {} });
    if (!outcome.ok) throw new Error(outcome.error.message);
    expect(outcome.items.map((item) => item.type)).toEqual(['message', 'invalid', 'message']);
  });

  it('follows a redirect within the same server with the credentials', async () => {
    server = await startHostileServer({
      onRequest: (request, response) => {
        if (request.url?.startsWith('/old/') === true) {
          response.writeHead(308, { Location: request.url.replace('/old/', '/new/') }).end();
          return;
        }
        response.writeHead(200, NDJSON);
        response.end(messageLine(1));
      },
    });
    const outcome = await pollOnce({ url: `${server.url}/old/t/json?poll=1`, headers: { Authorization: TOKEN } });
    expect(outcome.ok).toBe(true);
    expect(server.requests.map((request) => [request.path, request.authorization])).toEqual([
      ['/old/t/json?poll=1', TOKEN],
      ['/new/t/json?poll=1', TOKEN],
    ]);
  });

  it('refuses a redirect to another server as a permanent error', async () => {
    server = await startHostileServer({
      onRequest: (_request, response) => {
        response.writeHead(302, { Location: 'https://ntfy.example.invalid/t/json?poll=1' }).end();
      },
    });
    expect(await pollOnce({ url: `${server.url}/t/json?poll=1`, headers: { Authorization: TOKEN } })).toEqual({
      ok: false,
      error: {
        status: 0,
        message:
          'the server redirects to https://ntfy.example.invalid/t/json, another server; subscribe to that URL instead',
        permanent: true,
      },
    });
  });

  it('reports credentials that cannot be sent as a permanent error, without contacting the server', async () => {
    server = await startHostileServer({});
    expect(await pollOnce({ url: `${server.url}/t/json?poll=1`, headers: { Authorization: `${TOKEN}\r` } })).toEqual({
      ok: false,
      error: {
        status: 0,
        message:
          'the token or password contains a character that cannot be sent in an HTTP header (a trailing line break?)',
        permanent: true,
      },
    });
    expect(server.requests).toEqual([]);
  });

  it('reports a captive portal instead of an empty answer', async () => {
    server = await startHostileServer({
      onRequest: (_request, response) => {
        response.writeHead(200, { 'Content-Type': 'text/html' }).end('<html>\n<body>Log in</body>\n</html>\n');
      },
    });
    expect(await pollOnce({ url: `${server.url}/t/json?poll=1`, headers: {} })).toEqual({
      ok: false,
      error: {
        status: 0,
        message: 'not an ntfy stream: the server answered text/html (a captive portal or proxy login page?)',
      },
    });
  });

  it("reads ntfy's error body", async () => {
    server = await startHostileServer({
      onRequest: (_request, response) => {
        response.writeHead(429, { 'Content-Type': 'application/json', 'Retry-After': '60' });
        response.end('{"code":42901,"http":429,"error":"limit reached: too many requests"}\n');
      },
    });
    expect(await pollOnce({ url: `${server.url}/t/json?poll=1`, headers: {} })).toEqual({
      ok: false,
      error: { status: 429, code: 42901, message: 'limit reached: too many requests (HTTP 429)', retryAfter: '60' },
    });
  });
});

describe('checkTopicAccess', () => {
  it.each([
    [200, 'readable'],
    [401, 'unauthorized'],
    [403, 'forbidden'],
    [429, 'rate-limited'],
  ] as const)('maps %i to %s', async (status, access) => {
    server = await startHostileServer({
      onRequest: (_request, response) => {
        response.writeHead(status, { 'Content-Type': 'application/json' }).end('{}');
      },
    });
    expect(await checkTopicAccess({ url: `${server.url}/t/json?since=all`, headers: {} })).toEqual({ answer: access });
    expect(server.requests.map((request) => request.path)).toEqual(['/t/auth']);
  });

  it.each([500, 404])(
    'answers %i with unknown and the status as the trouble, for the window to word',
    async (status) => {
      server = await startHostileServer({
        onRequest: (_request, response) => {
          response.writeHead(status, { 'Content-Type': 'application/json' }).end('{}');
        },
      });
      expect(await checkTopicAccess({ url: `${server.url}/t/json`, headers: {} })).toEqual({
        answer: 'unknown',
        trouble: { kind: 'http', status },
      });
    },
  );

  it('names the network failure: refused on a closed port, TLS when https meets a plain-HTTP port', async () => {
    server = await startHostileServer({
      onRequest: (_request, response) => {
        response.writeHead(200).end('{"success":true}');
      },
    });
    const port = new URL(server.url).port;
    expect(await checkTopicAccess({ url: `https://127.0.0.1:${port}/t/json`, headers: {} })).toEqual({
      answer: 'unknown',
      trouble: { kind: 'network', failure: 'tls' },
    });
    await server.close();
    server = undefined;
    expect(await checkTopicAccess({ url: `http://127.0.0.1:${port}/t/json`, headers: {} })).toEqual({
      answer: 'unknown',
      trouble: { kind: 'network', failure: 'refused' },
    });
  });

  it("carries a 429's Retry-After, so the forbidden-topic search waits that long", async () => {
    server = await startHostileServer({
      onRequest: (_request, response) => {
        response.writeHead(429, { 'Retry-After': '7' }).end('{"code":42901,"http":429}');
      },
    });
    expect(await checkTopicAccess({ url: `${server.url}/a,b/json`, headers: {} })).toEqual({
      answer: 'rate-limited',
      retryAfterMs: 7_000,
    });
  });

  it('follows a same-server redirect with the credentials and refuses another server', async () => {
    const other = await startHostileServer({
      onRequest: (_request, response) => {
        response.writeHead(200).end('{"success":true}');
      },
    });
    try {
      server = await startHostileServer({
        onRequest: (request, response) => {
          if (request.url === '/t/auth') response.writeHead(301, { Location: '/moved/t/auth' }).end();
          else response.writeHead(301, { Location: `${other.url}/t/auth` }).end();
        },
      });
      const access = await checkTopicAccess({ url: `${server.url}/t/json`, headers: { Authorization: TOKEN } });
      expect(access).toEqual({ answer: 'unknown' });
      expect(server.requests.map((request) => [request.path, request.authorization])).toEqual([
        ['/t/auth', TOKEN],
        ['/moved/t/auth', TOKEN],
      ]);
      expect(other.requests).toEqual([]); // another port is another server: never asked
    } finally {
      await other.close();
    }
  });
});
