/**
 * The delivery step every stream item goes through: dedupe by (server, id) → store → move the resume point (in the
 * same store transaction) → hand on only what was new. The notifier policy and the UI listen to the result.
 *
 * Where the first sink is not the history but an output that must have the message before we may forget it (the
 * CLI's stdout: a message counts as delivered once its write has completed), `sinkBeforeCommit` is awaited between
 * the dedupe and the commit: a crash in between prints the message again after a restart, never loses it.
 */
import type { BatchItem } from '../engine/catch-up.ts';
import type { HistoryStore, ResumeUpdate } from '../ports.ts';
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
  /** The connection group the items came from (for listeners; resume points are per topic, see `resume`). */
  readonly groupKey: string;
  readonly server: string;
  readonly mode: DeliveryMode;
  readonly items: readonly BatchItem[];
  /** Moved in the same transaction as the items are stored; absent: the resume points stay. */
  readonly resume?: ResumeUpdate;
}

export type Deliver = (request: DeliverRequest) => Promise<DeliveredBatch>;

export interface DeliverOptions {
  readonly history: HistoryStore;
  /** After the commit, with what was new (popups, window, tray); must not throw. */
  readonly onDelivered?: (batch: DeliveredBatch) => void;
  /** Before the commit, with what is new; the commit waits for it and does not happen when it rejects. */
  readonly sinkBeforeCommit?: (batch: DeliveredBatch) => Promise<void>;
}

export function createDeliver(options: DeliverOptions): Deliver {
  return async (request) => {
    const messages: NtfyMessage[] = [];
    const changes: NtfyMessageChange[] = [];
    for (const item of request.items) {
      if (item.type === 'message') messages.push(item.message);
      else changes.push(item.change);
    }
    const batchOf = (result: { newMessages: readonly NtfyMessage[]; newChanges: readonly NtfyMessageChange[] }) => ({
      groupKey: request.groupKey,
      server: request.server,
      mode: request.mode,
      messages: result.newMessages,
      changes: result.newChanges,
    });
    const hasNews = (batch: DeliveredBatch): boolean => batch.messages.length > 0 || batch.changes.length > 0;
    let sunk: DeliveredBatch | undefined;
    if (options.sinkBeforeCommit !== undefined) {
      sunk = batchOf(await options.history.unseen({ server: request.server, messages, changes }));
      if (hasNews(sunk)) await options.sinkBeforeCommit(sunk);
    }
    const result = await options.history.append({
      server: request.server,
      messages,
      changes,
      ...(request.resume === undefined ? {} : { resume: request.resume }),
      ...(request.mode === 'history' ? { read: true } : {}),
    });
    // With a sink before the commit, what it got is what was new (another writer may have stored it meanwhile).
    const batch = sunk ?? batchOf(result);
    if (hasNews(batch)) options.onDelivered?.(batch);
    return batch;
  };
}
