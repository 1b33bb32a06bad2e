/**
 * Connection on a ManualClock with a scripted transport and poll: where it resumes, what moves the resume point,
 * and how it treats what it reads — deterministic, with no socket and no sleep.
 */
import { describe, expect, it } from 'vitest';
import { Connection } from '../../../../main/core/engine/connection.ts';
import { DEFAULT_KEEPALIVE_TIMEOUT_MS, WAKE_GRACE_MS } from '../../../../main/core/engine/watchdog.ts';
import type { ConnectionSpec, ConnectionStatus } from '../../../../main/core/engine/connection-types.ts';
import type { PollOutcome } from '../../../../main/core/engine/http-requests.ts';
import { createDeliver, type DeliveredBatch } from '../../../../main/core/delivery/deliver.ts';
import type { AppendRequest, AppendResult } from '../../../../main/core/ports.ts';
import type { SubscribeRequest } from '../../../../main/core/protocol/subscribe-request.ts';
import { MemoryHistoryStore } from '../../../support/memory-history.ts';
import type { OpenTransportOptions, TransportHandlers } from '../../../../main/core/transports/transport.ts';
import { createRecordingLogger } from '../../../fakes/logger.ts';
import { ManualClock } from '../../../support/manual-clock.ts';
import { makeMessage } from '../../../support/messages.ts';
import { RESUME_OVERLAP_SECONDS } from '../../../../main/core/protocol/resume-window.ts';
import { resumeKey } from '../../../../main/core/protocol/resume-key.ts';

const SERVER = 'https://ntfy.example';
const OPEN_TIME = 1_700_000_000;

interface ScriptedStream {
  readonly request: SubscribeRequest;
  readonly handlers: TransportHandlers;
  paused: boolean;
  closed: boolean;
}

function spec(topics: readonly string[], fields: Partial<ConnectionSpec> = {}): ConnectionSpec {
  return {
    key: 'group',
    server: SERVER,
    topics,
    transport: 'json',
    filters: {},
    credentials: { kind: 'none' },
    authVia: 'header',
    scheduled: false,
    initialSince: { kind: 'none' },
    ...fields,
  };
}

/** Lets promise chains (history calls, deliveries) settle; time does not move. */
async function settle(): Promise<void> {
  for (let i = 0; i < 5; i++) await new Promise((resolve) => setImmediate(resolve));
}

/** A history whose appends fail while `failing` is set, as on a full disk. */
class FlakyHistory extends MemoryHistoryStore {
  failing: Error | undefined;
  appends = 0;

  override append(request: AppendRequest): Promise<AppendResult> {
    this.appends++;
    if (this.failing !== undefined) return Promise.reject(this.failing);
    return super.append(request);
  }
}

/** A history whose appends wait until `release()`: deliveries pile up behind the first one. */
function gatedHistory(): { history: FlakyHistory; release: () => void } {
  const history = new FlakyHistory();
  let release: () => void = () => undefined;
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  const append = history.append.bind(history);
  history.append = async (request) => {
    await gate;
    return append(request);
  };
  return { history, release };
}

