import { once } from 'node:events';
import { createServer, type AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runHttpAction } from '../../../../main/core/delivery/http-action.ts';
import type { NotificationAction } from '../../../../main/core/delivery/notification-content.ts';
import { startTestServer, type TestServer } from '../../../server/index.ts';
import { startPublisherHost } from '../../../server/publisher-host.ts';

let server: TestServer;

beforeEach(async () => {
  server = await startTestServer({
    auth: { users: [], everyone: [{ topic: 'acks', permission: 'read-write' }], defaultAccess: 'read-only' },
  });
});

afterEach(async () => {
  await server.close();
});

/** "POST 127.0.0.1:<port>": how the result names the request (never the button's label "Ack"). */
function target(method = 'POST'): string {
  return `${method} ${new URL(server.url).host}`;
}

/** A port on 127.0.0.1 that was just listening and is now closed: connecting to it is refused. */
async function closedPort(): Promise<number> {
  const listener = createServer();
  listener.listen(0, '127.0.0.1');
  await once(listener, 'listening');
  const { port } = listener.address() as AddressInfo;
  listener.close();
  await once(listener, 'close');
  return port;
}

/** This machine's own addresses, for the tests where 127.0.0.1 plays the internet: none. */
const NO_INTERFACES = () => [];

/** The user confirmed (every server here is on 127.0.0.1, an internal address): the tests below the first block. */
const CONFIRMED = { allowInternal: true } as const;

function action(
  fields: Partial<Extract<NotificationAction, { kind: 'http' }>>,
): Extract<NotificationAction, { kind: 'http' }> {
  return {
    kind: 'http',
    id: 'a',
    label: 'Ack',
    url: `${server.url}/acks`,
    method: 'POST',
    headers: {},
    clear: false,
    ...fields,
  };
}

describe('runHttpAction to this computer or its network', () => {
  it('sends nothing to an internal address unless allowed, and names method and host to confirm', async () => {
    const result = await runHttpAction(action({ method: 'PUT', body: 'reboot' }));
    const host = new URL(server.url).host;
    expect(result).toEqual({
      ok: false,
      message: `PUT ${host} not sent: this address is on your own network, and nobody confirmed it`,
      confirm: { method: 'PUT', host },
    });
    expect(server.requests).toEqual([]);
    expect(await runHttpAction(action({ method: 'PUT', body: 'reboot' }), CONFIRMED)).toMatchObject({ ok: true });
    expect(server.requests.map((request) => request.method)).toEqual(['PUT']);
  });

  it('counts a name that resolves to an internal address as internal: checked on the address connected to', async () => {
    const port = new URL(server.url).port;
    const named = action({ url: `http://printer.lan.example:${port}/acks` });
    const resolve = () => Promise.resolve(['127.0.0.1']);
    expect(await runHttpAction(named, { resolve })).toMatchObject({
      ok: false,
      confirm: { method: 'POST', host: `printer.lan.example:${port}` },
    });
    expect(server.requests).toEqual([]);
    expect(await runHttpAction(named, { resolve, ...CONFIRMED })).toMatchObject({ ok: true, status: 200 });
    expect(server.requests).toHaveLength(1);
  });

  it('stops when a same-origin redirect leads to an internal address, and does not ask: the first hop went out', async () => {
    const host = await startPublisherHost();
    try {
      host.redirect('/old', '/new', 307);
      host.respond('/new', { status: 202 });
      // The name was public when the request went out and internal on the redirect (DNS rebinding, played by the
      // classifier: the same 127.0.0.1 is the internet once, then loopback).
      let hops = 0;
      const classify = () => (hops++ === 0 ? 'public' : 'loopback');
      const result = await runHttpAction(action({ url: `${host.url}/old` }), { classify, interfaces: NO_INTERFACES });
      expect(result).toEqual({
        ok: false,
        message: `POST ${new URL(host.url).host} stopped: a redirect led to an address on your own network`,
      });
      expect(host.requests.map((request) => request.path)).toEqual(['/old']);
    } finally {
      await host.close();
    }
  });

  it('sends to a public address without asking', async () => {
    // The classifier names which address plays the internet: here the test server's (not one of this machine's own).
    const result = await runHttpAction(action({}), { classify: () => 'public', interfaces: NO_INTERFACES });
    expect(result).toMatchObject({ ok: true, status: 200 });
    expect(server.requests).toHaveLength(1);
  });
});

