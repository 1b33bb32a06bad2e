/**
 * A connection's items on their way through `deliver`, one batch at a time and in arrival order, with group
 * commit: whatever arrives while a batch is being stored goes into the next batch together (one transaction for
 * a burst instead of one per message). It also tells the connection to stop reading (backpressure) while too much
 * waits — by count or by size, whichever is reached first, since ntfy messages run from a few bytes to 4 KB plus
 * attachment details — and to read again once the queue is down to a quarter: a consumer that stops reading (the
 * CLI's stdout) must slow the socket, not grow our memory.
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

interface DeliveryQueueOptions {
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
  /** Default 5,000 items or 2 MiB (estimated, see itemBytes) waiting; reading resumes at a quarter of each. */
  readonly highWaterItems?: number;
  readonly highWaterBytes?: number;
  /** Caps of one batch, so one transaction stays short and one write to the sink stays small. */
  readonly maxBatchItems?: number;
  readonly maxBatchBytes?: number;
}

/**
 * What an item costs while it waits, roughly: its text twice (UTF-16 in memory, then the printed line) and the
 * parsed object around it. An estimate is enough for a memory bound; exact JSON sizes would cost a stringify.
 */
function itemBytes(item: BatchItem): number {
  const OVERHEAD = 512;
  if (item.type === 'change') return OVERHEAD;
  const { message } = item;
  return OVERHEAD + 2 * (message.message.length + (message.title?.length ?? 0));
}

function entryBytes(entry: QueueEntry): number {
  let total = 0;
  for (const item of entry.items) total += itemBytes(item);
  return total;
}

/** An entry with its estimated size, computed once when it is pushed. */
interface Sized {
  readonly entry: QueueEntry;
  readonly bytes: number;
}

export class DeliveryQueue {
  readonly #options: DeliveryQueueOptions;
  readonly #pending: Sized[] = [];
  /** Items and estimated bytes pushed and not yet delivered (waiting or in the batch being delivered). */
  #pendingItems = 0;
  #pendingBytes = 0;
  #tooFull = false;
  #running: Promise<void> | undefined;

  constructor(options: DeliveryQueueOptions) {
    this.#options = options;
  }

  push(entry: QueueEntry): void {
    const sized = { entry, bytes: entryBytes(entry) };
    this.#pending.push(sized);
    this.#count(entry.items.length, sized.bytes);
    this.#kick();
  }

  /** Adds (or, negative, removes) waiting items and bytes, and tells the connection when to stop or read again. */
  #count(items: number, bytes: number): void {
    this.#pendingItems += items;
    this.#pendingBytes += bytes;
    const highItems = this.#options.highWaterItems ?? 5000;
    const highBytes = this.#options.highWaterBytes ?? 2 * 1024 * 1024;
    if (!this.#tooFull && (this.#pendingItems > highItems || this.#pendingBytes > highBytes)) {
      this.#tooFull = true;
      this.#options.onPressure(true);
    } else if (this.#tooFull && this.#pendingItems <= highItems / 4 && this.#pendingBytes <= highBytes / 4) {
      this.#tooFull = false;
      this.#options.onPressure(false);
    }
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
    for (let batch = this.#takeBatch(); batch !== undefined; batch = this.#takeBatch()) {
      const { entry } = batch;
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
        for (const dropped of this.#pending.splice(0)) this.#count(-dropped.entry.items.length, -dropped.bytes);
        this.#options.onError(error, entry);
      } finally {
        this.#count(-entry.items.length, -batch.bytes);
      }
    }
  }

  /** The first pending entry merged with the ones after it that are delivered the same way. */
  #takeBatch(): Sized | undefined {
    const first = this.#pending[0];
    if (first === undefined || first.entry.resume !== undefined) return this.#pending.shift();
    const maxItems = this.#options.maxBatchItems ?? 10_000;
    const maxBytes = this.#options.maxBatchBytes ?? 1024 * 1024;
    let count = 1;
    let items = first.entry.items.length;
    let bytes = first.bytes;
    for (let next = this.#pending[count]; next !== undefined; next = this.#pending[count]) {
      const sameKind = next.entry.mode === first.entry.mode && next.entry.resume === undefined;
      const sameResume = (next.entry.advance === undefined) === (first.entry.advance === undefined);
      const fits = items + next.entry.items.length <= maxItems && bytes + next.bytes <= maxBytes;
      if (!sameKind || !sameResume || !fits) break;
      items += next.entry.items.length;
      bytes += next.bytes;
      count++;
    }
    const taken = this.#pending.splice(0, count);
    if (count === 1) return first;
    // The last entry's targets: the topics the connection carried when the newest item was read.
    const advance = taken.reduce<QueueEntry['advance']>((latest, sized) => sized.entry.advance ?? latest, undefined);
    const entry: QueueEntry = {
      mode: first.entry.mode,
      items: taken.flatMap((sized) => sized.entry.items),
      ...(advance === undefined ? {} : { advance }),
    };
    return { entry, bytes };
  }
}
