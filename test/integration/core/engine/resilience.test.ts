import { resumeSinceOf } from '../../../support/resume-since.ts';
import { afterEach, describe, expect, it } from 'vitest';
import type { ConnectionStatus } from '../../../../main/core/engine/connection-types.ts';
import type { TransportKind } from '../../../../main/core/protocol/subscribe-request.ts';
import { startTestServer, type SubscriberInfo, type TestServer } from '../../../server/index.ts';
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

const TOTAL = 1000;
/** Published while the stream is half-open, on top of TOTAL. */
const STALLED = 20;
/** Generous: only a failing run waits this long (the machine may be running a full suite under load). */
const WAIT_MS = 20_000;
const KEEPALIVE_TIMEOUT_MS = 600;

type Backoff = Extract<ConnectionStatus['state'], { kind: 'backoff' }>;

function backoffOf(status: ConnectionStatus): Backoff {
  if (status.state.kind !== 'backoff') throw new Error(`expected backoff, got ${status.state.kind}`);
  return status.state;
}

/** The next stream the server registers (after its open event and replay were written), with its `since`. */
function nextSubscriber(testServer: TestServer): Promise<SubscriberInfo> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      testServer.events.off('subscribe', onSubscribe);
      reject(new Error(`no new subscriber within ${String(WAIT_MS)} ms`));
    }, WAIT_MS);
    const onSubscribe = (info: SubscriberInfo): void => {
      clearTimeout(timer);
      resolve(info);
    };
    testServer.events.once('subscribe', onSubscribe);
  });
}

describe.each<TransportKind>(['json', 'sse', 'ws'])('%s transport through faults', (transport) => {
  it(`delivers ${TOTAL} messages exactly once through a drop, a half-open stall and a server restart`, async () => {
    // Default WebSocket pong grace (15 s): a shorter one lets a loaded machine's late pong end the stream, a fault
    // this test did not make. A stall needs no grace: the server then neither pings nor expects pongs.
    const testServer = await startTestServer({ keepaliveIntervalMs: 100 });
    server = testServer;
    // Every engine timer (watchdog, backoff, polls, catch-up quiet time) is the test's. With the system clock a
    // loaded machine's event-loop lag outlasted the 0.6 s watchdog: in-process publishes never yield, so data sat
    // unread while the watchdog fired, and the extra reconnects (before anything was stored: since=all) and stale
    // statuses made the faults' outcome depend on load. Now each fault costs exactly one reconnect, when the test
    // moves the clock.
    const clock = new ManualClock();
    const firstSubscriber = nextSubscriber(testServer);
    const harness = startEngine({
      subscriptions: [
        { server: testServer.url, topic: 'first', transport },
        { server: testServer.url, topic: 'second', transport },
      ],
      timing: { keepaliveTimeoutMs: KEEPALIVE_TIMEOUT_MS },
      clock,
    });
    engine = harness;
    const subscribers = [await firstSubscriber];

    const publishedIds: string[] = [];
    /** The time of the newest message of each topic. */
    const newestTime = new Map<string, number>();
    const publish = async (count: number, text = 'message'): Promise<void> => {
      for (let i = 0; i < count; i++) {
        const topic = publishedIds.length % 2 === 0 ? 'first' : 'second';
        const message = await testServer.publish(topic, `${text} ${String(publishedIds.length)}`);
        publishedIds.push(message.id);
        newestTime.set(topic, Math.max(newestTime.get(topic) ?? 0, message.time));
      }
    };
    /**
     * Everything published so far is stored: the next connect resumes by time from the older topic's newest message,
     * the overlap before it (a scheduled message may have fallen due there).
     */
    const deliveredAll = async (): Promise<string | undefined> => {
      await harness.waitForMessages(publishedIds.length, WAIT_MS);
      return resumeSinceOf({ time: Math.min(...newestTime.values()) });
    };
    /** Moves the clock to the end of the backoff; resolves once the server streams to the new connect. */
    const reconnectAfter = async (backoff: Backoff): Promise<void> => {
      const subscriber = nextSubscriber(testServer);
      clock.advance(backoff.nextAttemptAt - clock.now());
      subscribers.push(await subscriber);
    };
    const isBackoff = (status: ConnectionStatus): boolean => status.state.kind === 'backoff';
    const resumedFrom: (string | undefined)[] = [];

    await publish(251);
    resumedFrom.push(await deliveredAll());
    const dropped = harness.waitForNextStatus(isBackoff, WAIT_MS);
    testServer.faults.dropAll();
    const afterDrop = backoffOf(await dropped);
    await publish(49, 'while away'); // cached by the server, replayed after `since=<time>`
    await reconnectAfter(afterDrop);

    await publish(201);
    resumedFrom.push(await deliveredAll());
    testServer.faults.stall();
    await publish(STALLED, 'stalled'); // the half-open stream never gets these
    const dead = harness.waitForNextStatus(
      (status) => isBackoff(status) && backoffOf(status).reason.startsWith('no data'),
      WAIT_MS,
    );
    clock.advance(KEEPALIVE_TIMEOUT_MS); // the watchdog's silence
    const afterStall = backoffOf(await dead);
    const held = testServer.waitForRequest(
      (entry) => entry.transport === transport && entry.seq > (subscribers.at(-1)?.id ?? 0),
      { timeoutMs: WAIT_MS },
    );
    const stallSubscriber = nextSubscriber(testServer);
    clock.advance(afterStall.nextAttemptAt - clock.now());
    await held; // the stalled server holds the new request until it recovers
    testServer.faults.unstall();
    subscribers.push(await stallSubscriber);

    await publish(230);
    resumedFrom.push(await deliveredAll());
    const restarted = harness.waitForNextStatus(isBackoff, WAIT_MS);
    await testServer.faults.restart({ pauseMs: 150 });
    const afterRestart = backoffOf(await restarted);
    await publish(50, 'while restarting');
    await reconnectAfter(afterRestart);
    await publish(TOTAL + STALLED - publishedIds.length);

    const received = await harness.waitForMessages(publishedIds.length, WAIT_MS);
    const receivedIds = received.map((message) => message.id);
    expect(publishedIds).toHaveLength(TOTAL + STALLED);
    expect(new Set(receivedIds).size).toBe(receivedIds.length); // zero duplicated
    expect([...receivedIds].sort()).toEqual([...publishedIds].sort()); // zero lost
    // One connect per fault, each resuming from the messages stored before it.
    expect(subscribers.map((subscriber) => subscriber.since)).toEqual(['all', ...resumedFrom]);
    expect(testServer.requests.filter((entry) => entry.transport === transport)).toHaveLength(4);
  }, 90_000);
});
