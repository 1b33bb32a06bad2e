/**
 * Which topics of a multi-topic subscription are forbidden, after ntfy answered 403 for the whole request (it does
 * that when any one topic is not readable: docs/protocol.md#endpoints).
 *
 * `GET /<a,b,c>/auth` checks a whole list in one request, so this is group testing by binary splitting: probe the list;
 * inside a list known to hold a forbidden topic probe its first half; if that half is readable the culprit is in the
 * second half (known without a request), otherwise both halves are searched, in parallel. k forbidden topics among n
 * cost about k·2·log2(n) requests instead of n. That matters: ntfy's request bucket (60 burst, then one per 5 s per
 * visitor; docs/protocol.md#rate-limits-and-caching) answers 429 to one request per topic fired at once. A 429 is
 * waited out and retried, never taken for a 403; after one, no probe starts before the server's time is up.
 *
 * Pure: the probe (one HTTP request) and the clock are passed in. All durations are milliseconds.
 */
import type { Clock, TimerHandle } from '../ports.ts';
import type { TopicAccessAnswer } from './http-requests.ts';
import { errorMessage } from '../../../common/error-message.ts';
import { t } from '../../../common/i18n/translate.ts';

/** One probe's answer: the status of `GET /<topics>/auth` read once, in http-requests.ts, with a 429's Retry-After. */
export type ProbeResult = TopicAccessAnswer;

export interface FindForbiddenOptions {
  readonly topics: readonly string[];
  /** Checks whether every topic of the list is readable, e.g. GET /<a,b,c>/auth (one request for many topics). */
  readonly probe: (topics: readonly string[]) => Promise<ProbeResult>;
  readonly clock: Clock;
  /** Probes in flight at once. Default 2: the server's limit is per visitor, so parallelism buys little. */
  readonly maxConcurrency?: number;
  /** Give up (undecided) after this many probes, 429s included. Default 64. */
  readonly maxRequests?: number;
  /** How often one probe is retried after a 429 before giving up (undecided). Default 3. */
  readonly maxRateLimitRetries?: number;
}

export type ForbiddenDecision =
  /** Drop `forbidden`, keep the rest; empty when the whole list is readable now (the 403 went away). */
  | { readonly kind: 'isolate'; readonly forbidden: readonly string[] }
  | { readonly kind: 'all-forbidden' }
  /**
   * 401: the credentials are wrong; probing on would count as failed logins (lockout after ~30:
   * docs/protocol.md#authentication).
   */
  | { readonly kind: 'unauthorized' }
  | { readonly kind: 'undecided'; readonly reason: string; readonly retryAfterMs?: number };

const DEFAULT_MAX_CONCURRENCY = 2;
/** A little above ntfy's burst of 60: a search that needs more would be throttled to one probe per 5 s anyway. */
const DEFAULT_MAX_REQUESTS = 64;
const DEFAULT_MAX_RATE_LIMIT_RETRIES = 3;
/** Without a Retry-After: ntfy refills one request every 5 s, so that is when the next one can pass. */
export const DEFAULT_RATE_LIMIT_DELAY_MS = 5_000;
/** Retry-After is clamped to this range: 0 would hammer the server, an hour would stall the connection. */
const MIN_RATE_LIMIT_DELAY_MS = 1_000;
export const MAX_RATE_LIMIT_DELAY_MS = 60_000;

function rateLimitDelayMs(retryAfterMs: number | undefined): number {
  const delay = retryAfterMs ?? DEFAULT_RATE_LIMIT_DELAY_MS;
  return Math.min(MAX_RATE_LIMIT_DELAY_MS, Math.max(MIN_RATE_LIMIT_DELAY_MS, delay));
}

/** Thrown through the search once a decision other than the search's own result has been reached. */
class SearchStopped extends Error {
  constructor() {
    super('the forbidden-topic search has stopped');
    this.name = 'SearchStopped';
  }
}

interface Sleeper {
  readonly handle: TimerHandle;
  readonly wake: () => void;
}

class ForbiddenSearch {
  readonly #options: FindForbiddenOptions;
  readonly #maxConcurrency: number;
  readonly #maxRequests: number;
  readonly #maxRetries: number;
  readonly #forbidden = new Set<string>();
  readonly #slotWaiters: (() => void)[] = [];
  readonly #sleepers = new Set<Sleeper>();
  #inFlight = 0;
  #requests = 0;
  /** Clock time before which no probe starts: set by a 429 for every branch, as ntfy limits per visitor. */
  #resumeAt = Number.NEGATIVE_INFINITY;
  #stopped: ForbiddenDecision | undefined;

  constructor(options: FindForbiddenOptions) {
    this.#options = options;
    this.#maxConcurrency = Math.max(1, Math.floor(options.maxConcurrency ?? DEFAULT_MAX_CONCURRENCY));
    this.#maxRequests = options.maxRequests ?? DEFAULT_MAX_REQUESTS;
    this.#maxRetries = options.maxRateLimitRetries ?? DEFAULT_MAX_RATE_LIMIT_RETRIES;
  }