function setup(options: { topics?: readonly string[]; history?: FlakyHistory; spec?: Partial<ConnectionSpec> } = {}) {
  const clock = new ManualClock(OPEN_TIME * 1000);
  const history = options.history ?? new FlakyHistory();
  const streams: ScriptedStream[] = [];
  const polls: SubscribeRequest[] = [];
  let pollAnswer: PollOutcome = { ok: true, items: [] };
  let pollGate: Promise<void> | undefined;
  const delivered: DeliveredBatch[] = [];
  const statuses: ConnectionStatus[] = [];
  let deliverCalls = 0;
  const baseDeliver = createDeliver({ history, onDelivered: (batch) => delivered.push(batch) });
  const connection = new Connection({
    spec: spec(options.topics ?? ['a'], options.spec),
    clock,
    random: () => 0.5,
    log: createRecordingLogger('test'),
    openTransport: (open: OpenTransportOptions) => {
      const stream: ScriptedStream = { request: open.request, handlers: open.handlers, paused: false, closed: false };
      streams.push(stream);
      return {
        close: () => {
          stream.closed = true;
        },
        pause: () => {
          stream.paused = true;
        },
        resume: () => {
          stream.paused = false;
        },
      };
    },
    history,
    deliver: async (request) => {
      deliverCalls++;
      return baseDeliver(request);
    },
    poll: async (request) => {
      polls.push(request);
      await pollGate;
      return pollAnswer;
    },
    checkTopicAccess: () => Promise.resolve({ answer: 'readable' }),
    timing: { catchUpQuietMs: 100, pollAfterConnectMs: 3000, backoffInitialMs: 1000, backoffMaxMs: 1000 },
    onStatus: (status) => statuses.push(status),
  });
  const current = (): ScriptedStream => {
    const stream = streams.at(-1);
    if (stream === undefined) throw new Error('no stream opened');
    return stream;
  };
  return {
    clock,
    history,
    streams,
    polls,
    delivered,
    statuses,
    connection,
    current,
    deliverCalls: () => deliverCalls,
    answerPolls: (outcome: PollOutcome) => {
      pollAnswer = outcome;
    },
    /** Polls wait for the returned release from now on. */
    holdPolls: (): (() => void) => {
      let release: () => void = () => undefined;
      pollGate = new Promise((resolve) => {
        release = resolve;
      });
      return release;
    },
    /** open event at `time`, then the transport's onOpen. */
    open: (time = OPEN_TIME) => {
      current().handlers.onOpen();
      current().handlers.onItem({ type: 'liveness', event: 'open', time });
    },
    /** A poll answer's item. */
    item: (id: string, time: number, topic = 'a') => ({
      type: 'message' as const,
      message: makeMessage({ id, time, topic }),
    }),
    send: (id: string, time: number, topic = 'a') => {
      current().handlers.onItem({ type: 'message', message: makeMessage({ id, time, topic }) });
    },
    since: (stream: ScriptedStream) => new URL(stream.request.url).searchParams.get('since'),
  };
}

