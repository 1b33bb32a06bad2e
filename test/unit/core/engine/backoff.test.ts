import { describe, expect, it } from 'vitest';
import {
  Backoff,
  clampDelayMs,
  MAX_RETRY_AFTER_MS,
  MAX_TIMER_DELAY_MS,
  parseRetryAfterMs,
} from '../../../../main/core/engine/backoff.ts';

function sequence(...values: number[]): () => number {
  let i = 0;
  return () => values[i++ % values.length] ?? 0;
}

describe('Backoff', () => {
  it('doubles the ceiling per failure from about a second up to the cap', () => {
    const backoff = new Backoff({ random: () => 0.999_999, initialDelayMs: 1000, maxDelayMs: 10_000 });
    const delays = Array.from({ length: 7 }, () => backoff.nextDelayMs());
    expect(delays).toEqual([1000, 2000, 4000, 8000, 10_000, 10_000, 10_000]);
  });

  it('jitters uniformly between the floor and the ceiling', () => {
    const low = new Backoff({ random: () => 0, initialDelayMs: 1000, minDelayMs: 250 });
    expect([low.nextDelayMs(), low.nextDelayMs(), low.nextDelayMs()]).toEqual([250, 250, 250]);
    const mid = new Backoff({ random: () => 0.5, initialDelayMs: 1000, minDelayMs: 0 });
    expect([mid.nextDelayMs(), mid.nextDelayMs(), mid.nextDelayMs()]).toEqual([500, 1000, 2000]);
  });

  it('defaults to a 1 s start and a 2 min cap', () => {
    const backoff = new Backoff({ random: sequence(0.999_999) });
    expect(backoff.nextDelayMs()).toBe(1000);
    for (let i = 0; i < 20; i++) backoff.nextDelayMs();
    expect(backoff.nextDelayMs()).toBe(120_000);
  });

  it('starts over after reset', () => {
    const backoff = new Backoff({ random: () => 0.999_999, initialDelayMs: 1000 });
    backoff.nextDelayMs();
    backoff.nextDelayMs();
    expect(backoff.failures).toBe(2);
    backoff.reset();
    expect(backoff.failures).toBe(0);
    expect(backoff.nextDelayMs()).toBe(1000);
  });

  it('honours Retry-After as a minimum, even above the cap', () => {
    const backoff = new Backoff({ random: () => 0, initialDelayMs: 1000, maxDelayMs: 5000 });
    expect(backoff.nextDelayMs(30_000)).toBe(30_000);
    expect(backoff.nextDelayMs(10)).toBe(250);
  });

  it('caps a huge Retry-After at an hour instead of overflowing the timer (Retry-After: 3000000)', () => {
    const backoff = new Backoff({ random: () => 0, initialDelayMs: 1000, maxDelayMs: 5000 });
    expect(backoff.nextDelayMs(parseRetryAfterMs('3000000', 0))).toBe(MAX_RETRY_AFTER_MS);
    expect(backoff.nextDelayMs(3_000_000_000)).toBe(MAX_RETRY_AFTER_MS);
    expect(backoff.nextDelayMs(Number.POSITIVE_INFINITY)).toBe(MAX_RETRY_AFTER_MS);
  });

  it('never goes below its own delay when a Retry-After is shorter, and ignores a negative or NaN one', () => {
    const backoff = new Backoff({ random: () => 0.999_999, initialDelayMs: 1000, maxDelayMs: 5000 });
    expect(backoff.nextDelayMs(1)).toBe(1000);
    expect(backoff.nextDelayMs(-5000)).toBe(2000);
    expect(backoff.nextDelayMs(Number.NaN)).toBe(4000);
  });

  it('clamps absurd options to what a timer accepts', () => {
    const backoff = new Backoff({ random: () => 1, initialDelayMs: 1e12, maxDelayMs: 1e15 });
    expect(backoff.nextDelayMs()).toBe(MAX_TIMER_DELAY_MS);
    expect(backoff.nextDelayMs(1e15)).toBe(MAX_TIMER_DELAY_MS);
  });

  it('stays finite after very many failures', () => {
    const backoff = new Backoff({ random: () => 0.5 });
    for (let i = 0; i < 2000; i++) expect(Number.isFinite(backoff.nextDelayMs())).toBe(true);
  });
});

describe('parseRetryAfterMs', () => {
  it('reads seconds and HTTP dates', () => {
    const now = Date.parse('2026-01-01T00:00:00Z');
    expect(parseRetryAfterMs('120', now)).toBe(120_000);
    expect(parseRetryAfterMs('Thu, 01 Jan 2026 00:00:30 GMT', now)).toBe(30_000);
    expect(parseRetryAfterMs('Wed, 31 Dec 2025 00:00:00 GMT', now)).toBe(0);
  });

  it('clamps to the largest timer delay (more would fire after 1 ms)', () => {
    expect(parseRetryAfterMs('3000000', 0)).toBe(MAX_TIMER_DELAY_MS);
    expect(parseRetryAfterMs('9'.repeat(400), 0)).toBe(MAX_TIMER_DELAY_MS);
    expect(parseRetryAfterMs('Fri, 01 Jan 2100 00:00:00 GMT', Date.parse('2026-01-01T00:00:00Z'))).toBe(
      MAX_TIMER_DELAY_MS,
    );
  });

  it('returns undefined for absent or unreadable values', () => {
    expect(parseRetryAfterMs(undefined, 0)).toBeUndefined();
    expect(parseRetryAfterMs(null, 0)).toBeUndefined();
    expect(parseRetryAfterMs(' ', 0)).toBeUndefined();
    expect(parseRetryAfterMs('soon', 0)).toBeUndefined();
  });
});

describe('clampDelayMs', () => {
  it('keeps delays within [0, 2^31 - 1] whole milliseconds', () => {
    expect(clampDelayMs(1500.4)).toBe(1500);
    expect(clampDelayMs(-1)).toBe(0);
    expect(clampDelayMs(Number.NaN)).toBe(0);
    // Node fires a longer timeout at once (TimeoutOverflowWarning), so the largest delay a timer takes is the cap.
    expect(clampDelayMs(2 ** 31)).toBe(2 ** 31 - 1);
    expect(clampDelayMs(Number.POSITIVE_INFINITY)).toBe(2 ** 31 - 1);
  });
});
