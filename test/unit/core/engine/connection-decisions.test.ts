/**
 * What a connection decides when its stream ends, as plain values: the refusal rules table-driven, and the 403
 * narrowing against a scripted `/auth` probe on a ManualClock.
 */
import { describe, expect, it } from 'vitest';
import {
  decideEnd,
  decideStoreFailure,
  type EndContext,
  narrowForbidden,
  narrowingDecision,
} from '../../../../main/core/engine/connection-decisions.ts';
import type { ProbeResult } from '../../../../main/core/engine/forbidden-topics.ts';
import type { ServerError, TransportEnd } from '../../../../main/core/transports/transport.ts';
import { ManualClock } from '../../../support/manual-clock.ts';

const NOW = 1_700_000_000_000;
const CONTEXT: EndContext = {
  server: 'https://ntfy.example',
  topics: ['a', 'b'],
  since: { kind: 'id', id: 'AAAAAAAAAAA1' },
  preferTime: false,
  now: NOW,
};
const refused = (error: ServerError): TransportEnd => ({ kind: 'refused', error });

describe('decideEnd', () => {
  const forbidden: ServerError = { status: 403, code: 40301, message: 'forbidden' };
  const cases: readonly (readonly [string, TransportEnd, Partial<EndContext>, unknown])[] = [
    ['closed by us: nothing', { kind: 'closed' }, {}, { kind: 'none' }],
    [
      'network trouble: reconnect',
      { kind: 'network', message: 'ECONNRESET', trouble: { kind: 'network', failure: 'reset' } },
      {},
      { kind: 'reconnect', reason: 'ECONNRESET', trouble: { kind: 'network', failure: 'reset' } },
    ],
    [
      'the server ended the stream: reconnect',
      { kind: 'ended' },
      {},
      { kind: 'reconnect', reason: 'the server closed the stream', trouble: { kind: 'ended' } },
    ],
    ['fatal: stop with its message', { kind: 'fatal', message: 'redirect' }, {}, { kind: 'fail', message: 'redirect' }],
    [
      '401: auth failed',
      refused({ status: 401, message: 'unauthorized' }),
      {},
      { kind: 'auth-failed', error: { status: 401, message: 'unauthorized' } },
    ],
    [
      '429 42909 (login lockout): auth failed, no retry',
      refused({ status: 429, code: 42909, message: 'locked' }),
      {},
      { kind: 'auth-failed', error: { status: 429, code: 42909, message: 'locked' } },
    ],
    ['403 on several topics: narrow', refused(forbidden), {}, { kind: 'narrow', error: forbidden }],
    [
      '403 on one topic: auth failed, no probing',
      refused(forbidden),
      { topics: ['a'] },
      { kind: 'auth-failed', error: forbidden },
    ],
    [
      '400 on a resume id: resume by time',
      refused({ status: 400, message: 'invalid since' }),
      {},
      { kind: 'resume-by-time', reason: 'invalid since' },
    ],
    [
      '400 while already resuming by time: fail',
      refused({ status: 400, message: 'invalid since' }),
      { preferTime: true },
      { kind: 'fail', message: 'invalid since' },
    ],
    [
      '400 on a time: fail',
      refused({ status: 400, message: 'bad' }),
      { since: { kind: 'time', unixSeconds: 5 } },
      { kind: 'fail', message: 'bad' },
    ],
    [
      '500: reconnect',
      refused({ status: 500, message: 'oops' }),
      {},
      { kind: 'reconnect', reason: 'oops', trouble: { kind: 'http', status: 500 } },
    ],
    [
      '429 with Retry-After seconds: reconnect no sooner',
      refused({ status: 429, message: 'slow down', retryAfter: '7' }),
      {},
      { kind: 'reconnect', reason: 'slow down', trouble: { kind: 'http', status: 429 }, retryAfterMs: 7000 },
    ],
    [
      '429 with Retry-After date: reconnect at that date',
      refused({ status: 429, message: 'later', retryAfter: new Date(NOW + 30_000).toUTCString() }),
      {},
      { kind: 'reconnect', reason: 'later', trouble: { kind: 'http', status: 429 }, retryAfterMs: 30_000 },
    ],
    [
      '404 of a stream URL read as a topic (server http://host/topic, topic json): fail, saying which URL to use',
      refused({ status: 404, code: 40401, message: 'page not found (HTTP 404)' }),
      { server: 'http://host:8080/topic', topics: ['json'] },
      {
        kind: 'fail',
        message:
          'http://host:8080/topic/json looks like an ntfy stream URL (HTTP 404): subscribe to http://host:8080/topic instead',
      },
    ],
    [
      '404 otherwise: fail, pointing at the server URL',
      refused({ status: 404, message: 'HTTP 404 Not Found' }),
      { server: 'https://host/ntfy' },
      {
        kind: 'fail',
        message:
          'nothing to subscribe to under https://host/ntfy (HTTP 404): check the server URL and its base path, if any',
      },
    ],
    [
      '414 (a proxy refuses the URL): fail, saying the URL is too long for the server or a proxy',
      refused({ status: 414, message: 'HTTP 414 URI Too Long' }),
      {},
      {
        kind: 'fail',
        message: expect.stringMatching(
          /^the URL is too long for the server or a proxy in front of it \(HTTP 414\): allow request lines of 8 KB/,
        ) as unknown,
      },
    ],
    [
      '405 (another final 4xx): fail with the server’s words',
      refused({ status: 405, message: 'HTTP 405 Method Not Allowed' }),
      {},
      {
        kind: 'fail',
        message: expect.stringMatching(
          /^HTTP 405 Method Not Allowed: the server gives this answer to every retry/,
        ) as unknown,
      },
    ],
    [
      '408 (request timeout): reconnect',
      refused({ status: 408, message: 'HTTP 408 Request Timeout' }),
      {},
      { kind: 'reconnect', reason: 'HTTP 408 Request Timeout', trouble: { kind: 'http', status: 408 } },
    ],
  ];
  for (const [name, end, context, expected] of cases) {
    it(name, () => {
      expect(decideEnd(end, { ...CONTEXT, ...context })).toEqual(expected);
    });
  }
});

