/**
 * The delivery step every stream item goes through: dedupe by (server, id) → store → advance the cursor (in the
 * same store transaction) → hand on only what was new. The notifier policy and the UI listen to the result.
 */
import type { BatchItem } from '../engine/catch-up.ts';
import type { HistoryStore } from '../ports.ts';
import type { NtfyMessage, NtfyMessageChange } from '../protocol/types.ts';

/**
 * `live`: arrived while connected; `catch-up`: published while we were away (replay or poll) — shown as a
 * summary; `history`: cached before the subscription existed — stored, never popped up.
 */
export type DeliveryMode = 'live' | 'catch-up' | 'history';

export interface DeliveredBatch {
  readonly groupKey: string;
  readonly server: string;
  readonly mode: DeliveryMode;
  /** New messages only, in arrival order. */
  readonly messages: readonly NtfyMessage[];
  readonly changes: readonly NtfyMessageChange[];
}

export interface DeliverRequest {
  readonly groupKey: string;
  readonly server: string;
  readonly mode: DeliveryMode;
  readonly items: readonly BatchItem[];
  /** False for a poll that raced with newer live deliveries: storing is fine, moving the cursor back is not. */
  readonly advanceCursor: boolean;
  /** Topics whose history this batch completes (recorded with the cursor). */
  readonly loadedTopics?: readonly string[];
}

export type Deliver = (request: DeliverRequest) => Promise<DeliveredBatch>;

export function createDeliver(options: {
  readonly history: HistoryStore;
  readonly onDelivered: (batch: DeliveredBatch) => void;
}): Deliver {
  return async (request) => {
    const messages: NtfyMessage[] = [];
    const changes: NtfyMessageChange[] = [];
    for (const item of request.items) {
      if (item.type === 'message') messages.push(item.message);
      else changes.push(item.change);
    }
    const last = request.items.at(-1);
    const lastId = last === undefined ? undefined : last.type === 'message' ? last.message.id : last.change.id;
    const cursor: { lastId?: string; topics?: readonly string[] } = {};
    if (request.advanceCursor && lastId !== undefined) cursor.lastId = lastId;
    if (request.loadedTopics !== undefined) cursor.topics = request.loadedTopics;
    const result = await options.history.append({
      server: request.server,
      groupKey: request.groupKey,
      messages,
      changes,
      ...(Object.keys(cursor).length > 0 ? { cursor } : {}),
      ...(request.mode === 'history' ? { read: true } : {}),
    });
    const batch: DeliveredBatch = {
      groupKey: request.groupKey,
      server: request.server,
      mode: request.mode,
      messages: result.newMessages,
      changes: result.newChanges,
    };
    if (batch.messages.length > 0 || batch.changes.length > 0) options.onDelivered(batch);
    return batch;
  };
}
