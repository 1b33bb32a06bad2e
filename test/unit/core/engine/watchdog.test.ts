import { describe, expect, it } from 'vitest';
import { MAX_TIMER_DELAY_MS } from '../../../../main/core/engine/backoff.ts';
import { LATE_TIMER_MS, WAKE_GRACE_MS, Watchdog } from '../../../../main/core/engine/watchdog.ts';
import type { Clock } from '../../../../main/core/ports.ts';
import { ManualClock } from '../../../support/manual-clock.ts';

function setup(timeoutMs = 90_000): { clock: ManualClock; watchdog: Watchdog; deaths: () => number } {
  const clock = new ManualClock();
  let dead = 0;
  const watchdog = new Watchdog({ clock, timeoutMs, onDead: () => dead++ });
  return { clock, watchdog, deaths: () => dead };
}

describe('Watchdog', () => {
  it('declares the connection dead after the timeout without a sign of life', () => {
    const { clock, watchdog, deaths } = setup();
    watchdog.start();
    clock.advance(89_999);
    expect(deaths()).toBe(0);
    clock.advance(1);
    expect(deaths()).toBe(1);
    expect(watchdog.running).toBe(false);
  });

  it('restarts the countdown on every kick', () => {
    const { clock, watchdog, deaths } = setup(1000);
    watchdog.start();
    for (let i = 0; i < 10; i++) {
      clock.advance(900);
      watchdog.kick();
    }
    expect(deaths()).toBe(0);
    expect(watchdog.lastKickAt).toBe(clock.now());
    clock.advance(1000);
    expect(deaths()).toBe(1);
  });

  it('fires once, and not at all after stop', () => {
    const { clock, watchdog, deaths } = setup(1000);
    watchdog.start();
    clock.advance(5000);
    expect(deaths()).toBe(1);
    watchdog.kick(); // a late byte after death does not re-arm it
    clock.advance(5000);
    expect(deaths()).toBe(1);
    watchdog.start();
    watchdog.stop();
    clock.advance(5000);
    expect(deaths()).toBe(1);
    expect(clock.pendingTimers).toBe(0);
  });
});

describe('Watchdog after a sleep', () => {
  it('gives a stream that kept data a grace to deliver it when its timer fires late, after a wake', () => {
    const { clock, watchdog, deaths } = setup(90_000);
    watchdog.start();
    clock.suspend(25_000 + 90_000); // the laptop slept; the timer is overdue and fires before the socket is read
    clock.advance(0);
    expect(deaths()).toBe(0);
    expect(watchdog.running).toBe(true);
    watchdog.kick(); // the bytes the stream held while we slept
    clock.advance(WAKE_GRACE_MS);
    expect(deaths()).toBe(0);
    clock.advance(90_000 - WAKE_GRACE_MS);
    expect(deaths()).toBe(1); // the full timeout again after that sign of life
  });

  it('takes a silent stream for dead once the grace after a wake is over (a half-open socket)', () => {
    const { clock, watchdog, deaths } = setup(90_000);
    watchdog.start();
    clock.suspend(90_000 + LATE_TIMER_MS + 1);
    clock.advance(WAKE_GRACE_MS - 1);
    expect(deaths()).toBe(0);
    clock.advance(1);
    expect(deaths()).toBe(1);
  });

  it('treats a timer late by no more than a busy machine makes it as on time', () => {
    const { clock, watchdog, deaths } = setup(90_000);
    watchdog.start();
    clock.suspend(90_000 + LATE_TIMER_MS);
    clock.advance(0);
    expect(deaths()).toBe(1);
  });
});

describe('Watchdog timer overflow', () => {
  it('never asks the clock for a delay longer than a timer accepts', () => {
    const clock = new ManualClock();
    const requested: number[] = [];
    const recording: Clock = {
      now: () => clock.now(),
      setTimeout: (callback, delayMs) => {
        requested.push(delayMs);
        return clock.setTimeout(callback, delayMs);
      },
      clearTimeout: (handle) => {
        clock.clearTimeout(handle);
      },
    };
    const watchdog = new Watchdog({ clock: recording, timeoutMs: 3_000_000_000, onDead: () => undefined });
    watchdog.start();
    watchdog.kick();
    expect(requested).toEqual([MAX_TIMER_DELAY_MS, MAX_TIMER_DELAY_MS]);
  });
});