describe('runHttpAction', () => {
  it('sends the method, headers and body the publisher gave, and says what the server answered', async () => {
    const result = await runHttpAction(
      action({ method: 'PUT', headers: { Title: 'Acknowledged' }, body: 'done by alice' }),
      CONFIRMED,
    );
    expect(result).toEqual({ ok: true, status: 200, message: `${target('PUT')} done: the server answered HTTP 200` });
    const [published] = server.cachedMessages();
    expect(published).toMatchObject({ topic: 'acks', title: 'Acknowledged', message: 'done by alice' });
    expect(server.requests.at(-1)?.method).toBe('PUT');
  });

  it('reports an error status once, naming the request and not the label', async () => {
    server.faults.failNext(1, { status: 500 });
    const result = await runHttpAction(action({}), CONFIRMED);
    expect(result).toEqual({ ok: false, status: 500, message: `${target()} failed: the server answered HTTP 500` });
  });

  it('reports a refusal by the server (403) the same way', async () => {
    const result = await runHttpAction(action({ url: `${server.url}/read-only-topic` }), CONFIRMED);
    expect(result).toEqual({ ok: false, status: 403, message: `${target()} failed: the server answered HTTP 403` });
  });

  it('names a refused connection instead of "fetch failed"', async () => {
    const port = await closedPort();
    const result = await runHttpAction(action({ url: `http://127.0.0.1:${String(port)}/acks` }), CONFIRMED);
    expect(result).toEqual({ ok: false, message: `POST 127.0.0.1:${String(port)} failed: connection refused` });
  });

  it('gives up after the timeout and says how long it waited', async () => {
    server.faults.stall();
    const result = await runHttpAction(action({}), { ...CONFIRMED, timeoutMs: 200 });
    expect(result).toEqual({ ok: false, message: `${target()} failed: no answer within 0.2 s` });
    server.faults.unstall();
  });

  it('does not follow a 307 to another host with the method, body and X-Api-Key, and names that host', async () => {
    // The publisher's button says "Dismiss"; its host redirects the DELETE to the user's own ntfy server.
    const host = await startPublisherHost();
    try {
      host.redirect('/dismiss', `${server.url}/api/v1/delete-all`, 307);
      const result = await runHttpAction(
        action({ url: `${host.url}/dismiss`, method: 'DELETE', headers: { 'X-Api-Key': 'secret' }, body: 'all' }),
        CONFIRMED,
      );
      expect(result).toEqual({
        ok: false,
        message: `DELETE ${new URL(host.url).host} not sent on: the server redirected it to ${new URL(server.url).host}`,
      });
      expect(server.requests).toEqual([]);
      expect(host.requests.map((request) => [request.method, request.path])).toEqual([['DELETE', '/dismiss']]);
    } finally {
      await host.close();
    }
  });

  it('follows a redirect within the same origin and reports the host that answered', async () => {
    const host = await startPublisherHost();
    try {
      host.redirect('/old', '/new', 307);
      host.respond('/new', { status: 202 });
      const result = await runHttpAction(action({ url: `${host.url}/old`, body: 'x' }), CONFIRMED);
      expect(result).toEqual({
        ok: true,
        status: 202,
        message: `POST ${new URL(host.url).host} done: the server answered HTTP 202`,
      });
      expect(host.requests.map((request) => [request.method, request.path, request.body])).toEqual([
        ['POST', '/old', 'x'],
        ['POST', '/new', 'x'],
      ]);
    } finally {
      await host.close();
    }
  });
});
