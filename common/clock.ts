/**
 * Wall-clock and timer access, injectable so that tests never sleep (test/support/manual-clock.ts). Times are
 * milliseconds since the Unix epoch; delays are milliseconds.
 *
 * The port lives here rather than in main/core/ports.ts because its one real implementation, `systemClock`, is
 * platform-neutral and every composition root (the app, the CLI, the dev:web bridge) and the test harness use it;
 * common/ imports nothing of ours, so the type it implements has to live beside it. main/core/ports.ts re-exports it
 * with the other ports.
 */
export interface Clock {
  now(): number;
  setTimeout(callback: () => void, delayMs: number): TimerHandle;
  clearTimeout(handle: TimerHandle): void;
}

export interface TimerHandle {
  readonly id: unknown;
}

/** The host's clock and timers: Node and browsers both have `setTimeout` (their handle types differ, hence `id`). */
export const systemClock: Clock = {
  now: () => Date.now(),
  setTimeout: (callback, delayMs) => ({ id: setTimeout(callback, delayMs) }),
  clearTimeout: (handle) => {
    clearTimeout(handle.id as ReturnType<typeof setTimeout>);
  },
};
