/**
 * When to drop and redo every connection at once: after the machine wakes, the screen unlocks, or the network
 * comes back. A socket that lived through sleep or a network change may be half-open and would only be noticed by
 * the watchdog a minute later; a connection waiting in backoff would wait out its delay.
 *
 * Online detection is a poll, because Electron's main process can ask `net.isOnline()` but gets no event for it
 * (https://www.electronjs.org/docs/latest/api/net#netisonline); only an offline → online change counts, since a
 * `true` reading on its own proves little. Events that arrive together (resume, then unlock, then the network a
 * moment later) collapse into one reconnect, so a fresh connection is not torn down again straight away.
 */
import type { Clock, Logger, TimerHandle } from '../ports.ts';

export type ReconnectReason = 'resume' | 'unlock-screen' | 'network-online';

export interface ReconnectTriggersOptions {
  readonly clock: Clock;
  /** Where false is a strong sign of no connectivity (Electron's net.isOnline()). */
  readonly isOnline: () => boolean;
  /** Called once per burst of triggers, with every reason in the burst in arrival order. */
  readonly reconnectNow: (reasons: readonly ReconnectReason[]) => void;
  readonly log: Logger;
  /** How often to read isOnline(). Milliseconds; default 5 000. */
  readonly pollIntervalMs?: number;
  /** How long after the first trigger of a burst the reconnect happens. Milliseconds; default 1 000. */
  readonly settleMs?: number;
}

export const DEFAULT_ONLINE_POLL_INTERVAL_MS = 5_000;
export const DEFAULT_RECONNECT_SETTLE_MS = 1_000;

export class ReconnectTriggers {
  readonly #options: ReconnectTriggersOptions;
  #online: boolean | undefined;
  #pollTimer: TimerHandle | undefined;
  #settleTimer: TimerHandle | undefined;
  #pending: ReconnectReason[] = [];
  #running = false;

  constructor(options: ReconnectTriggersOptions) {
    this.#options = options;
  }

  /** Takes the first online reading (which triggers nothing) and starts polling. */
  start(): void {
    if (this.#running) return;
    this.#running = true;
    this.#online = this.#readOnline();
    this.#schedulePoll();
  }

  /** A power event: reconnect soon (together with whatever else arrives within the settle time). */
  notify(reason: ReconnectReason): void {
    if (!this.#running) return;
    if (!this.#pending.includes(reason)) this.#pending.push(reason);
    if (this.#settleTimer !== undefined) return;
    this.#settleTimer = this.#options.clock.setTimeout(() => {
      this.#settleTimer = undefined;
      const reasons = this.#pending;
      this.#pending = [];
      this.#options.reconnectNow(reasons);
    }, this.#options.settleMs ?? DEFAULT_RECONNECT_SETTLE_MS);
  }

  stop(): void {
    this.#running = false;
    this.#pending = [];
    for (const timer of [this.#pollTimer, this.#settleTimer]) {
      if (timer !== undefined) this.#options.clock.clearTimeout(timer);
    }
    this.#pollTimer = undefined;
    this.#settleTimer = undefined;
  }

  #schedulePoll(): void {
    this.#pollTimer = this.#options.clock.setTimeout(() => {
      this.#poll();
      if (this.#running) this.#schedulePoll();
    }, this.#options.pollIntervalMs ?? DEFAULT_ONLINE_POLL_INTERVAL_MS);
  }

  #poll(): void {
    const online = this.#readOnline();
    if (online === undefined || online === this.#online) return;
    const wasOffline = this.#online === false;
    this.#online = online;
    this.#options.log.log('info', online ? 'the network is back' : 'the network is gone');
    if (online && wasOffline) this.notify('network-online');
  }

  /** undefined when the reading failed (logged); the last known state then stands. */
  #readOnline(): boolean | undefined {
    try {
      return this.#options.isOnline();
    } catch (error) {
      this.#options.log.log('warn', 'could not tell whether the network is up', { error: String(error) });
      return undefined;
    }
  }
}
