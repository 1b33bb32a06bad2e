/**
 * The message cache (docs/protocol.md#since): insertion order is the row id that `since=<id>` counts from, across
 * all topics; expired messages are pruned and never replayed; delayed messages stay unpublished until due.
 */
import type { Since } from './subscribe-params.ts';
import type { NtfyMessage } from './types.ts';

interface Row {
  readonly rowId: number;
  readonly message: NtfyMessage;
  /** Epoch ms; undefined when the message never expires (cache duration 0 is handled by not storing at all). */
  readonly expiresAtMs: number | undefined;
  /** Epoch ms at which a delayed message is due. */
  readonly dueAtMs: number;
  published: boolean;
}

export interface AddOptions {
  readonly expiresAtMs: number | undefined;
  readonly dueAtMs: number;
  readonly published: boolean;
}

export class MessageStore {
  #rows: Row[] = [];
  #nextRowId = 1;

  add(message: NtfyMessage, options: AddOptions): void {
    this.#rows.push({ rowId: this.#nextRowId++, message, ...options });
  }

  #prune(nowMs: number): void {
    this.#rows = this.#rows.filter((row) => row.expiresAtMs === undefined || row.expiresAtMs > nowMs);
  }

  /** Everything cached, in insertion order (delayed messages included). */
  all(nowMs: number): NtfyMessage[] {
    this.#prune(nowMs);
    return this.#rows.map((row) => row.message);
  }

  /**
   * What ntfy's cache returns for one topic: published messages (and delayed ones too when `scheduled`), `latest`
   * is the newest one, `id` counts rows after that message on any topic, and an unknown id means everything.
   */
  query(topic: string, since: Since, options: { scheduled: boolean; nowMs: number }): NtfyMessage[] {
    this.#prune(options.nowMs);
    const visible = this.#rows.filter((row) => row.message.topic === topic && (row.published || options.scheduled));
    switch (since.kind) {
      case 'none':
        return [];
      case 'all':
        return visible.map((row) => row.message);
      case 'time':
        return visible.filter((row) => row.message.time >= since.unix).map((row) => row.message);
      case 'latest': {
        // Newest by time, then by row id; delayed messages never count (ntfy's query has published = 1).
        const published = visible.filter((row) => row.published);
        const newest = published.reduce<Row | undefined>(
          (best, row) => (best === undefined || row.message.time >= best.message.time ? row : best),
          undefined,
        );
        return newest === undefined ? [] : [newest.message];
      }
      case 'id': {
        const cursor = this.#rows.find((row) => row.message.id === since.id);
        if (cursor === undefined) return visible.map((row) => row.message);
        return visible.filter((row) => row.rowId > cursor.rowId).map((row) => row.message);
      }
    }
  }

  /** Delayed messages that are due, oldest first; mark each published once it has been fanned out. */
  due(nowMs: number): { rowId: number; message: NtfyMessage }[] {
    this.#prune(nowMs);
    return this.#rows.filter((row) => !row.published && row.dueAtMs <= nowMs);
  }

  markPublished(rowId: number): void {
    const row = this.#rows.find((candidate) => candidate.rowId === rowId);
    if (row !== undefined) row.published = true;
  }
}
