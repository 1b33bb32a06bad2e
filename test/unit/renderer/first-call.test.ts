import { describe, expect, it } from 'vitest';
import type { BridgeResult } from '../../../common/ipc.ts';
import { callUntilAnswered, type Schedule } from '../../../renderer/first-call.ts';
import { ManualClock } from '../../support/manual-clock.ts';

/** A bridge call whose every try the test answers by hand, and the answers the view was given, awaitable. */
function createHarness() {
  const clock = new ManualClock();
  const schedule: Schedule = (callback, delayMs) => {
    const handle = clock.setTimeout(callback, delayMs);
    return () => {
      clock.clearTimeout(handle);
    };
  };
  const tries: PromiseWithResolvers<BridgeResult<string>>[] = [];
  const results: BridgeResult<string>[] = [];
  let waiting: (() => void) | undefined;
  const call = () => {
    const next = Promise.withResolvers<BridgeResult<string>>();
    tries.push(next);
    return next.promise;
  };
  const onResult = (result: BridgeResult<string>) => {
    results.push(result);
    waiting?.();
  };
  /** Resolves once the view has been given `count` answers in all. */
  const resultCount = (count: number) =>
    new Promise<void>((resolve) => {
      const check = () => {
        if (results.length >= count) resolve();
      };
      waiting = check;
      check();
    });
  const lastTry = () => {
    const last = tries.at(-1);
    if (last === undefined) throw new Error('no call was made');
    return last;
  };
  return { clock, schedule, call, onResult, tries, results, resultCount, lastTry };
}

describe('callUntilAnswered', () => {
  it('shows an error when the first call rejects (no handler yet), then tries again and shows the answer', async () => {
    const h = createHarness();
    callUntilAnswered({ call: h.call, onResult: h.onResult, schedule: h.schedule });

    h.lastTry().reject(new Error("No handler registered for 'settings:get'"));
    await h.resultCount(1);
    expect(h.results[0]).toMatchObject({ ok: false, error: { code: 'internal' } });
    expect(h.tries).toHaveLength(1);

    h.clock.advance(500);
    expect(h.tries).toHaveLength(2);
    h.lastTry().resolve({ ok: true, value: 'settings' });
    await h.resultCount(2);

    expect(h.results[1]).toEqual({ ok: true, value: 'settings' });
    expect(h.clock.pendingTimers).toBe(0);
  });

  it('waits longer after each failure and keeps the last pause once the table runs out', async () => {
    const h = createHarness();
    callUntilAnswered({ call: h.call, onResult: h.onResult, schedule: h.schedule, retryDelaysMs: [100, 300] });
    const pauses: number[] = [];

    for (let failure = 1; failure <= 3; failure++) {
      h.lastTry().reject(new Error('bridge down'));
      await h.resultCount(failure);
      const before = h.clock.now();
      // Bounded, so a version that never retries fails here instead of spinning.
      for (let step = 0; step < 1_000 && h.tries.length === failure; step++) h.clock.advance(50);
      if (h.tries.length === failure) break;
      pauses.push(h.clock.now() - before);
    }

    expect(pauses).toEqual([100, 300, 300]);
  });

  it('takes a typed error answer as final: the core did answer, so it is shown and not asked again', async () => {
    const h = createHarness();
    callUntilAnswered({ call: h.call, onResult: h.onResult, schedule: h.schedule });

    h.lastTry().resolve({ ok: false, error: { code: 'internal', message: 'the app could not start; see its log' } });
    await h.resultCount(1);

    expect(h.results).toEqual([
      { ok: false, error: { code: 'internal', message: 'the app could not start; see its log' } },
    ]);
    expect(h.clock.pendingTimers).toBe(0);
  });

  it('stops retrying and drops late answers once stopped (the view went away)', async () => {
    const h = createHarness();
    const stop = callUntilAnswered({ call: h.call, onResult: h.onResult, schedule: h.schedule });
    h.lastTry().reject(new Error('bridge down'));
    await h.resultCount(1);

    stop();
    h.clock.advance(60_000);

    expect(h.tries).toHaveLength(1);
    expect(h.clock.pendingTimers).toBe(0);
  });

  it('drops an answer that arrives after it was stopped', async () => {
    const h = createHarness();
    const stop = callUntilAnswered({ call: h.call, onResult: h.onResult, schedule: h.schedule });

    stop();
    h.lastTry().resolve({ ok: true, value: 'late' });
    await h.lastTry().promise; // its handler inside callUntilAnswered ran before this continuation

    expect(h.results).toEqual([]);
  });
});
