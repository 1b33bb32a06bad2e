/**
 * ConnectionAttempt with a scripted transport on a ManualClock: where it starts, what it hands on, and that once
 * disposed it neither opens nor reports anything — the rule that replaced comparing connect counters.
 */
import { describe, expect, it } from 'vitest';
import {
  type AttemptEvents,
  ConnectionAttempt,
  type ConnectionAttemptOptions,
} from '../../../../main/core/engine/connection-attempt.ts';
import type { ConnectionSpec } from '../../../../main/core/engine/connection-types.ts';
import type { QueueEntry } from '../../../../main/core/engine/delivery-queue.ts';
import type { ResumePoint } from '../../../../main/core/ports.ts';
import { resumeKey } from '../../../../main/core/protocol/resume-key.ts';
import type {
  OpenTransportOptions,
  TransportEnd,
  TransportHandlers,
} from '../../../../main/core/transports/transport.ts';
import { createRecordingLogger } from '../../../fakes/logger.ts';
import { ManualClock } from '../../../support/manual-clock.ts';
import { makeMessage } from '../../../support/messages.ts';
import { RESUME_OVERLAP_SECONDS } from '../../../../main/core/protocol/resume-window.ts';

const OPEN_TIME = 1_700_000_000;

const SPEC: ConnectionSpec = {
  key: 'group',
  server: 'https://ntfy.example',
  topics: ['a', 'b'],
  transport: 'json',
  filters: {},
  credentials: { kind: 'none' },
  authVia: 'header',
  scheduled: false,
  initialSince: { kind: 'none' },
};

interface ScriptedStream {
  readonly options: OpenTransportOptions;
  closes: number;
}

function setup(fields: { points?: ReadonlyMap<string, ResumePoint>; pointsGate?: Promise<void> } = {}) {
  const clock = new ManualClock(OPEN_TIME * 1000);
  const streams: ScriptedStream[] = [];
  const pushed: QueueEntry[] = [];
  const ends: TransportEnd[] = [];
  const opens: number[] = [];
  let messages = 0;
  const events: AttemptEvents = {
    onOpen: () => opens.push(clock.now()),
    onActivity: () => undefined,
    onEnd: (end) => ends.push(end),
    onMessage: () => {
      messages++;
    },
  };
  const options: ConnectionAttemptOptions = {
    spec: SPEC,
    topics: ['a', 'b'],
    clock,
    log: createRecordingLogger('test'),
    history: {
      getResumePoints: async (keys) => {
        await fields.pointsGate;
        const points = fields.points ?? new Map<string, ResumePoint>();
        return new Map([...points].filter(([key]) => keys.includes(key)));
      },
    },
    openTransport: (open) => {
      const stream: ScriptedStream = { options: open, closes: 0 };
      streams.push(stream);
      return {
        close: () => {
          stream.closes++;
        },
        pause: () => undefined,
        resume: () => undefined,
      };
    },
    catchUpQuietMs: 100,
    resume: { preferTime: false },
    queue: { push: (entry) => pushed.push(entry) },
    events,
  };
  const attempt = new ConnectionAttempt(options);
  const handlers = (): TransportHandlers => {
    const stream = streams.at(-1);
    if (stream === undefined) throw new Error('no transport opened');
    return stream.options.handlers;
  };
  return { clock, attempt, streams, pushed, ends, opens, handlers, messages: () => messages };
}

const ids = (entries: readonly QueueEntry[]): string[] =>
  entries.flatMap((entry) => entry.items.map((item) => (item.type === 'message' ? item.message.id : item.change.id)));

