/**
 * Reconnect delays: exponential growth with full jitter (a uniformly random delay between a small floor and the
 * current ceiling), so that many clients cut off by the same server restart do not all come back at once.
 *
 * All durations are milliseconds. The ceiling starts at `initialDelayMs`, doubles per failed attempt and stops at
 * `maxDelayMs`; `reset()` starts over (the connection calls it once it has been healthy for a while).
 */

export interface BackoffOptions {
  /** Uniform random number in [0, 1); injected so tests are deterministic. */
  readonly random: () => number;
  /** Ceiling of the first delay. Default 1 s. */
  readonly initialDelayMs?: number;
  /** Cap of the ceiling. Default 2 min. */
  readonly maxDelayMs?: number;
  /** No delay is shorter than this, so a server that fails instantly is never hammered. Default 250 ms. */
  readonly minDelayMs?: number;
}

export const DEFAULT_INITIAL_DELAY_MS = 1000;
export const DEFAULT_MAX_DELAY_MS = 120_000;
export const DEFAULT_MIN_DELAY_MS = 250;

export class Backoff {
  readonly #random: () => number;
  readonly #initialDelayMs: number;
  readonly #maxDelayMs: number;
  readonly #minDelayMs: number;
  #failures = 0;

  constructor(options: BackoffOptions) {
    this.#random = options.random;
    this.#initialDelayMs = options.initialDelayMs ?? DEFAULT_INITIAL_DELAY_MS;
    this.#maxDelayMs = Math.max(options.maxDelayMs ?? DEFAULT_MAX_DELAY_MS, this.#initialDelayMs);
    this.#minDelayMs = Math.min(options.minDelayMs ?? DEFAULT_MIN_DELAY_MS, this.#initialDelayMs);
  }

  /** How many delays were handed out since the last reset. */
  get failures(): number {
    return this.#failures;
  }

  /** The current ceiling: what the next delay is at most (before any Retry-After). */
  get ceilingMs(): number {
    // 2 ** 30 already exceeds any sane cap; clamping the exponent keeps the number finite.
    return Math.min(this.#maxDelayMs, this.#initialDelayMs * 2 ** Math.min(this.#failures, 30));
  }

  /**
   * The delay before the next attempt. `retryAfterMs` (from a 429/503 Retry-After header) is honoured as a
   * minimum, even above the cap: the server said when it wants us back.
   */
  nextDelayMs(retryAfterMs?: number): number {
    const ceiling = this.ceilingMs;
    this.#failures++;
    const jittered = this.#minDelayMs + this.#random() * (ceiling - this.#minDelayMs);
    return Math.round(Math.max(jittered, retryAfterMs ?? 0));
  }

  reset(): void {
    this.#failures = 0;
  }
}

/**
 * Parses a Retry-After header (delay in seconds or an HTTP date) into milliseconds from `nowMs`, or undefined
 * when absent or unreadable.
 */
export function parseRetryAfterMs(header: string | null | undefined, nowMs: number): number | undefined {
  if (header === null || header === undefined || header.trim() === '') return undefined;
  const text = header.trim();
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  const date = Date.parse(text);
  return Number.isNaN(date) ? undefined : Math.max(0, date - nowMs);
}