describe('decideStoreFailure', () => {
  const refetch = { kind: 'refetch', reason: 'storing messages failed' } as const;
  it('stops when the database is damaged: refetching would fail the same way forever', () => {
    const damaged = Object.assign(new Error('database disk image is malformed'), { errcode: 11 });
    const decision = decideStoreFailure(damaged, refetch);
    expect(decision.kind).toBe('fail');
    expect(decision.kind === 'fail' ? decision.message : '').toMatch(/damaged/);
  });
  it('refetches after a failure that may pass (a full disk, a busy database)', () => {
    const full = Object.assign(new Error('database or disk is full'), { errcode: 13 });
    expect(decideStoreFailure(full, refetch)).toEqual(refetch);
    expect(decideStoreFailure(new Error('busy'), refetch)).toEqual(refetch);
  });
});

describe('narrowingDecision', () => {
  const error: ServerError = { status: 403, message: 'forbidden' };
  it('drops the forbidden topics and keeps the rest', () => {
    expect(narrowingDecision(error, { kind: 'isolate', forbidden: ['b'] })).toEqual({
      kind: 'isolate',
      forbidden: ['b'],
    });
  });
  it('takes every topic forbidden as an authentication failure, with the 403 (no permission)', () => {
    expect(narrowingDecision(error, { kind: 'all-forbidden' })).toEqual({ kind: 'auth-failed', error });
  });
  it('takes a 401 while probing as a 401 (credentials not accepted), not as the 403 before it', () => {
    const decision = narrowingDecision(error, { kind: 'unauthorized' });
    expect(decision).toMatchObject({ kind: 'auth-failed', error: { status: 401 } });
    expect(decision.kind === 'auth-failed' && decision.error.message).toMatch(/credentials not accepted/);
  });
  it('reconnects later when the search could not decide, waiting out its rate limit', () => {
    expect(narrowingDecision(error, { kind: 'undecided', reason: 'rate limited', retryAfterMs: 5000 })).toEqual({
      kind: 'reconnect',
      reason: 'forbidden; rate limited',
      trouble: { kind: 'http', status: 403 },
      retryAfterMs: 5000,
    });
    expect(narrowingDecision(error, { kind: 'undecided', reason: 'a topic check failed' })).toEqual({
      kind: 'reconnect',
      reason: 'forbidden; a topic check failed',
      trouble: { kind: 'http', status: 403 },
    });
  });
});

describe('narrowForbidden', () => {
  const error: ServerError = { status: 403, message: 'forbidden' };
  /** A server on which `forbidden` topics are not readable; records each probed list. */
  function server(forbidden: readonly string[]) {
    const probes: string[] = [];
    const probe = (topics: readonly string[]): Promise<ProbeResult> => {
      probes.push(topics.join(','));
      return Promise.resolve({ answer: topics.some((topic) => forbidden.includes(topic)) ? 'forbidden' : 'readable' });
    };
    return { probes, probe };
  }

  it('isolates exactly the forbidden topics of the refused request', async () => {
    const { probe, probes } = server(['c']);
    const decision = await narrowForbidden({ error, topics: ['a', 'b', 'c', 'd'], clock: new ManualClock(NOW), probe });
    expect(decision).toEqual({ kind: 'isolate', forbidden: ['c'] });
    expect(probes[0]).toBe('a,b,c,d');
  });

  it('gives up every topic only when all of them are forbidden (auth failed)', async () => {
    const { probe } = server(['a', 'b']);
    const decision = await narrowForbidden({ error, topics: ['a', 'b'], clock: new ManualClock(NOW), probe });
    expect(decision).toEqual({ kind: 'auth-failed', error });
  });

  it('keeps every topic and reconnects later when a probe fails', async () => {
    const probe = (): Promise<ProbeResult> => Promise.resolve({ answer: 'unknown' });
    const decision = await narrowForbidden({ error, topics: ['a', 'b'], clock: new ManualClock(NOW), probe });
    expect(decision).toEqual({
      kind: 'reconnect',
      reason: 'forbidden; a topic check failed',
      trouble: { kind: 'http', status: 403 },
    });
  });
});