describe('Connection resume points', () => {
  it('resumes a topic that never had a message from its first connect, also in a new process', async () => {
    const first = setup();
    first.connection.start();
    await settle();
    expect(first.since(first.current())).toBe('none');
    first.open(OPEN_TIME);
    first.clock.advance(100); // the replay (empty) is over: the start time is written
    await settle();
    first.connection.stop();
    // A restart (a new Connection on the same history) before any message was published.
    const second = setup({ history: first.history });
    second.connection.start();
    await settle();
    expect(second.since(second.current())).toBe(String(OPEN_TIME));
  });

  it('never resumes from the time of a message that could not be stored (full disk on a fresh group)', async () => {
    const t = setup();
    t.connection.start();
    await settle();
    t.open(OPEN_TIME);
    t.history.failing = Object.assign(new Error('database or disk is full'), { errcode: 13 });
    t.clock.advance(100); // writing the start time fails
    t.send('AAAAAAAAAAA1', OPEN_TIME + 5);
    await settle();
    expect(t.statuses.at(-1)?.state.kind).toBe('backoff');
    t.history.failing = undefined;
    t.clock.advance(1000);
    await settle();
    // From the first connect's time, not from the lost message's: the server sends it again.
    expect(t.since(t.current())).toBe(String(OPEN_TIME));
    t.open(OPEN_TIME + 20);
    t.send('AAAAAAAAAAA1', OPEN_TIME + 5);
    t.clock.advance(100);
    await settle();
    expect(t.delivered.flatMap((batch) => batch.messages.map((message) => message.id))).toEqual(['AAAAAAAAAAA1']);
  });

  it('sends only ntfy ids as since=, and resumes by time after a message with another id', async () => {
    const t = setup();
    t.connection.start();
    await settle();
    t.open();
    t.send('msg-0001', OPEN_TIME + 1);
    await settle();
    t.current().handlers.onEnd({ kind: 'ended' });
    t.clock.advance(1000);
    await settle();
    expect(t.since(t.current())).toBe(String(OPEN_TIME + 1));
  });

  it('resumes by time, the overlap before the newest stored message, never by its id', async () => {
    const t = setup();
    t.connection.start();
    await settle();
    t.open();
    t.send('AAAAAAAAAAA1', OPEN_TIME + 3);
    await settle();
    t.current().handlers.onEnd({ kind: 'ended' });
    t.clock.advance(1000);
    await settle();
    // A message scheduled before AAAAAAAAAAA1 keeps the older row: `since=<id>` would never return it once due.
    expect(t.since(t.current())).toBe(String(OPEN_TIME + 3 - RESUME_OVERLAP_SECONDS));
  });

  it('falls back from an id-only point (an older version) when the server refuses since=<id> with 400', async () => {
    const history = new FlakyHistory();
    await history.append({
      server: SERVER,
      messages: [],
      changes: [],
      resume: { targets: [{ key: resumeKey(spec(['a']), 'a'), topic: 'a' }], lastId: 'AAAAAAAAAAA1' },
    });
    const t = setup({ history, spec: { initialSince: { kind: 'all' } } });
    t.connection.start();
    await settle();
    expect(t.since(t.current())).toBe('AAAAAAAAAAA1');
    t.current().handlers.onEnd({ kind: 'refused', error: { status: 400, code: 40008, message: 'invalid since' } });
    await settle();
    expect(t.since(t.current())).toBe('all');
    expect(t.statuses.some((status) => status.state.kind === 'error')).toBe(false);
  });

  it('resumes two topics at different ids from the older time', async () => {
    const history = new FlakyHistory();
    const a = setup({ history, topics: ['a'] });
    a.connection.start();
    await settle();
    a.open();
    a.send('AAAAAAAAAAA1', OPEN_TIME + 10, 'a');
    await settle();
    a.connection.stop();
    const b = setup({ history, topics: ['b'] });
    b.connection.start();
    await settle();
    b.open();
    b.send('BBBBBBBBBBB1', OPEN_TIME + 50, 'b');
    await settle();
    b.connection.stop();
    const both = setup({ history, topics: ['a', 'b'] });
    both.connection.start();
    await settle();
    expect(both.since(both.current())).toBe(String(OPEN_TIME + 10 - RESUME_OVERLAP_SECONDS));
  });

  it('keeps one run on topic b from moving the resume point of topic a', async () => {
    const history = new FlakyHistory();
    const a = setup({ history, topics: ['a'] });
    a.connection.start();
    await settle();
    a.open();
    a.send('AAAAAAAAAAA1', OPEN_TIME + 10, 'a');
    await settle();
    a.connection.stop();
    const b = setup({ history, topics: ['b'] });
    b.connection.start();
    await settle();
    expect(b.since(b.current())).toBe('none');
    b.open();
    b.send('BBBBBBBBBBB1', OPEN_TIME + 50, 'b');
    await settle();
    b.connection.stop();
    const again = setup({ history, topics: ['a'] });
    again.connection.start();
    await settle();
    expect(again.since(again.current())).toBe(String(OPEN_TIME + 10 - RESUME_OVERLAP_SECONDS));
  });
});

describe('Connection after a sleep', () => {
  it('reads what the stream held while the machine slept instead of dropping it for the late watchdog', async () => {
    const t = setup();
    t.connection.start();
    await settle();
    t.open();
    // Asleep for longer than the keepalive timeout; on wake the overdue watchdog fires before the socket is read.
    t.clock.suspend(DEFAULT_KEEPALIVE_TIMEOUT_MS + 25_000);
    t.clock.advance(0);
    expect(t.current().closed).toBe(false);
    // The scheduled message that fell due while we slept, read from the socket right after.
    t.current().handlers.onActivity();
    t.send('AAAAAAAAAAA1', OPEN_TIME + 20);
    t.clock.advance(WAKE_GRACE_MS);
    await settle();
    expect(t.streams).toHaveLength(1);
    expect(t.current().closed).toBe(false);
    expect(t.delivered.flatMap((batch) => batch.messages.map((message) => message.id))).toEqual(['AAAAAAAAAAA1']);
  });

  it('drops a stream that stays silent through the grace after a wake, and reconnects', async () => {
    const t = setup();
    t.connection.start();
    await settle();
    t.open();
    t.clock.suspend(DEFAULT_KEEPALIVE_TIMEOUT_MS + 25_000);
    t.clock.advance(WAKE_GRACE_MS);
    await settle();
    expect(t.streams[0]?.closed).toBe(true);
    expect(t.statuses.at(-1)?.state.kind).toBe('backoff');
  });
});

