/**
 * Liveness watchdog for one connection. Any sign of life (a byte, a keepalive, a WebSocket ping) calls `kick()`;
 * if none arrives within `timeoutMs`, `onDead` runs once and the watchdog stops until `start()` is called again.
 *
 * Servers send a keepalive every 45 s by default (HTTP streams) or a Ping frame (WebSocket), so the default
 * timeout of 90 s tolerates one lost keepalive; a half-open connection (after sleep or a Wi-Fi change) sends
 * nothing at all, and this is what notices it.
 *
 * After the machine slept (or the process was stopped), the timer fires late, and it fires before the socket is
 * read: Node runs due timers before it polls for I/O, so a stream that kept data for us (a scheduled message that
 * fell due while we slept) would be dropped unread. A timer that fires more than `LATE_TIMER_MS` late therefore gives
 * the connection `WAKE_GRACE_MS` to show a sign of life before it counts as dead; a half-open socket stays silent and
 * is dropped then.
 */
import type { Clock, TimerHandle } from '../ports.ts';
import { clampDelayMs } from './backoff.ts';

export const DEFAULT_KEEPALIVE_TIMEOUT_MS = 90_000;
/** Milliseconds a timer may be late on a busy machine before we take it for a sleep. */
export const LATE_TIMER_MS = 5_000;
/** Milliseconds a stream has after a wake to deliver what it holds. */
export const WAKE_GRACE_MS = 3_000;

interface WatchdogOptions {
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

  #arm(delayMs = clampDelayMs(this.#options.timeoutMs)): void {
    this.stop();
    const { clock } = this.#options;
    const dueAt = clock.now() + delayMs;
    this.#timer = clock.setTimeout(() => {
      this.#timer = undefined;
      const late = clock.now() - dueAt > LATE_TIMER_MS;
      if (late)
        this.#arm(WAKE_GRACE_MS); // a kick meanwhile re-arms the full timeout
      else this.#options.onDead();
    }, delayMs);
  }
}