  async run(topics: readonly string[]): Promise<ForbiddenDecision> {
    try {
      await this.#search(topics, false);
    } catch (error) {
      if (this.#stopped !== undefined) return this.#stopped;
      throw error;
    }
    if (this.#forbidden.size === topics.length) return { kind: 'all-forbidden' };
    return { kind: 'isolate', forbidden: topics.filter((topic) => this.#forbidden.has(topic)) };
  }

  /** `knownForbidden`: a probe (or the parent's split) already showed that `group` holds a forbidden topic. */
  async #search(group: readonly string[], knownForbidden: boolean): Promise<void> {
    if (!knownForbidden && (await this.#probe(group)) === 'readable') return;
    const [first] = group;
    if (group.length === 1 && first !== undefined) {
      this.#forbidden.add(first);
      return;
    }
    const middle = Math.ceil(group.length / 2);
    const left = group.slice(0, middle);
    const right = group.slice(middle);
    if ((await this.#probe(left)) === 'readable') {
      await this.#search(right, true);
      return;
    }
    await Promise.all([this.#search(left, true), this.#search(right, false)]);
  }

  /** One probe answered readable or forbidden, retried after 429s; anything else stops the whole search. */
  async #probe(group: readonly string[]): Promise<'readable' | 'forbidden'> {
    for (let attempt = 0; ; attempt++) {
      await this.#acquireSlot();
      try {
        await this.#waitUntilResume();
        this.#throwIfStopped();
        if (this.#requests >= this.#maxRequests) {
          const reason = t('core.engine.probe-budget-spent', { count: this.#requests });
          this.#stop({ kind: 'undecided', reason });
        }
        this.#requests++;
        const result = await this.#callProbe(group);
        this.#throwIfStopped();
        if (result.answer === 'readable' || result.answer === 'forbidden') return result.answer;
        if (result.answer === 'unauthorized') this.#stop({ kind: 'unauthorized' });
        if (result.answer === 'unknown') this.#stop({ kind: 'undecided', reason: t('core.engine.probe-failed') });
        const delayMs = rateLimitDelayMs(result.retryAfterMs);
        if (attempt >= this.#maxRetries) {
          const reason = t('core.engine.probe-rate-limited', { count: attempt + 1 });
          this.#stop({ kind: 'undecided', reason, retryAfterMs: delayMs });
        }
        this.#resumeAt = Math.max(this.#resumeAt, this.#options.clock.now() + delayMs);
      } finally {
        this.#releaseSlot();
      }
    }
  }

  async #callProbe(group: readonly string[]): Promise<ProbeResult> {
    try {
      return await this.#options.probe(group);
    } catch (error) {
      const detail = errorMessage(error);
      this.#stop({ kind: 'undecided', reason: t('core.engine.probe-failed-detail', { detail }) });
    }
  }

  async #acquireSlot(): Promise<void> {
    while (this.#inFlight >= this.#maxConcurrency) {
      this.#throwIfStopped();
      await new Promise<void>((resolve) => this.#slotWaiters.push(resolve));
    }
    this.#throwIfStopped();
    this.#inFlight++;
  }

  #releaseSlot(): void {
    this.#inFlight--;
    this.#slotWaiters.shift()?.();
  }

  async #waitUntilResume(): Promise<void> {
    const { clock } = this.#options;
    while (this.#stopped === undefined && clock.now() < this.#resumeAt) {
      await new Promise<void>((resolve) => {
        const sleeper: Sleeper = {
          handle: clock.setTimeout(() => {
            this.#sleepers.delete(sleeper);
            resolve();
          }, this.#resumeAt - clock.now()),
          wake: resolve,
        };
        this.#sleepers.add(sleeper);
      });
    }
  }

  #throwIfStopped(): void {
    if (this.#stopped !== undefined) throw new SearchStopped();
  }

  /** Records the first decision, wakes every waiting branch so it unwinds, and leaves no timer behind. */
  #stop(decision: ForbiddenDecision): never {
    this.#stopped ??= decision;
    for (const sleeper of this.#sleepers) {
      this.#options.clock.clearTimeout(sleeper.handle);
      sleeper.wake();
    }
    this.#sleepers.clear();
    for (const wake of this.#slotWaiters.splice(0)) wake();
    throw new SearchStopped();
  }
}

/**
 * Finds the forbidden topics of `topics` with as few probes as group testing allows (see the file comment). The
 * list is probed as a whole first, so a 403 that has gone away, or a 401, costs one request.
 */
export async function findForbiddenTopics(options: FindForbiddenOptions): Promise<ForbiddenDecision> {
  // Duplicates would only make the lists longer (ntfy accepts `a,a`); order is kept for the result.
  const topics = [...new Set(options.topics)];
  if (topics.length === 0) return { kind: 'undecided', reason: t('core.engine.no-topics') };
  return new ForbiddenSearch(options).run(topics);
}
