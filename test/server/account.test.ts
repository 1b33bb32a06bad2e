import { describe, expect, it } from 'vitest';
import { auth, basic, bearer, configuredToken, signIn } from './testing/account-fixtures.ts';
import { openStream, request, serverForTest } from './testing/fixtures.ts';
import type { TestServer, TestServerOptions } from './types.ts';

describe('account tokens', () => {
  it('POST /v1/account/token with basic auth issues a tk_ token in ntfy shape that then authenticates', async () => {
    const server = await serverForTest({ auth });
    const before = Math.floor(Date.now() / 1000);
    const response = await request(server, '/v1/account/token', {
      method: 'POST',
      headers: { Authorization: basic('phil', 'mypass') },
      body: JSON.stringify({ label: 'laptop' }),
    });
    expect(response.status).toBe(200);
    expect(Object.keys(JSON.parse(response.text) as object)).toEqual([
      'token',
      'label',
      'last_access',
      'last_origin',
      'expires',
    ]);
    const body = JSON.parse(response.text) as { token: string; label: string; last_origin: string; expires: number };
    expect(body.token).toMatch(/^tk_[a-z0-9]{29}$/);
    expect(body.label).toBe('laptop');
    expect(body.last_origin).toBe('127.0.0.1');
    // ntfy's tokenExpiryDuration: 72 hours.
    expect(body.expires - before).toBeGreaterThanOrEqual(72 * 3600);
    expect(body.expires - before).toBeLessThanOrEqual(72 * 3600 + 5);
    const account = await request(server, '/v1/account', { headers: { Authorization: bearer(body.token) } });
    expect(account.status).toBe(200);
    expect(JSON.parse(account.text)).toMatchObject({ username: 'phil', role: 'user' });
  });

  it('answers a wrong password with 401 (40101) and an anonymous token request with 401', async () => {
    const server = await serverForTest({ auth });
    const wrong = await request(server, '/v1/account/token', {
      method: 'POST',
      headers: { Authorization: basic('phil', 'nope') },
    });
    expect(wrong.status).toBe(401);
    expect(JSON.parse(wrong.text)).toEqual({
      code: 40101,
      http: 401,
      error: 'unauthorized',
      link: 'https://ntfy.sh/docs/publish/#authentication',
    });
    const anonymous = await request(server, '/v1/account/token', { method: 'POST' });
    expect(anonymous.status).toBe(401);
    expect((JSON.parse(anonymous.text) as { code: number }).code).toBe(40101);
  });

  it('DELETE /v1/account/token removes the token the request used; it is 401 afterwards', async () => {
    const server = await serverForTest({ auth });
    const token = await signIn(server);
    const deleted = await request(server, '/v1/account/token', {
      method: 'DELETE',
      headers: { Authorization: bearer(token) },
    });
    expect(deleted.status).toBe(200);
    expect(deleted.text).toBe('{"success":true}\n');
    const after = await request(server, '/v1/account', { headers: { Authorization: bearer(token) } });
    expect(after.status).toBe(401);
  });

  it('DELETE /v1/account/token with X-Token removes that token; with basic auth and no X-Token it is 40023', async () => {
    const server = await serverForTest({ auth });
    const other = await signIn(server);
    const noToken = await request(server, '/v1/account/token', {
      method: 'DELETE',
      headers: { Authorization: basic('phil', 'mypass') },
    });
    expect(noToken.status).toBe(400);
    expect(JSON.parse(noToken.text)).toEqual({ code: 40023, http: 400, error: 'invalid request: no token provided' });
    const deleted = await request(server, '/v1/account/token', {
      method: 'DELETE',
      headers: { Authorization: basic('phil', 'mypass'), 'X-Token': other },
    });
    expect(deleted.status).toBe(200);
    expect((await request(server, '/v1/account', { headers: { Authorization: bearer(other) } })).status).toBe(401);
  });

  it('is 404 on a server without auth, as ntfy without a user manager; GET /v1/account answers the * user', async () => {
    const server = await serverForTest();
    const withPassword = { Authorization: basic('phil', 'mypass') };
    for (const method of ['POST', 'PATCH', 'DELETE']) {
      const response = await request(server, '/v1/account/token', { method, headers: withPassword });
      expect(response.status).toBe(404);
      expect(JSON.parse(response.text)).toEqual({ code: 40401, http: 404, error: 'page not found' });
    }
    // ntfy's handleAccountGet has no ensureUserManager, and credentials are ignored without one.
    const account = await request(server, '/v1/account', { headers: { Authorization: bearer(configuredToken) } });
    expect(account.status).toBe(200);
    expect(JSON.parse(account.text)).toMatchObject({ username: '*', role: 'anonymous' });
  });
});

