import { describe, expect, it } from 'vitest';
import { request, serverForTest } from './testing/fixtures.ts';
import type { TestServer, TestServerOptions } from './types.ts';

const configuredToken = 'tk_abcdefghijklmnopqrstuvwxyz012';

const auth: TestServerOptions['auth'] = {
  users: [
    {
      name: 'phil',
      password: 'mypass',
      tokens: [configuredToken],
      access: [
        { topic: 'mytopic', permission: 'read-write' },
        { topic: 'private_*', permission: 'read-write' },
      ],
    },
  ],
  // phil's read-write grant plus an everyone rule on the same exact topic: a reservation, as ntfy stores one.
  everyone: [{ topic: 'mytopic', permission: 'read-only' }],
};

const basic = (user: string, password: string): string =>
  `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;
const bearer = (token: string): string => `Bearer ${token}`;

async function signIn(server: TestServer): Promise<string> {
  const response = await request(server, '/v1/account/token', {
    method: 'POST',
    headers: { Authorization: basic('phil', 'mypass') },
  });
  expect(response.status).toBe(200);
  return (JSON.parse(response.text) as { token: string }).token;
}

function subscriptionRequest(token: string, method: string, body: unknown): RequestInit {
  return { method, headers: { Authorization: bearer(token) }, body: JSON.stringify(body) };
}

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

  it('is 404 on a server without auth, as ntfy without a user manager', async () => {
    const server = await serverForTest();
    const response = await request(server, '/v1/account/token', { method: 'POST' });
    expect(response.status).toBe(404);
    expect((JSON.parse(response.text) as { code: number }).code).toBe(40401);
  });
});

describe('GET /v1/account', () => {
  it('answers the anonymous user as * with role anonymous and limits', async () => {
    const server = await serverForTest({ auth });
    const response = await request(server, '/v1/account');
    expect(response.status).toBe(200);
    const body = JSON.parse(response.text) as Record<string, unknown>;
    expect(Object.keys(body)).toEqual(['username', 'role', 'limits', 'stats']);
    expect(body).toMatchObject({ username: '*', role: 'anonymous', limits: { basis: 'ip' } });
  });

  it('shows subscriptions, reservations, tokens, limits and stats in ntfy field order', async () => {
    const server = await serverForTest({ auth, cacheDurationMs: 3_600_000 });
    const token = await signIn(server);
    const add = subscriptionRequest(token, 'POST', { base_url: server.url, topic: 'mytopic' });
    expect((await request(server, '/v1/account/subscription', add)).status).toBe(200);
    const response = await request(server, '/v1/account', { headers: { Authorization: bearer(token) } });
    const body = JSON.parse(response.text) as Record<string, unknown>;
    expect(Object.keys(body)).toEqual([
      'username',
      'role',
      'subscriptions',
      'reservations',
      'tokens',
      'limits',
      'stats',
    ]);
    expect(body['subscriptions']).toEqual([{ base_url: server.url, topic: 'mytopic', display_name: null }]);
    expect(body['reservations']).toEqual([{ topic: 'mytopic', everyone: 'read-only' }]);
    expect(body['tokens']).toEqual([expect.objectContaining({ token })]);
    expect(body['limits']).toMatchObject({ basis: 'ip', messages: 17280, messages_expiry_duration: 3600 });
    expect(body['stats']).toMatchObject({ messages: 0, messages_remaining: 17280 });
  });
});

describe('account subscriptions', () => {
  it('adds, renames and deletes by base URL and topic (DELETE with X-BaseURL and X-Topic headers)', async () => {
    const server = await serverForTest({ auth });
    const token = await signIn(server);
    const path = '/v1/account/subscription';
    const base = 'https://ntfy.example.com';
    const added = await request(server, path, subscriptionRequest(token, 'POST', { base_url: base, topic: 'a' }));
    expect(added.text).toBe(`{"base_url":"${base}","topic":"a","display_name":null}\n`);
    const renamed = await request(
      server,
      path,
      subscriptionRequest(token, 'PATCH', { base_url: base, topic: 'a', display_name: 'Alerts' }),
    );
    expect(renamed.status).toBe(200);
    expect(JSON.parse(renamed.text)).toEqual({ base_url: base, topic: 'a', display_name: 'Alerts' });
    const account = async (): Promise<unknown> =>
      JSON.parse((await request(server, '/v1/account', { headers: { Authorization: bearer(token) } })).text);
    expect(await account()).toMatchObject({ subscriptions: [{ base_url: base, topic: 'a', display_name: 'Alerts' }] });
    const deleted = await request(server, path, {
      method: 'DELETE',
      headers: { Authorization: bearer(token), 'X-BaseURL': base, 'X-Topic': 'a' },
    });
    expect(deleted.text).toBe('{"success":true}\n');
    expect(await account()).not.toHaveProperty('subscriptions');
  });

  it('answers a duplicate with 409 (40903), a rename of an unknown one with 404, bad JSON with 40024', async () => {
    const server = await serverForTest({ auth });
    const token = await signIn(server);
    const path = '/v1/account/subscription';
    const one = { base_url: server.url, topic: 'a' };
    await request(server, path, subscriptionRequest(token, 'POST', one));
    const duplicate = await request(server, path, subscriptionRequest(token, 'POST', one));
    expect(duplicate.status).toBe(409);
    expect(JSON.parse(duplicate.text)).toEqual({
      code: 40903,
      http: 409,
      error: 'conflict: topic subscription already exists',
    });
    const unknown = await request(server, path, subscriptionRequest(token, 'PATCH', { ...one, topic: 'zz' }));
    expect(unknown.status).toBe(404);
    const bad = await request(server, path, { method: 'POST', headers: { Authorization: bearer(token) }, body: '{' });
    expect(bad.status).toBe(400);
    expect((JSON.parse(bad.text) as { code: number }).code).toBe(40024);
  });

  it('keeps each user’s subscriptions apart and refuses anonymous changes with 401', async () => {
    const server = await serverForTest({ auth });
    const anonymous = await request(server, '/v1/account/subscription', {
      method: 'POST',
      body: JSON.stringify({ base_url: server.url, topic: 'a' }),
    });
    expect(anonymous.status).toBe(401);
    const configured = await request(server, '/v1/account', { headers: { Authorization: bearer(configuredToken) } });
    expect(JSON.parse(configured.text)).not.toHaveProperty('subscriptions');
  });
});
