/**
 * How many push messages one app gets from its server: a burst (a catch-up after a night away) passes whole, a
 * hostile or broken server that keeps sending is held to a steady rate, the rest dropped (and counted in the log).
 */
import type { Clock } from '../ports.ts';

export const PUSH_RATE = { burst: 300, perSecond: 1 } as const;

export class PushRate {
  readonly #clock: Pick<Clock, 'now'>;
  readonly #buckets = new Map<string, { tokens: number; at: number }>();

  constructor(clock: Pick<Clock, 'now'>) {
    this.#clock = clock;
  }

  /** Takes one message's allowance for this key; false when there is none left. */
  take(key: string): boolean {
    const now = this.#clock.now();
    const bucket = this.#buckets.get(key) ?? { tokens: PUSH_RATE.burst, at: now };
    const refilled = Math.min(PUSH_RATE.burst, bucket.tokens + ((now - bucket.at) / 1000) * PUSH_RATE.perSecond);
    const allowed = refilled >= 1;
    this.#buckets.set(key, { tokens: allowed ? refilled - 1 : refilled, at: now });
    return allowed;
  }

  forget(key: string): void {
    this.#buckets.delete(key);
  }
}
