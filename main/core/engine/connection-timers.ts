/** Named one-shot timers on the injected clock, so a connection never touches the real timer functions. */
import type { Clock, TimerHandle } from '../ports.ts';

export class NamedTimers<Name extends string> {
  readonly #clock: Clock;
  readonly #timers = new Map<Name, TimerHandle>();

  constructor(clock: Clock) {
    this.#clock = clock;
  }

  /** Runs `callback` once after `delayMs` milliseconds; replaces a timer of the same name that is still pending. */
  set(name: Name, delayMs: number, callback: () => void): void {
    this.clear(name);
    this.#timers.set(
      name,
      this.#clock.setTimeout(() => {
        this.#timers.delete(name);
        callback();
      }, delayMs),
    );
  }

  clear(name: Name): void {
    const timer = this.#timers.get(name);
    if (timer !== undefined) this.#clock.clearTimeout(timer);
    this.#timers.delete(name);
  }

  clearAll(): void {
    for (const name of [...this.#timers.keys()]) this.clear(name);
  }
}
