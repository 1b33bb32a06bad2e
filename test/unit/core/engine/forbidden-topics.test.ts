import { describe, expect, it } from 'vitest';
import {
  DEFAULT_RATE_LIMIT_DELAY_MS,
  MAX_RATE_LIMIT_DELAY_MS,
  findForbiddenTopics,
  type FindForbiddenOptions,
  type ProbeResult,
} from '../../../../main/core/engine/forbidden-topics.ts';
import type { Clock } from '../../../../main/core/ports.ts';
import { ManualClock } from '../../../support/manual-clock.ts';

/**
 * A clock that lets every timer fall due as soon as the code under test yields, by moving the ManualClock to the
 * timer's due time: waits happen in clock time only, and `clock.now()` at each probe shows how long was waited.
 */
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

interface ProbeCall {
  readonly topics: readonly string[];
  /** Clock time at which the probe was sent. */
  readonly at: number;
}

interface ScriptOptions {
  /** Topics a real server would answer 403 for. */
  readonly forbidden?: readonly string[];
  /** Overrides the server's answer to the call with this index (0-based), e.g. a 429. */
  readonly override?: (call: ProbeCall, index: number) => ProbeResult | undefined;
  /** Clock time each probe takes, so that probes overlap and concurrency is observable. */
  readonly latencyMs?: number;
}

/** A scripted `/<topics>/auth`: 403 if any topic of the list is forbidden, like ntfy (docs/protocol.md#endpoints). */
function scriptedServer(clock: ManualClock, script: ScriptOptions = {}) {
  const forbidden = new Set(script.forbidden ?? []);
  const calls: ProbeCall[] = [];
  let inFlight = 0;
  let maxInFlight = 0;
  const timers = autoAdvancing(clock);
  const probe = async (topics: readonly string[]): Promise<ProbeResult> => {
    const call = { topics: [...topics], at: clock.now() };
    const index = calls.push(call) - 1;
    inFlight++;
    maxInFlight = Math.max(maxInFlight, inFlight);
    try {
      const latencyMs = script.latencyMs ?? 0;
      if (latencyMs > 0) await new Promise<void>((resolve) => timers.setTimeout(resolve, latencyMs));
      const overridden = script.override?.(call, index);
      if (overridden !== undefined) return overridden;
      return { answer: topics.some((topic) => forbidden.has(topic)) ? 'forbidden' : 'readable' };
    } finally {
      inFlight--;
    }
  };
  return { probe, calls, maxInFlight: () => maxInFlight };
}

const names = (count: number, prefix = 't'): string[] =>
  Array.from({ length: count }, (_, i) => `${prefix}${String(i).padStart(3, '0')}`);

function find(clock: ManualClock, options: Omit<FindForbiddenOptions, 'clock'>) {
  return findForbiddenTopics({ ...options, clock: autoAdvancing(clock) });
}