describe('Connection safety-net poll', () => {
  it('polls from where the attempt started, not from where a live message has since moved the resume point', async () => {
    const history = new FlakyHistory();
    const t = setup({ history });
    t.connection.start();
    await settle();
    t.open();
    t.send('AAAAAAAAAAA1', OPEN_TIME + 1);
    await settle();
    t.current().handlers.onEnd({ kind: 'ended' });
    t.clock.advance(1000);
    await settle();
    const resumedFrom = String(OPEN_TIME + 1 - RESUME_OVERLAP_SECONDS);
    expect(t.since(t.current())).toBe(resumedFrom);
    t.open(OPEN_TIME + 30);
    // M2 was fanned out while we reconnected and never reaches this stream; M3 arrives live and is stored.
    t.send('AAAAAAAAAAA3', OPEN_TIME + 31);
    await settle();
    t.answerPolls({
      ok: true,
      items: [t.item('AAAAAAAAAAA2', OPEN_TIME + 29), t.item('AAAAAAAAAAA3', OPEN_TIME + 31)],
    });
    t.clock.advance(3000);
    await settle();
    expect(t.polls.map((request) => new URL(request.url).searchParams.get('since'))).toEqual([resumedFrom]);
    expect(t.delivered.flatMap((batch) => batch.messages.map((message) => message.id))).toEqual([
      'AAAAAAAAAAA1',
      'AAAAAAAAAAA3',
      'AAAAAAAAAAA2',
    ]);
  });
});

describe('Connection catch-up poll ahead of a slow stream', () => {
  it('moves the resume point past what the poll stored and showed, also when the stream read on meanwhile', async () => {
    const history = new FlakyHistory();
    const t = setup({ history });
    t.connection.start();
    await settle();
    t.open();
    t.send('AAAAAAAAAAA1', OPEN_TIME + 1);
    await settle();
    t.answerPolls({
      ok: true,
      items: [
        t.item('AAAAAAAAAAA1', OPEN_TIME + 1),
        t.item('AAAAAAAAAAA2', OPEN_TIME + 2),
        t.item('AAAAAAAAAAA3', OPEN_TIME + 3),
      ],
    });
    const release = t.holdPolls();
    t.clock.advance(3000); // the poll after connecting asks the server while the stream is behind
    await settle();
    t.send('AAAAAAAAAAA2', OPEN_TIME + 2); // the slow stream reads on while the poll is out
    await settle();
    release();
    await settle();
    expect(t.delivered.flatMap((batch) => batch.messages.map((m) => m.id))).toEqual([
      'AAAAAAAAAAA1',
      'AAAAAAAAAAA2',
      'AAAAAAAAAAA3',
    ]);
    t.connection.stop();
    // A restart asks from the newest message shown, the poll's, not from where the stream had got to.
    const again = setup({ history });
    again.connection.start();
    await settle();
    expect(again.since(again.current())).toBe(String(OPEN_TIME + 3 - RESUME_OVERLAP_SECONDS));
  });
});

