/**
 * Delivery of items and the end for one transport, honouring pause(): a decoder splits a whole chunk at once, so
 * items read before the pause took effect are held here and delivered, in order, on resume. The end waits behind
 * held items, so nothing already read is lost; `closed` (our own close) does not wait.
 */
import type { TransportEnd, TransportHandlers, TransportItem } from './transport.ts';

export class PausedDelivery {
  readonly #handlers: Pick<TransportHandlers, 'onItem' | 'onEnd'>;
  #held: TransportItem[] = [];
  #next = 0;
  #pendingEnd: TransportEnd | undefined;
  #paused = false;
  #ended = false;

  constructor(handlers: Pick<TransportHandlers, 'onItem' | 'onEnd'>) {
    this.#handlers = handlers;
  }

  get paused(): boolean {
    return this.#paused;
  }

  /** True once onEnd was called (or is waiting behind held items): read nothing more. */
  get ending(): boolean {
    return this.#ended || this.#pendingEnd !== undefined;
  }

  push(item: TransportItem): void {
    if (this.ending) return;
    this.#held.push(item);
    this.#flush();
  }

  /** Ends after the held items; `closed` ends at once. Only the first end counts. */
  end(result: TransportEnd): void {
    if (this.#ended) return;
    if (result.kind === 'closed') {
      this.#held = [];
      this.#next = 0;
      this.#ended = true;
      this.#handlers.onEnd(result);
      return;
    }
    this.#pendingEnd ??= result;
    this.#flush();
  }

  pause(): void {
    this.#paused = true;
  }

  /** Delivers what was held; returns false if a handler paused again meanwhile. */
  resume(): boolean {
    this.#paused = false;
    this.#flush();
    return !this.#paused;
  }

  #flush(): void {
    while (!this.#paused && !this.#ended && this.#next < this.#held.length) {
      const item = this.#held[this.#next++];
      if (item !== undefined) this.#handlers.onItem(item);
    }
    if (this.#next >= this.#held.length) {
      this.#held = [];
      this.#next = 0;
    }
    const pendingEnd = this.#pendingEnd;
    if (!this.#paused && !this.#ended && this.#held.length === 0 && pendingEnd !== undefined) {
      this.#ended = true;
      this.#handlers.onEnd(pendingEnd);
    }
  }
}
