/**
 * The forbidden-topic search against the test server's real `/<a,b,…>/auth` (comma lists, per-topic access rules,
 * ntfy's request bucket of 60 burst then one per 5 s), probing with the engine's own checkTopicAccess.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { findForbiddenTopics, type FindForbiddenOptions } from '../../../../main/core/engine/forbidden-topics.ts';
import { checkTopicAccess } from '../../../../main/core/engine/http-requests.ts';
import type { Clock } from '../../../../main/core/ports.ts';
import { startTestServer, type TestServer } from '../../../server/index.ts';
import { ManualClock } from '../../../support/manual-clock.ts';

let server: TestServer | undefined;

afterEach(async () => {
  await server?.close();
  server = undefined;
});

const authorization = `Basic ${Buffer.from('alice:right-password').toString('base64')}`;
const readable = Array.from({ length: 300 }, (_, i) => `news-${String(i).padStart(3, '0')}`);
/** 301 topics; the forbidden one sits in the middle so both halves of the first split matter. */
const topics = [...readable.slice(0, 150), 'private', ...readable.slice(150)];

async function protectedServer(): Promise<TestServer> {
  server = await startTestServer({
    auth: {
      users: [{ name: 'alice', password: 'right-password', access: [{ topic: 'news-*', permission: 'read-only' }] }],
      defaultAccess: 'deny-all',
    },
    requestLimit: { burst: 60, replenishMs: 5_000 },
  });
  return server;
}

/** Every timer falls due as soon as the code yields: waits take clock time only (see the unit test). */
function autoAdvancing(clock: ManualClock): Clock {
  return {
    now: () => clock.now(),
    clearTimeout: (handle) => {
      clock.clearTimeout(handle);
    },
    setTimeout: (callback, delayMs) => {
      const dueAt = clock.now() + delayMs;
      const handle = clock.setTimeout(callback, delayMs);
      queueMicrotask(() => {
        clock.advance(Math.max(0, dueAt - clock.now()));
      });
      return handle;
    },
  };
}

/** What the engine probes with: `GET /<topics>/auth` with the subscription's credentials (connection.ts). */
function engineProbe(baseUrl: string): FindForbiddenOptions['probe'] {
  return (list) =>
    checkTopicAccess({ url: `${baseUrl}/${list.join(',')}/json`, headers: { Authorization: authorization } });
}

const authRequests = (testServer: TestServer) => testServer.requests.filter((entry) => entry.transport === 'auth');

describe('findForbiddenTopics against the test server', () => {
  it('finds the one forbidden topic among 301 within the request bucket, with no 429', async () => {
    const testServer = await protectedServer();
    const subscribe = await fetch(`${testServer.url}/${topics.join(',')}/json?poll=1`, {
      headers: { Authorization: authorization },
    });
    await subscribe.body?.cancel();
    expect(subscribe.status).toBe(403);

    const clock = new ManualClock();
    const decision = await findForbiddenTopics({
      topics,
      probe: engineProbe(testServer.url),
      clock: autoAdvancing(clock),
    });

    expect(decision).toEqual({ kind: 'isolate', forbidden: ['private'] });
    const probes = authRequests(testServer);
    expect(probes.length).toBeLessThanOrEqual(2 * Math.ceil(Math.log2(301)) + 1);
    expect(probes.map((entry) => entry.status).filter((status) => status === 429)).toEqual([]);
  });

  it("waits out the server's 429s for their Retry-After and still isolates only the forbidden topic", async () => {
    const testServer = await protectedServer();
    testServer.faults.failNext(3, {
      status: 429,
      body: { code: 42901, http: 429, error: 'limit reached: too many requests' },
      // Longer than the 5 s the search waits without one, even three times over: only the header explains the wait.
      retryAfter: 20,
      match: (entry) => entry.transport === 'auth',
    });
    const clock = new ManualClock();
    const start = clock.now();

    const decision = await findForbiddenTopics({
      topics,
      probe: engineProbe(testServer.url),
      clock: autoAdvancing(clock),
    });

    expect(decision).toEqual({ kind: 'isolate', forbidden: ['private'] });
    expect(authRequests(testServer).filter((entry) => entry.status === 429)).toHaveLength(3);
    expect(clock.now() - start).toBeGreaterThanOrEqual(20_000);
  });

  it('gives up undecided, isolating nothing, when per-topic checks have drained the bucket', async () => {
    const testServer = await protectedServer();
    // What the engine did before: one /auth per topic at once. Past the burst of 60 the server answers 429.
    const perTopic = await Promise.all(
      topics.slice(0, 80).map(async (topic) => {
        const response = await fetch(`${testServer.url}/${topic}/auth`, { headers: { Authorization: authorization } });
        await response.body?.cancel();
        return response.status;
      }),
    );
    expect(perTopic.filter((status) => status === 429).length).toBeGreaterThanOrEqual(19);

    const clock = new ManualClock();
    const decision = await findForbiddenTopics({
      topics,
      probe: engineProbe(testServer.url),
      clock: autoAdvancing(clock),
      maxRateLimitRetries: 2,
    });

    // The bucket refills one request per 5 s of real time, far slower than the waits on this clock: every
    // probe meets 429s, and a 429 is never evidence that a topic is forbidden.
    expect(decision).toMatchObject({ kind: 'undecided', retryAfterMs: 5_000 });
  });
});
