import { describe, expect, it } from 'vitest';
import { request, serverForTest } from './testing/fixtures.ts';
import type { NtfyAction, NtfyMessage, TestServer } from './types.ts';

async function publishWith(
  server: TestServer,
  headers: Readonly<Record<string, string>>,
): Promise<{ status: number; text: string; actions: readonly NtfyAction[] }> {
  const response = await request(server, '/alerts', { method: 'POST', headers, body: 'x' });
  const message = (response.status === 200 ? JSON.parse(response.text) : {}) as NtfyMessage;
  return { status: response.status, text: response.text, actions: message.actions ?? [] };
}

const publishWithActions = (server: TestServer, actions: string): ReturnType<typeof publishWith> =>
  publishWith(server, { Actions: actions });

const anyId = expect.stringMatching(/^[A-Za-z0-9]{10}$/) as unknown;

describe('the simple Actions header', () => {
  it('publishes view, http and broadcast actions with ids, clear, an uppercase method and the maps', async () => {
    const server = await serverForTest();
    const published = await publishWithActions(
      server,
      'view, Open, https://x.test/a, clear=true; http, Close door, https://api.test/door, method=put, ' +
        'body={"open":false}, headers.X-Foo=bar; broadcast, Photo, extras.cmd=pic, intent=io.test.ACTION',
    );
    expect(published.status).toBe(200);
    expect(published.actions).toEqual([
      { id: anyId, action: 'view', label: 'Open', clear: true, url: 'https://x.test/a' },
      {
        id: anyId,
        action: 'http',
        label: 'Close door',
        clear: false,
        url: 'https://api.test/door',
        method: 'PUT',
        headers: { 'X-Foo': 'bar' },
        body: '{"open":false}',
      },
      {
        id: anyId,
        action: 'broadcast',
        label: 'Photo',
        clear: false,
        intent: 'io.test.ACTION',
        extras: { cmd: 'pic' },
      },
    ]);
    expect(published.text).toContain('"method":"PUT","headers":{"X-Foo":"bar"},"body":"{\\"open\\":false}"');
  });

  it('leaves method out when not given and lowercases the action name', async () => {
    const server = await serverForTest();
    const published = await publishWithActions(server, 'HTTP, Ping, https://api.test/ping');
    expect(published.actions).toEqual([
      { id: anyId, action: 'http', label: 'Ping', clear: false, url: 'https://api.test/ping' },
    ]);
  });

  it('accepts the explicit key=value form and quoted values holding commas and semicolons', async () => {
    const server = await serverForTest();
    const published = await publishWithActions(
      server,
      `action=view, label="Open, then close", url='https://x.test/?a=1;b=2', clear=yes`,
    );
    expect(published.actions).toEqual([
      { id: anyId, action: 'view', label: 'Open, then close', clear: true, url: 'https://x.test/?a=1;b=2' },
    ]);
  });

  it('accepts what the npm ntfy package sends (X-Actions built by its publish())', async () => {
    const server = await serverForTest();
    // The exact strings its buildViewActionString/buildHTTPActionString/buildBroadcastActionString produce.
    const published = await publishWith(server, {
      'X-Actions':
        'view, Open, https://x.test/a, clear=true; http, Close, https://api.test/door, method=PUT, clear=true, ' +
        'headers.Authorization=Bearer tk; broadcast, Photo, clear=true, extras.cmd=pic, intent=io.test.ACTION',
      'X-Priority': '4',
      'X-Tags': 'door',
      'X-Title': 'Door',
    });
    expect(published.status).toBe(200);
    expect(published.actions.map((action) => [action.action, action.clear, action.method])).toEqual([
      ['view', true, undefined],
      ['http', true, 'PUT'],
      ['broadcast', true, undefined],
    ]);
    expect(published.actions[1]?.headers).toEqual({ Authorization: 'Bearer tk' });
  });

  it('accepts what the Go ntfy CLI sends for `ntfy publish --actions=… --title=… --priority=… --tags=…`', async () => {
    const server = await serverForTest();
    // The CLI passes the --actions value through unchanged as X-Actions.
    const published = await publishWith(server, {
      'User-Agent': 'ntfy/v2.13.0',
      'X-Actions': `view, Open portal, https://home.test/, clear=true; http, Turn down, https://api.test/, body='{"temp": 65}'`,
      'X-Title': 'Thermostat',
      'X-Priority': 'high',
      'X-Tags': 'fire',
    });
    expect(published.status).toBe(200);
    expect(published.actions[1]).toEqual({
      id: anyId,
      action: 'http',
      label: 'Turn down',
      clear: false,
      url: 'https://api.test/',
      body: '{"temp": 65}',
    });
  });

  it('answers more than 3 actions with 400 (40018) and ntfy`s text', async () => {
    const server = await serverForTest();
    const four = Array.from({ length: 4 }, (_, i) => `view, L${String(i)}, https://x.test`).join('; ');
    const published = await publishWithActions(server, four);
    expect(published.status).toBe(400);
    expect(published.text).toBe(
      '{"code":40018,"http":400,"error":"invalid request: actions invalid, only 3 actions allowed",' +
        '"link":"https://ntfy.sh/docs/publish/#action-buttons"}\n',
    );
  });

  it.each([
    ['an unknown term', 'broadcast, Photo, extra', "term 'extra' unknown"],
    ['an unknown key', 'view, Open, https://x.test, colour=red', "key 'colour' unknown"],
    ['an unterminated quote', 'view, "Open, https://x.test', 'unexpected end of input, quote started at position 7'],
    ['a view without url', 'view, Open', "parameter 'url' is required for action 'view'"],
    // The npm ntfy package appends an http body as a bare 4th section; real ntfy refuses that too.
    ['a bare 4th section (npm ntfy`s http body)', 'http, Post, https://x.test, {"a":1}', `term '{"a":1}' unknown`],
  ])('answers %s with 400 (40018) and the parser`s reason', async (_what, actions, reason) => {
    const server = await serverForTest();
    const published = await publishWithActions(server, actions);
    expect(published.status).toBe(400);
    expect(JSON.parse(published.text)).toMatchObject({
      code: 40018,
      error: `invalid request: actions invalid, ${reason}`,
    });
  });
});

