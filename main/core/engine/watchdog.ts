/**
 * Liveness watchdog for one connection. Any sign of life (a byte, a keepalive, a WebSocket ping) calls `kick()`;
 * if none arrives within `timeoutMs`, `onDead` runs once and the watchdog stops until `start()` is called again.
 *
 * Servers send a keepalive every 45 s by default (HTTP streams) or a Ping frame (WebSocket), so the default
 * timeout of 90 s tolerates one lost keepalive; a half-open connection (after sleep or a Wi-Fi change) sends
 * nothing at all, and this is what notices it.
 */
import type { Clock, TimerHandle } from '../ports.ts';
import { clampDelayMs } from './backoff.ts';

export const DEFAULT_KEEPALIVE_TIMEOUT_MS = 90_000;

export interface WatchdogOptions {
  readonly clock: Clock;
  /** Milliseconds; clamped to what a timer accepts (a longer one would fire after 1 ms). */
  readonly timeoutMs: number;
  readonly onDead: () => void;
}

export class Watchdog {
  readonly #options: WatchdogOptions;
  #timer: TimerHandle | undefined;
  #lastKickAt: number | undefined;

  constructor(options: WatchdogOptions) {
    this.#options = options;
  }

  /** When the last sign of life arrived (clock milliseconds), if any since start. */
  get lastKickAt(): number | undefined {
    return this.#lastKickAt;
  }

  get running(): boolean {
    return this.#timer !== undefined;
  }

  start(): void {
    this.#lastKickAt = this.#options.clock.now();
    this.#arm();
  }

  kick(): void {
    if (this.#timer === undefined) return;
    this.#lastKickAt = this.#options.clock.now();
    this.#arm();
  }

  stop(): void {
    if (this.#timer !== undefined) this.#options.clock.clearTimeout(this.#timer);
    this.#timer = undefined;
  }

  #arm(): void {
    this.stop();
    this.#timer = this.#options.clock.setTimeout(() => {
      this.#timer = undefined;
      this.#options.onDead();
    }, clampDelayMs(this.#options.timeoutMs));
  }
}
