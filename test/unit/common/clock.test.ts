import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { systemClock } from '../../../common/clock.ts';

// The host's timers are replaced by vitest's fake ones, so these tests move time by hand instead of waiting.
describe('systemClock', () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: 1_700_000_000_000 });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('reads the host clock in milliseconds', () => {
    expect(systemClock.now()).toBe(1_700_000_000_000);
    vi.advanceTimersByTime(1500);
    expect(systemClock.now()).toBe(1_700_000_001_500);
  });

  it('runs a timer after its delay, and not one that was cleared', () => {
    const fired: string[] = [];
    systemClock.setTimeout(() => fired.push('kept'), 100);
    const cleared = systemClock.setTimeout(() => fired.push('cleared'), 50);
    systemClock.clearTimeout(cleared);
    vi.advanceTimersByTime(99);
    expect(fired).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(fired).toEqual(['kept']);
  });
});
