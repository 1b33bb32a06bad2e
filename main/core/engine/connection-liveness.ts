/**
 * Whether a connection's stream is alive: a watchdog that takes silence for death, and a timer after which an open
 * stream counts as healthy (then the backoff starts over). Only the connection's stream feeds it; while reading is
 * paused by backpressure the watchdog is stopped, since a paused stream is silent by our own doing.
 */
import type { Clock } from '../ports.ts';
import { NamedTimers } from './connection-timers.ts';
import type { ConnectionTiming } from './connection-types.ts';
import { Watchdog } from './watchdog.ts';

export interface ConnectionLivenessOptions {
  readonly clock: Clock;
  readonly timing: Pick<ConnectionTiming, 'keepaliveTimeoutMs' | 'healthyAfterMs'>;
  /** No sign of life for keepaliveTimeoutMs; `reason` says so for the user. */
  readonly onDead: (reason: string) => void;
  /** Open for healthyAfterMs without trouble. */
  readonly onHealthy: () => void;
}

export class ConnectionLiveness {
  readonly #options: ConnectionLivenessOptions;
  readonly #watchdog: Watchdog;
  readonly #timers: NamedTimers<'healthy'>;
  #lastActivityAt: number | undefined;

  constructor(options: ConnectionLivenessOptions) {
    this.#options = options;
    this.#timers = new NamedTimers(options.clock);
    const { keepaliveTimeoutMs } = options.timing;
    this.#watchdog = new Watchdog({
      clock: options.clock,
      timeoutMs: keepaliveTimeoutMs,
      onDead: () => {
        options.onDead(`no data for ${String(keepaliveTimeoutMs / 1000)} s`);
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
    this.#timers.set('healthy', this.#options.timing.healthyAfterMs, this.#options.onHealthy);
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
}
