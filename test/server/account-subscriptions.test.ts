/**
 * The account API besides its tokens (account.test.ts): the sync topic, JSON body limits, GET /v1/account and the
 * account's subscriptions.
 */
import { describe, expect, it } from 'vitest';
import { auth, bearer, configuredToken, signIn, subscriptionRequest } from './testing/account-fixtures.ts';
import { openStream, request, serverForTest } from './testing/fixtures.ts';

describe('the account sync topic', () => {
  it('GET /v1/account names it; each change to the account publishes {"event":"sync"} there, live only', async () => {
    const server = await serverForTest({ auth });
    const token = await signIn(server);
    const account = JSON.parse(
      (await request(server, '/v1/account', { headers: { Authorization: bearer(token) } })).text,
    ) as Record<string, unknown>;
    expect(Object.keys(account).slice(0, 3)).toEqual(['username', 'role', 'sync_topic']);
    const syncTopic = String(account['sync_topic']);
    expect(syncTopic).toMatch(/^st_[A-Za-z0-9]{13}$/);
    const stream = await openStream(server, `/${syncTopic}/json`, { Authorization: bearer(token) });
    const syncEvents = (): unknown[] =>
      stream.events().filter((event) => event.event === 'message' && event['message'] === '{"event":"sync"}');

    const changes: [string, string, RequestInit][] = [
      ['/v1/account/subscription', 'POST', subscriptionRequest(token, 'POST', { base_url: server.url, topic: 'a' })],
      ['/v1/account/subscription', 'PATCH', subscriptionRequest(token, 'PATCH', { base_url: server.url, topic: 'a' })],
      ['/v1/account/token', 'PATCH', { method: 'PATCH', headers: { Authorization: bearer(token) } }],
      [
        '/v1/account/subscription',
        'DELETE',
        { method: 'DELETE', headers: { Authorization: bearer(token), 'X-BaseURL': server.url, 'X-Topic': 'a' } },
      ],
    ];
    for (const [index, [path, , init]] of changes.entries()) {
      expect((await request(server, path, init)).status).toBe(200);
      await stream.waitFor(() => syncEvents().length === index + 1, `sync event ${String(index + 1)}`);
    }
    expect(syncEvents()[0]).toEqual({
      id: expect.any(String) as string,
      time: expect.any(Number) as number,
      event: 'message',
      topic: syncTopic,
      message: '{"event":"sync"}',
    });
    // A failed change publishes nothing; reads publish nothing; nothing was cached.
    const duplicate = subscriptionRequest(token, 'PATCH', { base_url: server.url, topic: 'gone' });
    expect((await request(server, '/v1/account/subscription', duplicate)).status).toBe(404);
    await request(server, '/v1/account', { headers: { Authorization: bearer(token) } });
    await server.publish(syncTopic, 'a marker after the failed change');
    await stream.waitFor(
      () => stream.events().some((event) => event['message'] === 'a marker after the failed change'),
      'marker',
    );
    expect(syncEvents()).toHaveLength(changes.length);
    expect(server.cachedMessages().filter((message) => message.message === '{"event":"sync"}')).toEqual([]);
  });
});

describe('JSON bodies of the account API', () => {
  it('refuses a body of 32 768 bytes or more with 413 (41303), as ntfy’s jsonBodyBytesLimit', async () => {
    const server = await serverForTest({ auth });
    const token = await signIn(server);
    const padded = (length: number): string => {
      const json = JSON.stringify({ base_url: server.url, topic: `t${String(length)}` });
      return json + ' '.repeat(length - json.length);
    };
    const post = (body: string) =>
      request(server, '/v1/account/subscription', { method: 'POST', headers: { Authorization: bearer(token) }, body });
    expect((await post(padded(32_767))).status).toBe(200);
    const tooLarge = await post(padded(32_768));
    expect(tooLarge.status).toBe(413);
    expect(JSON.parse(tooLarge.text)).toEqual({ code: 41303, http: 413, error: 'JSON body too large' });
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
      'sync_topic',
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
