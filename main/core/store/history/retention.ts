/**
 * Retention: drop what arrived more than `maxAgeDays` ago and what lies beyond the newest
 * `maxPerSubscription` rows of each subscription. Meant to run periodically (the caller schedules it, e.g.
 * hourly and after start-up); after the first run each pass removes only what aged out since the last, and every
 * step walks an index, not the table. Age is counted from when this device stored a row, not from the message's
 * `time`: that is the server's word, and a message dated in the future would never age out.
 *
 * Rows are really deleted here, unlike a user's delete, and dedupe then no longer knows them. The invariant it
 * keeps for resuming (docs/protocol.md#resuming): a row that the next resume of its topic may replay — from its
 * resume point's time less the overlap on — is never deleted, whatever its age or count, so what comes again is
 * dropped by dedupe instead of being shown or printed twice. A replay of older rows (a group resumes from its oldest
 * topic) is dropped by the engine before it reaches dedupe (engine/resume-point.ts `withoutDelivered`). An id-only
 * point (written by an older version) keeps from its message's time, or everything of its topic once that row is
 * gone, since the server then replays all it has.
 */
import type { DatabaseSync } from 'node:sqlite';
import { RESUME_OVERLAP_SECONDS } from '../../protocol/resume-window.ts';
import { inWriteTransaction } from './transaction.ts';
import type { RetentionOptions, RetentionResult } from './types.ts';

/** True for a row of `table` that its topic's next resume may replay (see above); probes resume_points' index. */
function mayBeReplayed(table: 'messages' | 'message_changes'): string {
  return `EXISTS (SELECT 1 FROM resume_points r WHERE r.server = ${table}.server AND r.topic = ${table}.topic
    AND ${table}.time >= coalesce(r.last_time - ${String(RESUME_OVERLAP_SECONDS)},
      (SELECT k.time FROM messages k WHERE k.server = r.server AND k.id = r.last_id), 0))`;
}

const DEFAULT_MAX_AGE_DAYS = 30;
const DEFAULT_MAX_PER_SUBSCRIPTION = 10_000;
const MS_PER_DAY = 86_400_000;

export type ApplyRetention = (options: RetentionOptions) => RetentionResult;

/** The statements, exported so that a test can check that each walks an index (EXPLAIN QUERY PLAN). */
export const RETENTION_SQL = {
  deleteOldMessages: `DELETE FROM messages WHERE received_at < ? AND NOT ${mayBeReplayed('messages')}`,
  deleteOldChanges: `DELETE FROM message_changes WHERE received_at < ? AND NOT ${mayBeReplayed('message_changes')}`,
  // Tombstones and superseded versions count too: they are rows on disk.
  oversized: 'SELECT server, topic FROM messages GROUP BY server, topic HAVING count(*) > ?',
  // The oldest row to keep: OFFSET walks at most `maxPerSubscription` index entries of one subscription.
  oldestKept: `SELECT time, pk FROM messages WHERE server = ? AND topic = ?
    ORDER BY time DESC, pk DESC LIMIT 1 OFFSET ?`,
  deleteBefore: `DELETE FROM messages WHERE server = ?1 AND topic = ?2 AND time <= ?3 AND (time < ?3 OR pk < ?4)
    AND NOT ${mayBeReplayed('messages')}`,
} as const;

export function createRetention(db: DatabaseSync, now: () => number): ApplyRetention {
  const deleteOldMessages = db.prepare(RETENTION_SQL.deleteOldMessages);
  const deleteOldChanges = db.prepare(RETENTION_SQL.deleteOldChanges);
  const oversized = db.prepare(RETENTION_SQL.oversized);
  const oldestKept = db.prepare(RETENTION_SQL.oldestKept);
  const deleteBefore = db.prepare(RETENTION_SQL.deleteBefore);

  return (options) => {
    const maxAgeDays = options.maxAgeDays ?? DEFAULT_MAX_AGE_DAYS;
    const maxPerSubscription = options.maxPerSubscription ?? DEFAULT_MAX_PER_SUBSCRIPTION;
    if (!(maxAgeDays > 0)) throw new RangeError('maxAgeDays must be > 0');
    if (!Number.isSafeInteger(maxPerSubscription) || maxPerSubscription < 1) {
      throw new RangeError('maxPerSubscription must be an integer ≥ 1');
    }
    const cutoffMs = (options.now ?? now()) - maxAgeDays * MS_PER_DAY;
    const result = inWriteTransaction(db, () => {
      const removedByAge = Number(deleteOldMessages.run(cutoffMs).changes);
      deleteOldChanges.run(cutoffMs);
      let removedByCount = 0;
      for (const { server, topic } of oversized.all(maxPerSubscription)) {
        const kept = oldestKept.get(server ?? null, topic ?? null, maxPerSubscription - 1);
        if (kept === undefined) continue;
        const deleted = deleteBefore.run(server ?? null, topic ?? null, kept['time'] ?? null, kept['pk'] ?? null);
        removedByCount += Number(deleted.changes);
      }
      return { removedByAge, removedByCount };
    });
    // Periodic upkeep SQLite recommends for long-lived connections (cheap when nothing needs analyzing).
    db.exec('PRAGMA optimize');
    return result;
  };
}