describe('ConnectionAttempt', () => {
  it('starts the request by time from the oldest topic, the overlap before its point', async () => {
    const points = new Map<string, ResumePoint>([
      [resumeKey(SPEC, 'a'), { lastId: 'AAAAAAAAAAA1', lastTime: OPEN_TIME - 10 }],
      [resumeKey(SPEC, 'b'), { lastId: 'AAAAAAAAAAA2', lastTime: OPEN_TIME - 5 }],
    ]);
    const t = setup({ points });
    expect(await t.attempt.prepare()).toEqual({ kind: 'ready' });
    t.attempt.open();
    const from = OPEN_TIME - 10 - RESUME_OVERLAP_SECONDS;
    expect(new URL(t.streams[0]?.options.request.url ?? '').searchParams.get('since')).toBe(String(from));
    expect(t.attempt.since).toEqual({ kind: 'time', unixSeconds: from });
  });

  it("hands on no replayed message that lies before its own topic's window, only those inside it", async () => {
    const bPoint = OPEN_TIME - 5;
    const points = new Map<string, ResumePoint>([
      [resumeKey(SPEC, 'a'), { lastId: 'AAAAAAAAAAA1', lastTime: OPEN_TIME - 100 }],
      [resumeKey(SPEC, 'b'), { lastId: 'AAAAAAAAAAA2', lastTime: bPoint }],
    ]);
    const t = setup({ points });
    await t.attempt.prepare();
    t.attempt.open();
    t.handlers().onItem({ type: 'liveness', event: 'open', time: OPEN_TIME });
    const replay = [
      { id: 'A_OLD', time: OPEN_TIME - 120, topic: 'a' }, // inside a's window: a's point less the overlap
      { id: 'B_OLD', time: bPoint - RESUME_OVERLAP_SECONDS - 1, topic: 'b' }, // before b's window: delivered
      { id: 'B_EDGE', time: bPoint - RESUME_OVERLAP_SECONDS, topic: 'b' }, // a scheduled message may be here
    ];
    for (const fields of replay) t.handlers().onItem({ type: 'message', message: makeMessage(fields) });
    t.clock.advance(100);
    expect(ids(t.pushed)).toEqual(['A_OLD', 'B_EDGE']);
  });

  it('opens nothing when disposed while it reads the resume points', async () => {
    let release: () => void = () => undefined;
    const pointsGate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const t = setup({ pointsGate });
    const preparation = t.attempt.prepare();
    t.attempt.dispose();
    release();
    expect(await preparation).toEqual({ kind: 'stale' });
    expect(t.attempt.prepared).toBe(false);
    expect(t.streams).toHaveLength(0);
  });

  it('hands on the replay it was collecting when disposed, then closes its transport once', async () => {
    const t = setup();
    await t.attempt.prepare();
    t.attempt.open();
    t.handlers().onOpen();
    t.handlers().onItem({ type: 'liveness', event: 'open', time: OPEN_TIME });
    t.handlers().onItem({ type: 'message', message: makeMessage({ id: 'R1', time: OPEN_TIME - 5, topic: 'a' }) });
    expect(t.pushed).toHaveLength(0); // a replay waits for the stream to go quiet
    t.attempt.dispose();
    t.attempt.dispose();
    expect(ids(t.pushed)).toEqual(['R1']);
    expect(t.streams[0]?.closes).toBe(1);
    expect(t.attempt.reading).toBe(false);
  });

  it('ignores everything its transport reports once disposed (items, activity, the closed end)', async () => {
    const t = setup();
    await t.attempt.prepare();
    t.attempt.open();
    const handlers = t.handlers();
    t.attempt.dispose();
    handlers.onOpen();
    handlers.onItem({ type: 'liveness', event: 'open', time: OPEN_TIME });
    handlers.onItem({ type: 'message', message: makeMessage({ id: 'L1', time: OPEN_TIME + 1, topic: 'a' }) });
    handlers.onEnd({ kind: 'closed' });
    t.clock.advance(1000);
    expect(t.opens).toEqual([]);
    expect(t.pushed).toEqual([]);
    expect(t.ends).toEqual([]);
    expect(t.messages()).toBe(0);
  });

  it('reports its own end once, after handing on what it held, and is no longer reading', async () => {
    const t = setup();
    await t.attempt.prepare();
    t.attempt.open();
    t.handlers().onItem({ type: 'message', message: makeMessage({ id: 'R1', time: OPEN_TIME - 5, topic: 'b' }) });
    expect(t.attempt.reading).toBe(true);
    t.handlers().onEnd({ kind: 'ended' });
    expect(ids(t.pushed)).toEqual(['R1']);
    expect(t.ends).toEqual([{ kind: 'ended' }]);
    expect(t.attempt.reading).toBe(false);
    expect(t.attempt.isDisposed()).toBe(false); // ended is not stale: its polls and 403 search still count
  });

  it('neither counts nor hands on a message for a topic it did not ask for', async () => {
    const t = setup();
    await t.attempt.prepare();
    t.attempt.open();
    t.handlers().onItem({ type: 'liveness', event: 'open', time: OPEN_TIME });
    t.handlers().onItem({ type: 'message', message: makeMessage({ id: 'X1', time: OPEN_TIME + 1, topic: 'other' }) });
    t.handlers().onItem({ type: 'message', message: makeMessage({ id: 'A1', time: OPEN_TIME + 1, topic: 'a' }) });
    expect(ids(t.pushed)).toEqual(['A1']);
    expect(t.messages()).toBe(1);
  });
});
