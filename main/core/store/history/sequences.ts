/**
 * Sequence ids (newer servers, docs/protocol.md#message-json): an update is a new message that reuses the
 * `sequence_id` of the one it replaces, and `message_delete` / `message_clear` target a sequence id. A message
 * without a sequence id is addressed by its own id, so its sequence key is `sequence_id ?? id`.
 *
 * Kept simple and order-independent, because delivery is neither ordered nor exactly-once:
 * - Of the messages that share (server, topic, sequence key), only the newest by (time, rowid) shows in queries;
 *   the others are flagged `superseded` (kept, so that a replay of them is still recognized as a duplicate).
 * - A delete hides every message of its sequence with time ≤ its own, a clear marks them read. Both are stored,
 *   so a message that arrives after them but is strictly older (time <) gets the same treatment on insert. Ties
 *   of the one-second `time` favour showing: an update published in the same second as a delete stays visible.
 */
import type { DatabaseSync } from 'node:sqlite';
import type { NtfyMessageChange } from '../../protocol/types.ts';

/** What a deleted message keeps: enough to recognize a replay of it (server, id, topic, time, sequence). */
export const TOMBSTONE_SET = `deleted = 1, title = NULL, message = '', tags = '[]', click = NULL, icon = NULL,
  actions = '[]', attachment = NULL, content_type = NULL, encoding = NULL, raw = '{}'`;

interface GroupRow {
  readonly pk: number;
  readonly time: number;
  readonly superseded: number;
}

/** A message that was just stored. */
interface NewRow {
  readonly pk: number;
  readonly server: string;
  readonly topic: string;
  readonly sequenceKey: string;
  readonly time: number;
}

interface SequenceOps {
  /** Re-decides which message of the row's sequence shows, now that the row joined it. */
  settleSequence(row: NewRow): void;
  /** Applies stored changes that are newer than the row (they arrived before it). */
  applyStoredChanges(row: NewRow): void;
  /** Applies a change that just arrived to the messages already stored. */
  applyChange(server: string, change: NtfyMessageChange): void;
}

export function createSequenceOps(db: DatabaseSync): SequenceOps {
  // Two index lookups: updates carry sequence_id (partial index), the original may only have its id (unique).
  const selectGroup = db.prepare(`
    SELECT pk, time, superseded FROM messages INDEXED BY messages_sequence
      WHERE server = ?1 AND topic = ?2 AND sequence_id = ?3
    UNION ALL
    SELECT pk, time, superseded FROM messages
      WHERE server = ?1 AND id = ?3 AND topic = ?2 AND sequence_id IS NULL`);
  const setSuperseded = db.prepare('UPDATE messages SET superseded = ? WHERE pk = ?');
  const selectNewerChanges = db.prepare(`
    SELECT kind FROM message_changes
      WHERE server = ? AND topic = ? AND sequence_id = ? AND time > ?`);
  const tombstone = db.prepare(`UPDATE messages SET ${TOMBSTONE_SET} WHERE pk = ? AND deleted = 0`);
  const markRead = db.prepare('UPDATE messages SET read = 1 WHERE pk = ? AND read = 0');

  const group = (server: string, topic: string, sequenceKey: string): GroupRow[] =>
    selectGroup.all(server, topic, sequenceKey) as unknown as GroupRow[];

  const apply = (kind: NtfyMessageChange['kind'], pk: number): void => {
    if (kind === 'message_delete') tombstone.run(pk);
    else markRead.run(pk);
  };

  return {
    settleSequence({ server, topic, sequenceKey }) {
      const rows = group(server, topic, sequenceKey);
      if (rows.length < 2) return;
      let newest = rows[0] as GroupRow;
      for (const row of rows) {
        if (row.time > newest.time || (row.time === newest.time && row.pk > newest.pk)) newest = row;
      }
      for (const row of rows) {
        const superseded = row === newest ? 0 : 1;
        if (row.superseded !== superseded) setSuperseded.run(superseded, row.pk);
      }
    },
    applyStoredChanges({ pk, server, topic, sequenceKey, time }) {
      for (const row of selectNewerChanges.all(server, topic, sequenceKey, time)) {
        apply(row['kind'] === 'message_delete' ? 'message_delete' : 'message_clear', pk);
      }
    },
    applyChange(server, change) {
      for (const row of group(server, change.topic, change.sequenceId)) {
        if (row.time <= change.time) apply(change.kind, row.pk);
      }
    },
  };
}