describe('findForbiddenTopics', () => {
  it('finds 1 forbidden topic among 300 in at most 2·log2(300)+1 probes, wherever it is', async () => {
    const topics = names(300);
    // 2 probes per level of the 9-level split (ceil(log2 300)), plus the probe of the whole list.
    const bound = 2 * Math.ceil(Math.log2(300)) + 1;
    let worst = 0;
    let total = 0;
    for (const culprit of topics) {
      const clock = new ManualClock();
      const server = scriptedServer(clock, { forbidden: [culprit] });
      const decision = await find(clock, { topics, probe: server.probe });
      expect(decision).toEqual({ kind: 'isolate', forbidden: [culprit] });
      worst = Math.max(worst, server.calls.length);
      total += server.calls.length;
    }
    expect(worst).toBeLessThanOrEqual(bound);
    // A readable first half clears the second without a probe: about 1.5 probes per level on average, not 2.
    expect(total / topics.length).toBeLessThanOrEqual(1.5 * Math.log2(300) + 2);
  });

  it('finds several forbidden topics (adjacent, first, last) and keeps the rest', async () => {
    const topics = names(300);
    const culprits = ['t000', 't041', 't042', 't150', 't299'];
    const clock = new ManualClock();
    const server = scriptedServer(clock, { forbidden: culprits });
    const decision = await find(clock, { topics, probe: server.probe });
    expect(decision).toEqual({ kind: 'isolate', forbidden: culprits });
    expect(server.calls.length).toBeLessThanOrEqual(culprits.length * (2 * Math.ceil(Math.log2(300)) + 1));
    expect(server.calls.length).toBeLessThan(64);
  });

  it('reports all-forbidden when every topic is forbidden', async () => {
    const topics = names(8);
    const clock = new ManualClock();
    const server = scriptedServer(clock, { forbidden: topics });
    expect(await find(clock, { topics, probe: server.probe })).toEqual({ kind: 'all-forbidden' });
  });

  it('isolates nothing after one probe when the whole list is readable again', async () => {
    const clock = new ManualClock();
    const server = scriptedServer(clock);
    expect(await find(clock, { topics: names(300), probe: server.probe })).toEqual({ kind: 'isolate', forbidden: [] });
    expect(server.calls).toHaveLength(1);
  });

  it('probes each topic once even when the list repeats it', async () => {
    const clock = new ManualClock();
    const server = scriptedServer(clock, { forbidden: ['b'] });
    const decision = await find(clock, { topics: ['a', 'b', 'a', 'c'], probe: server.probe });
    expect(decision).toEqual({ kind: 'isolate', forbidden: ['b'] });
    expect(server.calls[0]?.topics).toEqual(['a', 'b', 'c']);
  });

  it('waits out a 429 for its Retry-After and never reads it as forbidden', async () => {
    const topics = names(300);
    const clock = new ManualClock();
    const start = clock.now();
    // Every probe of a readable list answers 429 the first time: read as 403, those topics would be isolated.
    const limited = new Set<string>();
    const server = scriptedServer(clock, {
      forbidden: ['t123'],
      override: (call) => {
        const key = call.topics.join(',');
        if (call.topics.includes('t123') || limited.has(key)) return undefined;
        limited.add(key);
        return { answer: 'rate-limited', retryAfterMs: 7_000 };
      },
    });
    const decision = await find(clock, { topics, probe: server.probe });
    expect(decision).toEqual({ kind: 'isolate', forbidden: ['t123'] });
    expect(limited.size).toBeGreaterThan(0);
    for (const key of limited) {
      const tries = server.calls.filter((call) => call.topics.join(',') === key);
      expect(tries).toHaveLength(2);
      expect((tries[1]?.at ?? 0) - (tries[0]?.at ?? 0)).toBeGreaterThanOrEqual(7_000);
    }
    // Waits of probes that were limited together overlap: the search waits once for all of them.
    expect(clock.now() - start).toBeGreaterThanOrEqual(7_000);
    expect(clock.now() - start).toBeLessThanOrEqual(limited.size * 7_000);
  });

  it('waits 5 s after a 429 without Retry-After, and at most a minute whatever the server says', async () => {
    for (const [retryAfterMs, expectedWaitMs] of [
      [undefined, DEFAULT_RATE_LIMIT_DELAY_MS],
      [3_600_000, MAX_RATE_LIMIT_DELAY_MS],
    ] as const) {
      const clock = new ManualClock();
      const server = scriptedServer(clock, {
        forbidden: ['b'],
        override: (_call, index) =>
          index === 0 ? { answer: 'rate-limited', ...(retryAfterMs === undefined ? {} : { retryAfterMs }) } : undefined,
      });
      expect(await find(clock, { topics: ['a', 'b'], probe: server.probe })).toEqual({
        kind: 'isolate',
        forbidden: ['b'],
      });
      expect((server.calls[1]?.at ?? 0) - (server.calls[0]?.at ?? 0)).toBe(expectedWaitMs);
    }
  });

  it('sends no probe on any branch before a 429 wait is over', async () => {
    const clock = new ManualClock();
    let limitedAt: number | undefined;
    const server = scriptedServer(clock, {
      forbidden: ['t010', 't200'],
      latencyMs: 10,
      override: (_call, index) => {
        if (index !== 3) return undefined;
        limitedAt = clock.now();
        return { answer: 'rate-limited', retryAfterMs: 9_000 };
      },
    });
    const decision = await find(clock, { topics: names(300), probe: server.probe });
    expect(decision).toEqual({ kind: 'isolate', forbidden: ['t010', 't200'] });
    expect(limitedAt).toBeDefined();
    const at = limitedAt ?? 0;
    // Probes already on the wire when the 429 came may still answer; no branch sends a new one inside the wait.
    expect(server.calls.filter((call) => call.at > at && call.at < at + 9_000)).toEqual([]);
    expect(server.calls.filter((call) => call.at >= at + 9_000).length).toBeGreaterThan(1);
  });

  it('gives up undecided, never forbidden, when 429s do not stop, after a bounded number of retries', async () => {
    const clock = new ManualClock();
    const server = scriptedServer(clock, {
      forbidden: ['b'],
      override: () => ({ answer: 'rate-limited', retryAfterMs: 2_000 }),
    });
    const decision = await find(clock, { topics: ['a', 'b', 'c'], probe: server.probe, maxRateLimitRetries: 3 });
    expect(decision).toMatchObject({ kind: 'undecided', retryAfterMs: 2_000 });
    expect(server.calls).toHaveLength(4);
    expect(clock.pendingTimers).toBe(0);
  });

  it('stops with unauthorized on a 401 and sends nothing more', async () => {
    const clock = new ManualClock();
    const server = scriptedServer(clock, {
      forbidden: ['t007'],
      latencyMs: 10,
      override: (_call, index) => (index === 1 ? { answer: 'unauthorized' } : undefined),
    });
    expect(await find(clock, { topics: names(64), probe: server.probe })).toEqual({ kind: 'unauthorized' });
    expect(server.calls).toHaveLength(2);
    expect(clock.pendingTimers).toBe(0);
  });

  it('is undecided when a probe cannot reach the server', async () => {
    for (const failure of ['unknown', 'throws'] as const) {
      const clock = new ManualClock();
      const server = scriptedServer(clock, {
        forbidden: ['t001'],
        override: (_call, index) => {
          if (index !== 2) return undefined;
          if (failure === 'throws') throw new Error('ECONNRESET');
          return { answer: 'unknown' };
        },
      });
      const decision = await find(clock, { topics: names(16), probe: server.probe });
      expect(decision.kind).toBe('undecided');
      if (failure === 'throws') expect(decision.kind === 'undecided' ? decision.reason : '').toContain('ECONNRESET');
    }
  });

  it('is undecided once the request budget is spent', async () => {
    const topics = names(300);
    const clock = new ManualClock();
    const server = scriptedServer(clock, { forbidden: topics });
    const decision = await find(clock, { topics, probe: server.probe, maxRequests: 40 });
    expect(decision.kind).toBe('undecided');
    expect(server.calls).toHaveLength(40);
  });

  it('never has more probes in flight than the limit', async () => {
    const topics = names(300);
    const culprits = ['t003', 't077', 't078', 't140', 't222', 't290'];
    for (const [maxConcurrency, expected] of [
      [undefined, 2],
      [1, 1],
      [3, 3],
    ] as const) {
      const clock = new ManualClock();
      const server = scriptedServer(clock, { forbidden: culprits, latencyMs: 50 });
      const decision = await find(clock, {
        topics,
        probe: server.probe,
        maxRequests: 200,
        ...(maxConcurrency === undefined ? {} : { maxConcurrency }),
      });
      expect(decision).toEqual({ kind: 'isolate', forbidden: culprits });
      expect(server.maxInFlight()).toBe(expected);
    }
  });
});
