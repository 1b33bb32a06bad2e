/**
 * When a connection tries again: a watchdog that takes silence for death, a timer after which an open stream counts
 * as healthy (the backoff starts over), and the backoff between connects with its one pending reconnect. While
 * reading is paused by backpressure the watchdog is stopped, since a paused stream is silent by our own doing.
 * All durations are milliseconds.
 */
import type { Clock } from '../ports.ts';
import { Backoff } from './backoff.ts';
import { NamedTimers } from './connection-timers.ts';
import type { ConnectionTiming } from './connection-types.ts';
import { Watchdog } from './watchdog.ts';
import { t } from '../../../common/i18n/translate.ts';

interface ConnectionRetryOptions {
  readonly clock: Clock;
  /** Jitter of the backoff, in [0, 1). */
  readonly random: () => number;
  readonly timing: Pick<
    ConnectionTiming,
    'keepaliveTimeoutMs' | 'healthyAfterMs' | 'backoffInitialMs' | 'backoffMaxMs'
  >;
  /** No sign of life for keepaliveTimeoutMs; `reason` says so for the user. */
  readonly onDead: (reason: string) => void;
}

export class ConnectionRetry {
  readonly #options: ConnectionRetryOptions;
  readonly #watchdog: Watchdog;
  readonly #backoff: Backoff;
  readonly #timers: NamedTimers<'healthy' | 'reconnect'>;
  #lastActivityAt: number | undefined;

  constructor(options: ConnectionRetryOptions) {
    this.#options = options;
    const { clock, timing } = options;
    this.#timers = new NamedTimers(clock);
    this.#backoff = new Backoff({
      random: options.random,
      initialDelayMs: timing.backoffInitialMs,
      maxDelayMs: timing.backoffMaxMs,
    });
    this.#watchdog = new Watchdog({
      clock,
      timeoutMs: timing.keepaliveTimeoutMs,
      onDead: () => {
        options.onDead(t('core.engine.no-data', { seconds: timing.keepaliveTimeoutMs / 1000 }));
      },
    });
  }

  /** Clock milliseconds of the last byte, keepalive or ping, if any yet. */
  get lastActivityAt(): number | undefined {
    return this.#lastActivityAt;
  }

  /** (Re)starts the watchdog: when a connect starts (a server that never answers is dead too), on open, on resume. */
  watch(): void {
    this.#watchdog.start();
  }

  opened(): void {
    this.#timers.set('healthy', this.#options.timing.healthyAfterMs, () => {
      this.#backoff.reset();
    });
  }

  activity(): void {
    this.#lastActivityAt = this.#options.clock.now();
    this.#watchdog.kick();
  }

  /** Reading paused: silence is expected now. */
  pause(): void {
    this.#watchdog.stop();
  }

  /** The stream is gone: neither dead nor healthy. */
  ended(): void {
    this.#watchdog.stop();
    this.#timers.clear('healthy');
  }

  /**
   * Runs `connect` after the next backoff delay, or after the server's Retry-After if that is longer; replaces a
   * reconnect still pending. Returns when (clock milliseconds).
   */
  scheduleReconnect(connect: () => void, retryAfterMs?: number): number {
    const delayMs = this.#backoff.nextDelayMs(retryAfterMs);
    this.#timers.set('reconnect', delayMs, connect);
    return this.#options.clock.now() + delayMs;
  }

  cancelReconnect(): void {
    this.#timers.clear('reconnect');
  }

  /** A fresh start (OS resume, network back): the next failure waits the shortest delay again. */
  resetBackoff(): void {
    this.#backoff.reset();
  }

  stop(): void {
    this.ended();
    this.#timers.clearAll();
  }
}
