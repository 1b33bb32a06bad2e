/**
 * A Clock whose time only moves when a test says so. Timers fire in due order during `advance()`, so tests of
 * backoff, watchdogs and polling never sleep.
 */
import type { Clock, TimerHandle } from '../../main/core/ports.ts';

interface PendingTimer {
  readonly handle: TimerHandle;
  readonly dueAt: number;
  readonly sequence: number;
  readonly callback: () => void;
}

export class ManualClock implements Clock {
  #now: number;
  #sequence = 0;
  readonly #timers = new Map<TimerHandle, PendingTimer>();

  constructor(startMs = 1_700_000_000_000) {
    this.#now = startMs;
  }

  now(): number {
    return this.#now;
  }

  setTimeout(callback: () => void, delayMs: number): TimerHandle {
    const sequence = ++this.#sequence;
    const handle: TimerHandle = { id: sequence };
    this.#timers.set(handle, { handle, dueAt: this.#now + Math.max(0, delayMs), sequence, callback });
    return handle;
  }

  clearTimeout(handle: TimerHandle): void {
    this.#timers.delete(handle);
  }

  /** Number of timers not yet fired or cleared. */
  get pendingTimers(): number {
    return this.#timers.size;
  }

  /**
   * Moves time forward by `ms` without firing anything, as while the machine sleeps or the process is stopped
   * (SIGSTOP): the timers that fell due meanwhile fire late, at the next `advance()`.
   */
  suspend(ms: number): void {
    this.#now += ms;
  }

  /** Moves time forward by `ms`, firing every timer that falls due, in order, including ones they schedule. */
  advance(ms: number): void {
    const target = this.#now + ms;
    for (;;) {
      const next = [...this.#timers.values()]
        .filter((timer) => timer.dueAt <= target)
        .sort((a, b) => a.dueAt - b.dueAt || a.sequence - b.sequence)[0];
      if (next === undefined) break;
      this.#timers.delete(next.handle);
      this.#now = Math.max(this.#now, next.dueAt); // a timer overdue after suspend() fires late, as after a sleep
      next.callback();
    }
    this.#now = target;
  }
}