describe('Connection reading', () => {
  it('neither stores nor shows a message for a topic it did not subscribe to', async () => {
    const t = setup({ topics: ['a'] });
    t.connection.start();
    await settle();
    t.open();
    t.send('AAAAAAAAAAA1', OPEN_TIME + 1, 'other');
    t.send('AAAAAAAAAAA2', OPEN_TIME + 1, 'a');
    await settle();
    expect(t.delivered.flatMap((batch) => batch.messages.map((message) => message.id))).toEqual(['AAAAAAAAAAA2']);
  });

  it('stores a burst that arrives while a write is in flight together (group commit), in order', async () => {
    const t = setup();
    t.connection.start();
    await settle();
    t.open();
    for (let i = 0; i < 1000; i++) t.send(`B${String(i).padStart(11, '0')}`, OPEN_TIME + 1);
    await settle();
    const ids = t.delivered.flatMap((batch) => batch.messages.map((message) => message.id));
    expect(ids).toHaveLength(1000);
    expect(ids[999]).toBe('B00000000999');
    expect(t.deliverCalls()).toBeLessThanOrEqual(3);
  });

  it('stops reading while too much waits to be delivered, and reads again once it has been', async () => {
    const { history, release } = gatedHistory();
    const t = setup({ history });
    t.connection.start();
    await settle();
    t.open();
    for (let i = 0; i < 6000; i++) t.send(`C${String(i).padStart(11, '0')}`, OPEN_TIME + 1);
    expect(t.current().paused).toBe(true);
    release();
    await settle();
    expect(t.current().paused).toBe(false);
    expect(t.delivered.flatMap((batch) => batch.messages)).toHaveLength(6000);
  });

  it('holds the safety-net poll while reading is paused, and polls once reading resumes', async () => {
    const { history, release } = gatedHistory();
    const t = setup({ history });
    t.connection.start();
    await settle();
    t.open();
    for (let i = 0; i < 6000; i++) t.send(`D${String(i).padStart(11, '0')}`, OPEN_TIME + 1);
    expect(t.current().paused).toBe(true);
    t.clock.advance(3000); // the poll after connecting falls due while paused
    await settle();
    expect(t.polls).toHaveLength(0);
    release();
    await settle();
    expect(t.current().paused).toBe(false);
    expect(t.polls).toHaveLength(1);
  });

  it('stops with an error instead of reconnecting forever when the database is damaged', async () => {
    const t = setup();
    t.connection.start();
    await settle();
    t.open();
    t.history.failing = Object.assign(new Error('database disk image is malformed'), { errcode: 11 });
    t.send('AAAAAAAAAAA1', OPEN_TIME + 1);
    await settle();
    const state = t.statuses.at(-1)?.state;
    expect(state?.kind).toBe('error');
    expect(state?.kind === 'error' ? state.message : '').toMatch(/damaged/);
    t.clock.advance(60_000);
    await settle();
    expect(t.streams).toHaveLength(1);
  });

  it('stops when the safety-net poll meets a problem retrying cannot fix (e.g. a redirect to another server)', async () => {
    const t = setup();
    t.connection.start();
    await settle();
    t.open();
    t.send('AAAAAAAAAAA1', OPEN_TIME + 1);
    await settle();
    t.answerPolls({
      ok: false,
      error: { status: 0, message: 'the server redirects to another server', permanent: true },
    });
    t.clock.advance(3000);
    await settle();
    expect(t.polls).toHaveLength(1);
    expect(t.statuses.at(-1)?.state).toEqual({ kind: 'error', message: 'the server redirects to another server' });
  });

  it('stops with the message of a fatal transport end (e.g. a redirect to another server)', async () => {
    const t = setup();
    t.connection.start();
    await settle();
    t.current().handlers.onEnd({ kind: 'fatal', message: 'the server redirects to https://elsewhere.example' });
    t.clock.advance(60_000);
    await settle();
    expect(t.statuses.at(-1)?.state).toEqual({
      kind: 'error',
      message: 'the server redirects to https://elsewhere.example',
    });
    expect(t.streams).toHaveLength(1);
  });
});

describe('Connection trouble codes', () => {
  it('says why it waits to reconnect as a code, from the transport, the server status or its own watchdog', async () => {
    const ends = [
      {
        end: { kind: 'network', message: 'connect ECONNREFUSED', trouble: { kind: 'network', failure: 'refused' } },
        trouble: { kind: 'network', failure: 'refused' },
      },
      { end: { kind: 'ended' }, trouble: { kind: 'ended' } },
      {
        end: { kind: 'refused', error: { status: 503, message: 'Service Unavailable (HTTP 503)' } },
        trouble: { kind: 'http', status: 503 },
      },
    ] as const;
    for (const { end, trouble } of ends) {
      const t = setup();
      t.connection.start();
      await settle();
      t.current().handlers.onEnd(end);
      await settle();
      expect(t.statuses.at(-1)?.state).toMatchObject({ kind: 'backoff', trouble });
      t.connection.stop();
    }

    const silent = setup();
    silent.connection.start();
    await settle();
    silent.open();
    silent.clock.advance(24 * 60 * 60 * 1000); // far past any keepalive timeout, with no byte read
    await settle();
    expect(silent.statuses.find((status) => status.state.kind === 'backoff')?.state).toMatchObject({
      kind: 'backoff',
      trouble: { kind: 'silent' },
    });
    silent.connection.stop();
  });
});
