/**
 * A thousand topics on one server behind a proxy with nginx's 8 KB request line (docs/protocol.md#url-length): the
 * engine splits them over a few connections that each fit, and a 414 it still gets is final, never retried
 * (docs/protocol.md#final-answers). The engine's timers are a ManualClock's, so a retry could only come from the test
 * moving time.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { ConnectionStatus } from '../../../../main/core/engine/connection-types.ts';
import { SUBSCRIBE_URL_BUDGET_BYTES } from '../../../../main/core/engine/url-budget.ts';
import { openTransport } from '../../../../main/core/transports/index.ts';
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

/** 1,000 topics of 10 characters: 11 KB of topic list in one URL. */
const TOPICS = Array.from({ length: 1000 }, (_, index) => `topic-${String(index).padStart(4, '0')}`);

/** nginx refuses a request line longer than large_client_header_buffers (8 KB); the target is a little less. */
const NGINX_TARGET_LIMIT = 8192 - 'GET  HTTP/1.1\r\n'.length;

function startThousandTopics(testServer: TestServer, clock: ManualClock, urls: string[]): EngineHarness {
  return startEngine({
    subscriptions: TOPICS.map((topic) => ({ server: testServer.url, topic })),
    clock,
    openTransport: (options) => {
      urls.push(options.request.url);
      return openTransport(options);
    },
  });
}

/** Resolves once every connection the engine runs is in a state `kinds` names. */
function allIn(harness: EngineHarness, kinds: readonly ConnectionStatus['state']['kind'][]): Promise<unknown> {
  const statuses = () => harness.manager.statuses();
  return harness.waitForStatus(() => statuses().length > 0 && statuses().every((s) => kinds.includes(s.state.kind)));
}

describe('a thousand topics on one server', () => {
  it('are split over a few connections, each URL within the budget, and every one of them receives', async () => {
    const testServer = await startTestServer();
    server = testServer;
    testServer.faults.limitUrlLength(NGINX_TARGET_LIMIT);
    const urls: string[] = [];
    engine = startThousandTopics(testServer, new ManualClock(), urls);
    await allIn(engine, ['open']);

    const connections = engine.manager.statuses();
    expect(connections.length).toBeGreaterThanOrEqual(2);
    expect(connections.length).toBeLessThanOrEqual(4);
    expect(urls).toHaveLength(connections.length);
    for (const url of urls) expect(Buffer.byteLength(url)).toBeLessThanOrEqual(SUBSCRIBE_URL_BUDGET_BYTES);
    expect(connections.flatMap((status) => status.topics).sort()).toEqual(TOPICS);
    expect(testServer.requests.filter((entry) => entry.status === 414)).toEqual([]);

    const subscribers = await testServer.waitForSubscribers(connections.length);
    // One message to the first and the last topic of each connection.
    const targets = subscribers.flatMap((subscriber) => [subscriber.topics[0], subscriber.topics.at(-1)]);
    for (const topic of targets) await testServer.publish(topic ?? '', `to ${topic ?? ''}`);
    const received = await engine.waitForMessages(targets.length);
    expect(received.map((message) => message.topic).sort()).toEqual([...targets].sort());
  });

  it('stop for good on a 414 from a proxy whose limit is below the budget, and say why', async () => {
    const testServer = await startTestServer();
    server = testServer;
    testServer.faults.limitUrlLength(2000);
    const clock = new ManualClock();
    engine = startThousandTopics(testServer, clock, []);
    await allIn(engine, ['error']);
    const connections = engine.manager.statuses();
    for (const status of connections) {
      expect(status.state.kind === 'error' ? status.state.message : '').toMatch(
        /^the URL is too long for the server or a proxy in front of it \(HTTP 414\)/,
      );
    }
    const refused = testServer.requests.filter((entry) => entry.status === 414);
    expect(refused).toHaveLength(connections.length);
    // An hour of the engine's time: any backoff or poll timer would fire now, and a retry reports 'connecting'.
    const statusesBefore = engine.statuses.length;
    clock.advance(3_600_000);
    expect(engine.statuses.slice(statusesBefore)).toEqual([]);
    expect(testServer.requests).toHaveLength(refused.length);
  });
});
