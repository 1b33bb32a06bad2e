/**
 * Per-visitor limits (docs/protocol.md#rate-limits-and-caching). A visitor is the remote address, or the user once
 * authenticated (ntfy keys limits by user then); failed logins are always counted against the address.
 */

/** A token bucket like Go's rate.Limiter: `burst` tokens, one more every `replenishMs`, refilled continuously. */
export class TokenBucket {
  readonly #burst: number;
  readonly #replenishMs: number;
  #tokens: number;
  #updatedAt: number;

  constructor(options: { burst: number; replenishMs: number; nowMs: number }) {
    this.#burst = options.burst;
    this.#replenishMs = options.replenishMs;
    this.#tokens = options.burst;
    this.#updatedAt = options.nowMs;
  }

  #refill(nowMs: number): void {
    const elapsed = Math.max(0, nowMs - this.#updatedAt);
    this.#tokens = Math.min(this.#burst, this.#tokens + elapsed / this.#replenishMs);
    this.#updatedAt = nowMs;
  }

  /** True if a token is available, without taking it. */
  hasToken(nowMs: number): boolean {
    this.#refill(nowMs);
    return this.#tokens >= 1;
  }

  /** Takes a token if there is one. */
  take(nowMs: number): boolean {
    this.#refill(nowMs);
    if (this.#tokens < 1) return false;
    this.#tokens -= 1;
    return true;
  }
}

export interface VisitorLimits {
  readonly requestLimit: { burst: number; replenishMs: number } | undefined;
  readonly authFailureLimit: number;
  readonly authFailureLockoutMs: number;
  readonly subscriptionLimit: number;
}

export interface Visitor {
  readonly key: string;
  readonly requests: TokenBucket | undefined;
  readonly authFailures: TokenBucket;
  openStreams: number;
}

export class Visitors {
  readonly #limits: VisitorLimits;
  readonly #byKey = new Map<string, Visitor>();

  constructor(limits: VisitorLimits) {
    this.#limits = limits;
  }

  get(key: string, nowMs: number): Visitor {
    let visitor = this.#byKey.get(key);
    if (visitor === undefined) {
      const { requestLimit, authFailureLimit, authFailureLockoutMs } = this.#limits;
      visitor = {
        key,
        requests: requestLimit && new TokenBucket({ ...requestLimit, nowMs }),
        authFailures: new TokenBucket({ burst: authFailureLimit, replenishMs: authFailureLockoutMs, nowMs }),
        openStreams: 0,
      };
      this.#byKey.set(key, visitor);
    }
    return visitor;
  }

  /** Reserves one stream slot; false means 429 (42903). Release with `releaseStream`. */
  reserveStream(visitor: Visitor): boolean {
    if (visitor.openStreams >= this.#limits.subscriptionLimit) return false;
    visitor.openStreams++;
    return true;
  }

  releaseStream(visitor: Visitor): void {
    visitor.openStreams = Math.max(0, visitor.openStreams - 1);
  }
}