describe('JSON actions', () => {
  it('lowercases "action" and uppercases "method", in the header and in a JSON body', async () => {
    const server = await serverForTest();
    const actions = [
      { action: 'VIEW', label: 'Open', url: 'https://x.test' },
      { action: 'Http', label: 'Post', url: 'https://y.test', method: 'put' },
    ];
    const viaHeader = await publishWithActions(server, JSON.stringify(actions));
    expect(viaHeader.status).toBe(200);
    expect(viaHeader.actions.map((action) => [action.action, action.method])).toEqual([
      ['view', undefined],
      ['http', 'PUT'],
    ]);
    const viaBody = await request(server, '/', {
      method: 'POST',
      body: JSON.stringify({ topic: 'alerts', message: 'x', actions }),
    });
    expect(viaBody.status).toBe(200);
    const message = JSON.parse(viaBody.text) as NtfyMessage;
    expect(message.actions?.map((action) => [action.action, action.method])).toEqual([
      ['view', undefined],
      ['http', 'PUT'],
    ]);
  });

  it('rejects a GET http action with a body even when the method was sent lowercase', async () => {
    const server = await serverForTest();
    const actions = [{ action: 'http', label: 'x', url: 'https://x.test', method: 'get', body: 'b' }];
    const published = await publishWithActions(server, JSON.stringify(actions));
    expect(JSON.parse(published.text)).toMatchObject({
      code: 40018,
      error: "invalid request: actions invalid, parameter 'body' cannot be set if method is GET",
    });
  });
});
