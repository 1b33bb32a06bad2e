/**
 * Live streams and fan-out. A stream subscribed to `a,a` is registered once per listed topic, so it receives each
 * message on `a` twice — the real server accepts duplicate topics and does exactly that (docs/protocol.md#endpoints).
 */
import type { InjectOptions, NtfyMessage, SubscriberInfo } from './types.ts';

export interface LiveStream {
  readonly info: SubscriberInfo;
  /** Writes one event if it passes the stream's filters; nothing while stalled. */
  deliver(message: NtfyMessage): void;
  /** Writes bytes as they are; false if nothing was written (stalled or closed). */
  inject(data: string | Buffer, options: InjectOptions): boolean;
  /** Ends the connection abruptly from the server side. */
  drop(): void;
  setStalled(stalled: boolean): void;
}

export class Hub {
  readonly #streams = new Set<LiveStream>();

  add(stream: LiveStream): void {
    this.#streams.add(stream);
  }

  remove(stream: LiveStream): void {
    this.#streams.delete(stream);
  }

  list(): LiveStream[] {
    return [...this.#streams];
  }

  fanOut(message: NtfyMessage): void {
    for (const stream of this.list()) {
      for (const topic of stream.info.topics) {
        if (topic === message.topic) stream.deliver(message);
      }
    }
  }
}
