import { createServer } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../server/index.ts';
import { type EngineHarness, startEngine } from '../../../support/engine-harness.ts';
import { ManualClock } from '../../../support/manual-clock.ts';

let server: TestServer | undefined;
let engine: EngineHarness | undefined;

afterEach(async () => {
  await engine?.stop();
  engine = undefined;
  await server?.close();
  server = undefined;
});

async function protectedServer(): Promise<TestServer> {
  server = await startTestServer({
    auth: {
      users: [
        {
          name: 'alice',
          password: 'right-password',
          access: [
            { topic: 'mine', permission: 'read-write' },
            { topic: 'also-mine', permission: 'read-write' },
          ],
        },
      ],
      defaultAccess: 'deny-all',
    },
  });
  return server;
}

const alice = (password: string) => ({ kind: 'basic', user: 'alice', password }) as const;

describe('authentication and authorization failures', () => {
  it('stops on 401 without retrying, carrying the server error', async () => {
    const testServer = await protectedServer();
    const clock = new ManualClock();
    engine = startEngine({
      subscriptions: [{ server: testServer.url, topic: 'mine', credentials: alice('wrong') }],
      clock,
    });
    const status = await engine.waitForStatus((s) => s.state.kind === 'auth-failed');
    expect(status.state.kind === 'auth-failed' ? status.state.error : undefined).toMatchObject({
      status: 401,
      code: 40101,
    });
    // Retrying wrong credentials locks the user out on real servers. An hour of the engine's time passes: any retry
    // timer would fire now, and a retry starts with a 'connecting' status before any byte is sent.
    const statusesBefore = engine.statuses.length;
    clock.advance(3_600_000);
    expect(engine.statuses.slice(statusesBefore)).toEqual([]);
    expect(testServer.requests.filter((entry) => entry.authorization !== undefined)).toHaveLength(1);
  });

  it('isolates the forbidden topic of a multi-topic connection and keeps the others', async () => {
    const testServer = await protectedServer();
    engine = startEngine({
      subscriptions: ['mine', 'forbidden', 'also-mine'].map((topic) => ({
        server: testServer.url,
        topic,
        credentials: alice('right-password'),
      })),
    });
    const status = await engine.waitForStatus((s) => s.state.kind === 'open');
    expect(status.forbiddenTopics).toEqual(['forbidden']);
    expect(status.topics).toEqual(['mine', 'also-mine']);
    const [subscriber] = await testServer.waitForSubscribers(1);
    expect(subscriber?.topics).toEqual(['mine', 'also-mine']);
    await testServer.publish('also-mine', 'still delivered');
    expect((await engine.waitForMessages(1)).map((m) => m.message)).toEqual(['still delivered']);
    // Found by probing lists of topics (bisection), not one request per topic: the whole list, then its halves.
    const probes = testServer.requests.filter((entry) => entry.transport === 'auth').map((entry) => entry.path);
    expect(probes[0]).toBe('/mine,forbidden,also-mine/auth');
    expect(probes.length).toBeLessThanOrEqual(4);
    expect(probes.every((path) => path.endsWith('/auth'))).toBe(true);
  });

  it('says the credentials were not accepted (401) when the search for the forbidden topic meets a 401', async () => {
    const testServer = await protectedServer();
    // The password changed between the 403 and the search: the first probe is the one to hear of it.
    testServer.faults.failNext(1, {
      status: 401,
      body: { code: 40101, http: 401, error: 'unauthorized' },
      match: (entry) => entry.transport === 'auth',
    });
    engine = startEngine({
      subscriptions: ['mine', 'forbidden'].map((topic) => ({
        server: testServer.url,
        topic,
        credentials: alice('right-password'),
      })),
    });
    const status = await engine.waitForStatus((s) => s.state.kind === 'auth-failed');
    // 401 is what the window words as "credentials not accepted"; the 403 would read "no permission".
    expect(status.state.kind === 'auth-failed' ? status.state.error.status : undefined).toBe(401);
    expect(testServer.requests.filter((entry) => entry.transport === 'auth')).toHaveLength(1);
  });

  it('isolates one forbidden topic among 301 within ntfy’s request bucket, never taking a 429 for a 403', async () => {
    server = await startTestServer({
      auth: {
        users: [{ name: 'alice', password: 'right-password', access: [{ topic: 'news-*', permission: 'read-only' }] }],
        defaultAccess: 'deny-all',
      },
      requestLimit: { burst: 60, replenishMs: 5_000 },
    });
    const readable = Array.from({ length: 300 }, (_, i) => `news-${String(i).padStart(3, '0')}`);
    const topics = [...readable.slice(0, 150), 'private', ...readable.slice(150)];
    engine = startEngine({
      subscriptions: topics.map((topic) => ({
        server: server?.url ?? '',
        topic,
        credentials: alice('right-password'),
      })),
    });
    const status = await engine.waitForStatus((s) => s.state.kind === 'open');
    expect(status.forbiddenTopics).toEqual(['private']);
    expect(status.topics).toEqual(readable);
    const probes = server.requests.filter((entry) => entry.transport === 'auth');
    expect(probes.length).toBeLessThanOrEqual(20);
    expect(engine.statuses.some((s) => s.state.kind === 'auth-failed')).toBe(false);
  });

  it('goes to auth-failed when the only topic is forbidden', async () => {
    const testServer = await protectedServer();
    engine = startEngine({
      subscriptions: [{ server: testServer.url, topic: 'forbidden', credentials: alice('right-password') }],
    });
    const status = await engine.waitForStatus((s) => s.state.kind === 'auth-failed');
    expect(status.state.kind === 'auth-failed' ? status.state.error.status : undefined).toBe(403);
  });
});

