/**
 * ConnectionPolls on a ManualClock with a scripted poll: where a safety-net poll starts, and that the answer of a
 * poll whose connect was disposed meanwhile is dropped.
 */
import { describe, expect, it } from 'vitest';
import { ConnectionAttempt } from '../../../../main/core/engine/connection-attempt.ts';
import { ConnectionPolls, pollStart } from '../../../../main/core/engine/connection-polls.ts';
import type { ConnectionSpec } from '../../../../main/core/engine/connection-types.ts';
import type { QueueEntry } from '../../../../main/core/engine/delivery-queue.ts';
import type { PollOutcome } from '../../../../main/core/engine/http-requests.ts';
import type { SubscribeRequest } from '../../../../main/core/protocol/subscribe-request.ts';
import type { TransportHandlers } from '../../../../main/core/transports/transport.ts';
import { createRecordingLogger } from '../../../fakes/logger.ts';
import { ManualClock } from '../../../support/manual-clock.ts';
import { makeMessage } from '../../../support/messages.ts';

const OPEN_TIME = 1_700_000_000;

const SPEC: ConnectionSpec = {
  key: 'group',
  server: 'https://ntfy.example',
  topics: ['a'],
  transport: 'json',
  filters: {},
  credentials: { kind: 'none' },
  authVia: 'header',
  scheduled: false,
  initialSince: { kind: 'none' },
};

/** Lets promise chains settle; time does not move. */
async function settle(): Promise<void> {
  for (let i = 0; i < 5; i++) await new Promise((resolve) => setImmediate(resolve));
}

describe('pollStart', () => {
  it('starts where the live request did when that was an id or a time', () => {
    expect(pollStart({ since: { kind: 'id', id: 'AAAAAAAAAAA1' }, openTime: OPEN_TIME })).toEqual({
      kind: 'id',
      id: 'AAAAAAAAAAA1',
    });
    expect(pollStart({ since: { kind: 'time', unixSeconds: 5 }, openTime: OPEN_TIME })).toEqual({
      kind: 'time',
      unixSeconds: 5,
    });
  });

  it('starts at the server time of `open` for a new group, and not at all before it', () => {
    expect(pollStart({ since: { kind: 'none' }, openTime: OPEN_TIME })).toEqual({
      kind: 'time',
      unixSeconds: OPEN_TIME,
    });
    expect(pollStart({ since: { kind: 'all' }, openTime: undefined })).toBeUndefined();
  });
});

/** A connect of SPEC that has seen `open` at OPEN_TIME, and its polls answering through `answer`. */
async function setup() {
  const clock = new ManualClock(OPEN_TIME * 1000);
  const pushed: QueueEntry[] = [];
  const queue = {
    push: (entry: QueueEntry) => {
      pushed.push(entry);
    },
  };
  const history = { getResumePoints: () => Promise.resolve(new Map<string, never>()) };
  const log = createRecordingLogger('test');
  let handlers: TransportHandlers | undefined;
  const attempt = new ConnectionAttempt({
    spec: SPEC,
    topics: ['a'],
    clock,
    log,
    history,
    openTransport: (open) => {
      handlers = open.handlers;
      return { close: () => undefined, pause: () => undefined, resume: () => undefined };
    },
    catchUpQuietMs: 100,
    resume: { preferTime: false },
    queue,
    events: {
      onOpen: () => undefined,
      onActivity: () => undefined,
      onEnd: () => undefined,
      onMessage: () => undefined,
    },
  });
  await attempt.prepare();
  attempt.open();
  handlers?.onItem({ type: 'liveness', event: 'open', time: OPEN_TIME });
  const requests: SubscribeRequest[] = [];
  const answers: ((outcome: PollOutcome) => void)[] = [];
  const polls = new ConnectionPolls({
    spec: SPEC,
    clock,
    log,
    history,
    poll: (request) => {
      requests.push(request);
      return new Promise((resolve) => answers.push(resolve));
    },
    queue,
    timing: { pollAfterConnectMs: 3000, pollIntervalMs: 600_000 },
    currentAttempt: () => attempt,
    isOpen: () => true,
    isPaused: () => false,
    fail: () => undefined,
  });
  const found: PollOutcome = {
    ok: true,
    items: [{ type: 'message', message: makeMessage({ id: 'AAAAAAAAAAA2', time: OPEN_TIME + 1, topic: 'a' }) }],
  };
  const caughtUp = (): QueueEntry[] => pushed.filter((entry) => entry.mode === 'catch-up');
  return { clock, attempt, polls, requests, answers, found, caughtUp };
}

describe('ConnectionPolls', () => {
  it('polls a new group from its open time a little after connecting, and queues what it finds', async () => {
    const t = await setup();
    t.polls.connected(t.attempt);
    t.clock.advance(3000);
    await settle();
    expect(t.requests.map((request) => new URL(request.url).searchParams.get('since'))).toEqual([String(OPEN_TIME)]);
    t.answers[0]?.(t.found);
    await settle();
    expect(t.caughtUp()).toHaveLength(1);
  });

  it('drops the answer of a poll whose connect was disposed while it ran', async () => {
    const t = await setup();
    t.polls.connected(t.attempt);
    t.clock.advance(3000);
    await settle();
    expect(t.requests).toHaveLength(1);
    t.attempt.dispose();
    t.answers[0]?.(t.found);
    await settle();
    expect(t.caughtUp()).toEqual([]);
  });

  it('runs no poll for a disposed connect, and leaves no timer behind once stopped', async () => {
    const t = await setup();
    t.polls.start();
    t.polls.connected(t.attempt);
    t.attempt.dispose();
    t.clock.advance(600_000);
    await settle();
    expect(t.requests).toEqual([]);
    t.polls.stop();
    expect(t.clock.pendingTimers).toBe(0);
  });
});
