import { afterEach, describe, expect, it } from 'vitest';
import type { TransportKind } from '../../../../main/core/protocol/subscribe-request.ts';
import { startTestServer, type TestServer } from '../../../server/index.ts';
import { type EngineHarness, startEngine } from '../../../support/engine-harness.ts';

let server: TestServer | undefined;
let engine: EngineHarness | undefined;

afterEach(async () => {
  await engine?.stop();
  engine = undefined;
  await server?.close();
  server = undefined;
});

const TOTAL = 1000;

describe.each<TransportKind>(['json', 'sse', 'ws'])('%s transport through faults', (transport) => {
  it(`delivers ${TOTAL} messages exactly once through a drop, a half-open stall and a server restart`, async () => {
    const testServer = await startTestServer({ keepaliveIntervalMs: 100, wsPongGraceMs: 200 });
    server = testServer;
    const harness = startEngine({
      subscriptions: [
        { server: testServer.url, topic: 'first', transport },
        { server: testServer.url, topic: 'second', transport },
      ],
      timing: { keepaliveTimeoutMs: 600 },
    });
    engine = harness;
    await testServer.waitForSubscribers(1);
    const publishedIds: string[] = [];

    for (let i = 0; i < TOTAL; i++) {
      const message = await testServer.publish(i % 2 === 0 ? 'first' : 'second', `message ${i}`);
      publishedIds.push(message.id);
      if (i === 250) testServer.faults.dropAll();
      if (i === 500) {
        testServer.faults.stall();
        // Keep publishing while the connection is half-open; the watchdog must notice the silence.
        for (let j = 0; j < 20; j++) publishedIds.push((await testServer.publish('first', `stalled ${j}`)).id);
        await harness.waitForStatus(
          (status) => status.state.kind === 'backoff' && status.state.reason.startsWith('no data'),
        );
        testServer.faults.unstall();
      }
      if (i === 750) await testServer.faults.restart({ pauseMs: 150 });
    }

    const received = await harness.waitForMessages(publishedIds.length, 20_000);
    const receivedIds = received.map((message) => message.id);
    expect(new Set(receivedIds).size).toBe(receivedIds.length); // zero duplicated
    expect([...receivedIds].sort()).toEqual([...publishedIds].sort()); // zero lost
    // Each subscribe after the first resumed from a message id.
    const subscribes = testServer.requests.filter((entry) => entry.transport === transport);
    expect(subscribes.length).toBeGreaterThanOrEqual(3); // the first, then at least after the drop and the restart
    for (const entry of subscribes.slice(1)) expect(entry.query['since']).toMatch(/^([A-Za-z0-9]{12}|\d{10})$/);
  }, 60_000);
});