describe('token expiry by the server clock', () => {
  const HOUR_MS = 3_600_000;
  const START_MS = 1_700_000_000_000;

  function clockedServer(extra: Partial<NonNullable<TestServerOptions['auth']>> = {}) {
    let nowMs = START_MS;
    const advance = (ms: number): void => {
      nowMs += ms;
    };
    return { advance, server: serverForTest({ auth: { ...auth, ...extra, now: () => nowMs } }) };
  }

  async function createToken(server: TestServer, body?: unknown): Promise<Record<string, unknown>> {
    const response = await request(server, '/v1/account/token', {
      method: 'POST',
      headers: { Authorization: basic('phil', 'mypass') },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    expect(response.status).toBe(200);
    return JSON.parse(response.text) as Record<string, unknown>;
  }

  const statusWith = async (server: TestServer, token: string, path = '/v1/account'): Promise<number> =>
    (await request(server, path, { headers: { Authorization: bearer(token) } })).status;

  it('a default token lives 72 h by the clock, then is 401 everywhere (account, streams, polls)', async () => {
    const clocked = clockedServer();
    const server = await clocked.server;
    const body = await createToken(server);
    const token = String(body['token']);
    expect(body['expires']).toBe(START_MS / 1000 + 72 * 3600);
    clocked.advance(72 * HOUR_MS);
    expect(await statusWith(server, token)).toBe(200); // expires >= now: still alive at the second itself
    clocked.advance(1000);
    expect(await statusWith(server, token)).toBe(401);
    expect(await statusWith(server, token, '/mytopic/json?poll=1')).toBe(401);
    const stream = await openStream(server, '/mytopic/json', { Authorization: bearer(token) });
    expect(stream.status).toBe(401);
    // Gone from the account's token list, as ntfy's manager prunes expired tokens.
    const listed = await request(server, '/v1/account', { headers: { Authorization: basic('phil', 'mypass') } });
    expect(JSON.parse(listed.text)).not.toHaveProperty('tokens');
  });

  it('expires: 0 never expires, and the answer leaves expires out (omitempty)', async () => {
    const clocked = clockedServer();
    const server = await clocked.server;
    const body = await createToken(server, { label: 'tray', expires: 0 });
    expect(Object.keys(body)).toEqual(['token', 'label', 'last_access', 'last_origin']);
    clocked.advance(365 * 24 * HOUR_MS);
    expect(await statusWith(server, String(body['token']))).toBe(200);
  });

  it('PATCH extends the token used by 72 h from now, or sets expires (0: never); 40023 without a token', async () => {
    const clocked = clockedServer();
    const server = await clocked.server;
    const token = String((await createToken(server))['token']);
    const patch = async (body?: unknown, authorization = bearer(token)) =>
      request(server, '/v1/account/token', {
        method: 'PATCH',
        headers: { Authorization: authorization },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
    clocked.advance(70 * HOUR_MS);
    const extended = await patch();
    expect(extended.status).toBe(200);
    expect(JSON.parse(extended.text)).toMatchObject({ token, expires: START_MS / 1000 + (70 + 72) * 3600 });
    clocked.advance(70 * HOUR_MS); // 140 h after issue: the original 72 h are long past
    expect(await statusWith(server, token)).toBe(200);
    // A label alone changes the label and keeps the expiry.
    expect(JSON.parse((await patch({ label: 'renamed' })).text)).toMatchObject({
      label: 'renamed',
      expires: START_MS / 1000 + (70 + 72) * 3600,
    });
    const forever = await patch({ expires: 0 });
    expect(JSON.parse(forever.text)).not.toHaveProperty('expires');
    clocked.advance(1000 * HOUR_MS);
    expect(await statusWith(server, token)).toBe(200);

    const noToken = await patch(undefined, basic('phil', 'mypass'));
    expect(noToken.status).toBe(400);
    expect((JSON.parse(noToken.text) as { code: number }).code).toBe(40023);
    const unknown = await patch({ token: 'tk_0000000000000000000000000000a' });
    expect(unknown.status).toBe(500); // ntfy: ErrTokenNotFound from ChangeToken
    expect((await patch({ expires: 'never' })).status).toBe(400);
  });

  it('ignoreRequestedExpiry plays a server that gives 72 h whatever the request says', async () => {
    const clocked = clockedServer({ ignoreRequestedExpiry: true });
    const server = await clocked.server;
    const body = await createToken(server, { expires: 0 });
    expect(body['expires']).toBe(START_MS / 1000 + 72 * 3600);
    const patched = await request(server, '/v1/account/token', {
      method: 'PATCH',
      headers: { Authorization: bearer(String(body['token'])) },
      body: JSON.stringify({ expires: 0 }),
    });
    expect(JSON.parse(patched.text)).toMatchObject({ expires: START_MS / 1000 + 72 * 3600 });
    clocked.advance(72 * HOUR_MS + 1000);
    expect(await statusWith(server, String(body['token']))).toBe(401);
  });
});
