/**
 * Tells replayed messages from live ones and gathers the replay into batches, so that fifty messages caught up
 * after sleep become one summary instead of fifty popups.
 *
 * After connecting, the server sends `open` (carrying its time), then what was stored since our cursor, then live
 * messages (docs/protocol.md#open-and-keepalive-events). A message older than the `open` second is a replay; a message
 * that arrives before `open` is treated as one too. Replayed items are collected until the stream has been quiet for
 * `quietMs`, then handed on as one batch; a live item first flushes what is pending, so order is kept.
 */
import type { Clock, TimerHandle } from '../ports.ts';
import type { NtfyMessage, NtfyMessageChange } from '../protocol/types.ts';

export type BatchItem =
  | { readonly type: 'message'; readonly message: NtfyMessage }
  | { readonly type: 'change'; readonly change: NtfyMessageChange };

interface CatchUpCollectorOptions {
  readonly clock: Clock;
  readonly quietMs: number;
  readonly onBatch: (items: readonly BatchItem[], kind: 'replay' | 'live') => void;
  /**
   * Once per stream, right after the replay (possibly empty) has been handed on: what follows is live. Not when the
   * stream ends first (`end()`): then it is unknown whether the replay was read in full.
   */
  readonly onReplayDone?: () => void;
}

export function itemId(item: BatchItem): string {
  return item.type === 'message' ? item.message.id : item.change.id;
}

export function itemTime(item: BatchItem): number {
  return item.type === 'message' ? item.message.time : item.change.time;
}

export class CatchUpCollector {
  readonly #options: CatchUpCollectorOptions;
  #openTime: number | undefined;
  #pending: BatchItem[] = [];
  #timer: TimerHandle | undefined;
  #replayDone = false;

  constructor(options: CatchUpCollectorOptions) {
    this.#options = options;
  }

  /** The server's `open` event (its time in Unix seconds). */
  opened(serverTime: number | undefined): void {
    this.#openTime = serverTime;
    this.#armQuietTimer(); // an empty replay also ends, after the same quiet time
  }

  add(item: BatchItem): void {
    const isReplay = this.#openTime === undefined || itemTime(item) < this.#openTime;
    if (isReplay) {
      this.#pending.push(item);
      this.#armQuietTimer();
      return;
    }
    this.flush();
    this.#options.onBatch([item], 'live');
  }

  /** The replay is over (a quiet stream, a live item): hands on what is pending. */
  flush(): void {
    this.#handOnPending();
    if (this.#openTime !== undefined && !this.#replayDone) {
      this.#replayDone = true;
      this.#options.onReplayDone?.();
    }
  }

  /**
   * The stream ended or was dropped: hands on what is pending, but the replay is not over. It may have been cut
   * short, and taking it as read would make the open time the start of topics whose cached history never came.
   */
  end(): void {
    this.#handOnPending();
  }

  #handOnPending(): void {
    if (this.#timer !== undefined) this.#options.clock.clearTimeout(this.#timer);
    this.#timer = undefined;
    if (this.#pending.length > 0) {
      const items = this.#pending;
      this.#pending = [];
      this.#options.onBatch(items, 'replay');
    }
  }

  #armQuietTimer(): void {
    if (this.#timer !== undefined) this.#options.clock.clearTimeout(this.#timer);
    this.#timer = this.#options.clock.setTimeout(() => {
      this.#timer = undefined;
      this.flush();
    }, this.#options.quietMs);
  }
}
