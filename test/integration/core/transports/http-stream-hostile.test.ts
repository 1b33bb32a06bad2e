import type http from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { openHttpStream } from '../../../../main/core/transports/http-stream.ts';
import { MAX_REDIRECTS } from '../../../../main/core/transports/redirects.ts';
import { type HostileServer, recordingHandlers, startHostileServer } from '../../../support/hostile-server.ts';

let server: HostileServer | undefined;

afterEach(async () => {
  await server?.close();
  server = undefined;
});

const NDJSON = 'application/x-ndjson; charset=utf-8';
const OPEN_LINE = '{"id":"o1","time":1,"event":"open","topic":"t"}\n';

function messageLine(index: number): string {
  const id = `m${String(index).padStart(11, '0')}`;
  return `{"id":"${id}","time":1,"event":"message","topic":"t","message":"message ${index}"}\n`;
}

function answerStream(response: http.ServerResponse, contentType: string, body: string): void {
  response.writeHead(200, { 'Content-Type': contentType });
  response.end(body);
}

describe('HTTP streams against a captive portal', () => {
  it('ends as a network problem before onOpen when a 200 is an HTML page', async () => {
    server = await startHostileServer({
      onRequest: (_request, response) => {
        answerStream(response, 'text/html; charset=utf-8', '<html><body>Log in to the Wi-Fi</body></html>\n');
      },
    });
    const recorder = recordingHandlers();
    openHttpStream({
      kind: 'json',
      request: { url: `${server.url}/t/json`, headers: {} },
      handlers: recorder.handlers,
    });
    expect(await recorder.ended).toEqual({
      kind: 'network',
      message: 'not an ntfy stream: the server answered text/html (a captive portal or proxy login page?)',
      trouble: { kind: 'not-ntfy' },
    });
    expect(recorder.opened()).toBe(false);
    expect(recorder.items).toEqual([]);
  });

  it.each([
    ['json', 'Application/X-NDJSON; Charset=UTF-8'],
    ['json', 'application/json'],
    ['sse', 'text/event-stream'],
    ['raw', 'TEXT/PLAIN;charset=utf-8'],
  ] as const)('accepts %s answered as %s', async (kind, contentType) => {
    server = await startHostileServer({
      onRequest: (_request, response) => {
        answerStream(response, contentType, kind === 'sse' ? `data: ${OPEN_LINE}\n` : OPEN_LINE);
      },
    });
    const recorder = recordingHandlers();
    openHttpStream({ kind, request: { url: `${server.url}/t/${kind}`, headers: {} }, handlers: recorder.handlers });
    expect(await recorder.ended).toEqual({ kind: 'ended' });
    expect(recorder.opened()).toBe(true);
    expect(recorder.items).toHaveLength(1);
  });

  it('refuses an SSE stream labelled as JSON', async () => {
    server = await startHostileServer({
      onRequest: (_request, response) => {
        answerStream(response, NDJSON, OPEN_LINE);
      },
    });
    const recorder = recordingHandlers();
    openHttpStream({ kind: 'sse', request: { url: `${server.url}/t/sse`, headers: {} }, handlers: recorder.handlers });
    expect(await recorder.ended).toEqual({
      kind: 'network',
      message: 'not an ntfy stream: the server answered application/x-ndjson',
      trouble: { kind: 'not-ntfy' },
    });
    expect(recorder.opened()).toBe(false);
  });
});

describe('HTTP stream redirects', () => {
  it('follows a redirect within the same server and keeps the credentials', async () => {
    server = await startHostileServer({
      onRequest: (request, response) => {
        if (request.url === '/old/t/json') response.writeHead(301, { Location: '/new/t/json' }).end();
        else answerStream(response, NDJSON, OPEN_LINE + messageLine(1));
      },
    });
    const recorder = recordingHandlers();
    const headers = { Authorization: 'Bearer tk_0123456789abcdefghijklmnopqrs' };
    openHttpStream({
      kind: 'json',
      request: { url: `${server.url}/old/t/json`, headers },
      handlers: recorder.handlers,
    });
    expect(await recorder.ended).toEqual({ kind: 'ended' });
    expect(recorder.items.map((item) => item.type)).toEqual(['liveness', 'message']);
    expect(server.requests.map((request) => [request.path, request.authorization])).toEqual([
      ['/old/t/json', headers.Authorization],
      ['/new/t/json', headers.Authorization],
    ]);
  });

  it('refuses a redirect to another server as fatal, naming the target without its query', async () => {
    server = await startHostileServer({
      onRequest: (_request, response) => {
        // Never contacted: the client must refuse before connecting anywhere else.
        response.writeHead(302, { Location: 'https://ntfy.example.invalid/t/json?auth=secret' }).end();
      },
    });
    const recorder = recordingHandlers();
    openHttpStream({
      kind: 'json',
      request: { url: `${server.url}/t/json`, headers: {} },
      handlers: recorder.handlers,
    });
    expect(await recorder.ended).toEqual({
      kind: 'fatal',
      message:
        'the server redirects to https://ntfy.example.invalid/t/json, another server; subscribe to that URL instead',
    });
  });

  it(`gives up after ${MAX_REDIRECTS} redirects`, async () => {
    server = await startHostileServer({
      onRequest: (request, response) => {
        response.writeHead(307, { Location: `${request.url ?? '/'}x` }).end();
      },
    });
    const recorder = recordingHandlers();
    openHttpStream({
      kind: 'json',
      request: { url: `${server.url}/t/json`, headers: {} },
      handlers: recorder.handlers,
    });
    const end = await recorder.ended;
    expect(end.kind).toBe('fatal');
    expect(server.requests).toHaveLength(MAX_REDIRECTS + 1);
  });
});

describe('HTTP streams with credentials that cannot be sent', () => {
  it('end as fatal with an explanation, without contacting the server or showing the secret', async () => {
    server = await startHostileServer({});
    const recorder = recordingHandlers();
    const headers = { Authorization: 'Bearer tk_0123456789abcdefghijklmnopqrs\r' };
    openHttpStream({ kind: 'json', request: { url: `${server.url}/t/json`, headers }, handlers: recorder.handlers });
    const end = await recorder.ended;
    expect(end).toEqual({
      kind: 'fatal',
      message:
        'the token or password contains a character that cannot be sent in an HTTP header (a trailing line break?)',
    });
    expect(server.requests).toEqual([]);
  });
});