describe('server and network errors', () => {
  it('honours Retry-After on 429 before trying again', async () => {
    const testServer = await startTestServer();
    server = testServer;
    testServer.faults.failNext(1, {
      status: 429,
      body: { code: 42901, http: 429, error: 'limit reached: too many requests' },
      retryAfter: 1,
    });
    engine = startEngine({ subscriptions: [{ server: testServer.url, topic: 't' }] });
    const backoff = await engine.waitForStatus((s) => s.state.kind === 'backoff');
    expect(backoff.state.kind === 'backoff' ? backoff.state.reason : '').toContain('too many requests');
    await engine.waitForStatus((s) => s.state.kind === 'open');
    const [refused, accepted] = testServer.requests.filter((entry) => entry.transport === 'json');
    expect(refused?.status).toBe(429);
    // The backoff ceiling is 50 ms here; only Retry-After explains a wait of a second.
    expect((accepted?.startedAt ?? 0) - (refused?.startedAt ?? 0)).toBeGreaterThanOrEqual(950);
  });

  it('retries after 500 and after an HTML proxy error page', async () => {
    const testServer = await startTestServer();
    server = testServer;
    testServer.faults.failNext(1, { status: 500, body: { code: 50001, http: 500, error: 'internal server error' } });
    testServer.faults.failNext(1, { status: 502, body: '<html><body>Bad Gateway</body></html>' });
    engine = startEngine({ subscriptions: [{ server: testServer.url, topic: 't' }] });
    await engine.waitForStatus((s) => s.state.kind === 'open');
    const reasons = engine.statuses.flatMap((s) => (s.state.kind === 'backoff' ? [s.state.reason] : []));
    expect(reasons).toHaveLength(2);
    expect(reasons[0]).toContain('internal server error');
    expect(reasons.join(' ')).not.toContain('<html>');
    await testServer.publish('t', 'after errors');
    await engine.waitForMessages(1);
  });

  it('backs off while the connection is refused and connects once a server listens', async () => {
    // Find a free port, then leave it closed.
    const probe = createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const address = probe.address();
    const port = typeof address === 'object' && address !== null ? address.port : 0;
    await new Promise<void>((resolve) =>
      probe.close(() => {
        resolve();
      }),
    );

    engine = startEngine({ subscriptions: [{ server: `http://127.0.0.1:${port}`, topic: 't' }] });
    const backoff = await engine.waitForStatus((s) => s.state.kind === 'backoff');
    expect(backoff.state.kind === 'backoff' ? backoff.state.reason : '').toMatch(/ECONNREFUSED|fetch failed/);
    server = await startTestServer({ port });
    await engine.waitForStatus((s) => s.state.kind === 'open');
    await server.publish('t', 'finally');
    await engine.waitForMessages(1);
  });
});
