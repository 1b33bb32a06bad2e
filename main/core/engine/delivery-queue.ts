/**
 * A connection's items on their way through `deliver`, one batch at a time and in arrival order, with group
 * commit: whatever arrives while a batch is being stored goes into the next batch together (one transaction for
 * a burst instead of one per message). It also tells the connection to stop reading (backpressure) while more
 * than `highWaterItems` wait, and to read again once no more than `lowWaterItems` do: a consumer that stops
 * reading (the CLI's stdout) must slow the socket, not grow our memory.
 */
import type { Deliver, DeliveryMode } from '../delivery/deliver.ts';
import type { ResumeTarget, ResumeUpdate } from '../ports.ts';
import type { BatchItem } from './catch-up.ts';
import { resumeAfter } from './resume-point.ts';

export interface QueueEntry {
  readonly mode: DeliveryMode;
  readonly items: readonly BatchItem[];
  /** Move these topics' resume points past the items; absent: store only (a poll that raced with live items). */
  readonly advance?: readonly ResumeTarget[];
  /** A resume point written on its own (the first connect's time); never merged with other entries. */
  readonly resume?: ResumeUpdate;
}

export interface DeliveryQueueOptions {
  readonly deliver: Deliver;
  readonly groupKey: string;
  readonly server: string;
  /**
   * A batch could not be delivered (nothing of it was committed). What was waiting behind it is dropped too: the
   * resume point did not move past any of it, so the reconnect that follows fetches it all again.
   */
  readonly onError: (error: unknown, entry: QueueEntry) => void;
  /** true: stop reading; false: read again. */
  readonly onPressure: (tooFull: boolean) => void;
  readonly highWaterItems?: number;
  readonly lowWaterItems?: number;
  /** Cap of one batch, so one transaction stays short. */
  readonly maxBatchItems?: number;
}

export class DeliveryQueue {
  readonly #options: DeliveryQueueOptions;
  readonly #pending: QueueEntry[] = [];
  #pendingItems = 0;
  #tooFull = false;
  #running: Promise<void> | undefined;
  /** Counts entries ever pushed: a poll compares it to tell whether live items came in meanwhile. */
  #pushed = 0;

  constructor(options: DeliveryQueueOptions) {
    this.#options = options;
  }

  get pushed(): number {
    return this.#pushed;
  }

  push(entry: QueueEntry): void {
    this.#pushed++;
    this.#pending.push(entry);
    this.#pendingItems += entry.items.length;
    if (!this.#tooFull && this.#pendingItems > (this.#options.highWaterItems ?? 5000)) {
      this.#tooFull = true;
      this.#options.onPressure(true);
    }
    this.#kick();
  }

  #kick(): void {
    if (this.#running !== undefined) return;
    this.#running = this.#drain().finally(() => {
      this.#running = undefined;
      // Pushed between the loop's last look and this callback: start again.
      if (this.#pending.length > 0) this.#kick();
    });
  }

  /** Resolves once everything pushed so far has been delivered or has failed. */
  async drained(): Promise<void> {
    while (this.#running !== undefined) await this.#running;
  }

  async #drain(): Promise<void> {
    for (let entry = this.#takeBatch(); entry !== undefined; entry = this.#takeBatch()) {
      try {
        const resume =
          entry.resume ?? (entry.advance === undefined ? undefined : resumeAfter(entry.items, entry.advance));
        await this.#options.deliver({
          groupKey: this.#options.groupKey,
          server: this.#options.server,
          mode: entry.mode,
          items: entry.items,
          ...(resume === undefined ? {} : { resume }),
        });
      } catch (error) {
        this.#pendingItems -= this.#pending.reduce((sum, dropped) => sum + dropped.items.length, 0);
        this.#pending.length = 0;
        this.#options.onError(error, entry);
      } finally {
        this.#pendingItems -= entry.items.length;
        if (this.#tooFull && this.#pendingItems <= (this.#options.lowWaterItems ?? 1000)) {
          this.#tooFull = false;
          this.#options.onPressure(false);
        }
      }
    }
  }

  /** The first pending entry merged with the ones after it that are delivered the same way. */
  #takeBatch(): QueueEntry | undefined {
    const first = this.#pending.shift();
    if (first === undefined || first.resume !== undefined) return first;
    const max = this.#options.maxBatchItems ?? 10_000;
    const items = [...first.items];
    let advance = first.advance;
    for (let next = this.#pending[0]; next !== undefined; next = this.#pending[0]) {
      const sameKind = next.mode === first.mode && next.resume === undefined;
      const sameResume = (next.advance === undefined) === (first.advance === undefined);
      if (!sameKind || !sameResume || items.length + next.items.length > max) break;
      this.#pending.shift();
      items.push(...next.items);
      advance = next.advance ?? advance;
    }
    return { mode: first.mode, items, ...(advance === undefined ? {} : { advance }) };
  }
}
