/**
 * Waiting for server-side facts instead of sleeping: each helper checks the current state first, then re-checks
 * whenever one of the named events fires, and fails with a description after a timeout.
 */
import type { EventEmitter } from 'node:events';
import type { TestServerEvents } from './types.ts';

/**
 * A limit for a stuck test, not a measure of speed: on a loaded two-core machine a process under test (the CLI, the
 * app) can take well over 5 s to start and connect (a full run under load timed out at 5 s waiting for one).
 */
export const defaultWaitTimeoutMs = 30_000;

export function waitUntil<T>(options: {
  events: EventEmitter<TestServerEvents>;
  on: readonly (keyof TestServerEvents)[];
  /** Returns the result once the condition holds, undefined otherwise. */
  check: () => T | undefined;
  timeoutMs: number | undefined;
  describe: () => string;
}): Promise<T> {
  const { events, on, check } = options;
  const immediate = check();
  if (immediate !== undefined) return Promise.resolve(immediate);
  return new Promise<T>((resolve, reject) => {
    const listener = (): void => {
      const result = check();
      if (result === undefined) return;
      cleanup();
      resolve(result);
    };
    const timer = setTimeout(() => {
      cleanup();
      reject(new Error(`test server: timed out waiting for ${options.describe()}`));
    }, options.timeoutMs ?? defaultWaitTimeoutMs);
    const cleanup = (): void => {
      clearTimeout(timer);
      for (const name of on) events.off(name, listener);
    };
    for (const name of on) events.on(name, listener);
  });
}
