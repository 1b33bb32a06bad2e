/**
 * Reconnect delays: exponential growth with full jitter (a uniformly random delay between a small floor and the
 * current ceiling), so that many clients cut off by the same server restart do not all come back at once.
 *
 * All durations are milliseconds. The ceiling starts at `initialDelayMs`, doubles per failed attempt and stops at
 * `maxDelayMs`; `reset()` starts over (the connection calls it once it has been healthy for a while).
 */

interface BackoffOptions {
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
const DEFAULT_MIN_DELAY_MS = 250;

/**
 * The longest delay `setTimeout` accepts (2^31 − 1 ms, about 24.8 days). Node and browsers turn anything longer
 * into 1 ms, so an unclamped `Retry-After: 3000000` (seconds) makes a reconnect loop fire every millisecond.
 */
export const MAX_TIMER_DELAY_MS = 2_147_483_647;

/** 1 h: a Retry-After longer than this is taken as 1 h; the server can say it again when we come back. */
export const MAX_RETRY_AFTER_MS = 3_600_000;

/** `ms` made safe for a timer: whole milliseconds in [0, MAX_TIMER_DELAY_MS]; NaN becomes 0. */
export function clampDelayMs(ms: number): number {
  if (Number.isNaN(ms) || ms <= 0) return 0;
  return Math.min(Math.round(ms), MAX_TIMER_DELAY_MS);
}

export class Backoff {
  readonly #random: () => number;
  readonly #initialDelayMs: number;
  readonly #maxDelayMs: number;
  readonly #minDelayMs: number;
  #failures = 0;

  constructor(options: BackoffOptions) {
    this.#random = options.random;
    this.#initialDelayMs = clampDelayMs(options.initialDelayMs ?? DEFAULT_INITIAL_DELAY_MS);
    this.#maxDelayMs = clampDelayMs(Math.max(options.maxDelayMs ?? DEFAULT_MAX_DELAY_MS, this.#initialDelayMs));
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
   * minimum, even above the cap (the server said when it wants us back), but at most `MAX_RETRY_AFTER_MS`; the
   * result never exceeds `MAX_TIMER_DELAY_MS`.
   */
  nextDelayMs(retryAfterMs?: number): number {
    const ceiling = this.ceilingMs;
    this.#failures++;
    const jittered = this.#minDelayMs + this.#random() * (ceiling - this.#minDelayMs);
    const retryAfter = Math.min(clampDelayMs(retryAfterMs ?? 0), MAX_RETRY_AFTER_MS);
    return clampDelayMs(Math.max(jittered, retryAfter));
  }

  reset(): void {
    this.#failures = 0;
  }
}

/**
 * Parses a Retry-After header (delay in seconds or an HTTP date) into milliseconds from `nowMs`, or undefined
 * when absent or unreadable. The result is clamped to [0, MAX_TIMER_DELAY_MS] so it can go straight into a timer.
 */
export function parseRetryAfterMs(header: string | null | undefined, nowMs: number): number | undefined {
  if (header === null || header === undefined || header.trim() === '') return undefined;
  const text = header.trim();
  if (/^\d+$/.test(text)) return clampDelayMs(Number(text) * 1000);
  const date = Date.parse(text);
  return Number.isNaN(date) ? undefined : clampDelayMs(date - nowMs);
}
