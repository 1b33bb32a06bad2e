/**
 * `HistoryStore.append` on SQLite: one call is one transaction holding the new messages, the change events, their
 * effects, and the resume points they move — so a resume point never points past what is stored, even after a crash.
 *
 * Several subscribers may share the file (the app and command-line runs, store/subscriber.ts): a message is stored
 * once, and what is new is decided per subscriber by its deliveries, so each of them gets every message once.
 *
 * The hot path is two statements per message (the row, its search entry). The sequence bookkeeping
 * (sequences.ts) only runs when the server uses sequence ids or change events at all, which is decided once per
 * append from the database itself, so it stays right when another process writes the same file.
 */
import type { DatabaseSync } from 'node:sqlite';
import type { AppendRequest, AppendResult, ResumeUpdate } from '../../ports.ts';
import type { NtfyMessage, NtfyMessageChange } from '../../protocol/types.ts';
import { INSERT_COLUMNS, messageInsertValues, storedPoint, TAGS_VALUE_INDEX } from './rows.ts';
import { createSequenceOps } from './sequences.ts';
import { boundForStorage, storedChangeRawJson } from './stored-bounds.ts';
import { inWriteTransaction } from './transaction.ts';
import { movedResumePoint } from '../../protocol/resume-window.ts';
import type { Subscriber } from '../subscriber.ts';

export type Append = (request: AppendRequest) => AppendResult;

interface AppendOptions {
  readonly db: DatabaseSync;
  readonly now: () => number;
  /** Whose deliveries and resume points these are (store/subscriber.ts). */
  readonly subscriber: Subscriber;
}

export function createAppend(options: AppendOptions): Append {
  const { db, now, subscriber } = options;
  // ON CONFLICT (server, id) rather than INSERT OR IGNORE: only a duplicate is skipped, any other constraint
  // violation still fails loudly instead of being reported as "already stored".
  const insertMessage = db.prepare(
    `INSERT INTO messages (${INSERT_COLUMNS.join(', ')}) VALUES (${INSERT_COLUMNS.map(() => '?').join(', ')})
     ON CONFLICT (server, id) DO NOTHING`,
  );
  // Not a trigger: see the note on the search index in migrations.ts.
  const indexForSearch = db.prepare('INSERT INTO messages_search (rowid, title, message, tags) VALUES (?, ?, ?, ?)');
  const insertChange = db.prepare(`
    INSERT INTO message_changes (server, id, kind, topic, sequence_id, time, raw, received_at)
      VALUES (?, ?, ?, ?, ?, ?, ?, ?)
      ON CONFLICT (server, id) DO NOTHING`);
  const selectResume = db.prepare('SELECT last_id, last_time FROM resume_points WHERE resume_key = ?');
  // start_time is written once, with the point (the first connect's time of a topic that started from then).
  const upsertResume = db.prepare(`
    INSERT INTO resume_points (resume_key, server, topic, last_id, last_time, updated_at, start_time)
      VALUES (?, ?, ?, ?, ?, ?, ?)
      ON CONFLICT (resume_key) DO UPDATE SET
        last_id = excluded.last_id, last_time = excluded.last_time, updated_at = excluded.updated_at`);
  // Both answered from small partial or dedicated indexes.
  const serverUsesSequences = db.prepare(
    'SELECT EXISTS (SELECT 1 FROM messages WHERE server = ? AND sequence_id IS NOT NULL) AS found',
  );
  const serverHasChanges = db.prepare('SELECT EXISTS (SELECT 1 FROM message_changes WHERE server = ?) AS found');
  const sequences = createSequenceOps(db);
  const markRead = db.prepare('UPDATE messages SET read = 1 WHERE pk = ?');
  const insertDelivery = db.prepare(
    'INSERT INTO deliveries (server, id, subscriber) VALUES (?, ?, ?) ON CONFLICT DO NOTHING',
  );
  /** True when `id` is new to this subscriber (whoever stored it). */
  const delivered = (server: string, id: string): boolean => insertDelivery.run(server, id, subscriber.id).changes > 0;

  function appendMessages(
    server: string,
    messages: readonly NtfyMessage[],
    receivedAt: number,
    read: boolean,
  ): NtfyMessage[] {
    let sequencesInUse = serverUsesSequences.get(server)?.['found'] === 1;
    const changesStored = serverHasChanges.get(server)?.['found'] === 1;
    const added: NtfyMessage[] = [];
    for (const received of messages) {
      const message = boundForStorage(received);
      const values = messageInsertValues(server, message, receivedAt);
      const result = insertMessage.run(...values);
      if (delivered(server, message.id)) added.push(message);
      if (result.changes === 0) continue; // stored before, by this subscriber or another
      const pk = Number(result.lastInsertRowid);
      if (read) markRead.run(pk);
      indexForSearch.run(pk, message.title ?? null, message.message, values[TAGS_VALUE_INDEX] ?? '[]');
      if (message.sequenceId !== undefined) sequencesInUse = true;
      if (!sequencesInUse && !changesStored) continue;
      const row = {
        pk,
        server,
        topic: message.topic,
        sequenceKey: message.sequenceId ?? message.id,
        time: message.time,
      };
      // Without any sequence id on this server, no other message can share this one's sequence.
      if (sequencesInUse) sequences.settleSequence(row);
      if (changesStored) sequences.applyStoredChanges(row);
    }
    return added;
  }

  function appendChanges(server: string, changes: readonly NtfyMessageChange[], receivedAt: number) {
    const added: NtfyMessageChange[] = [];
    for (const change of changes) {
      const { id, kind, topic, sequenceId, time } = change;
      const result = insertChange.run(
        server,
        id,
        kind,
        topic,
        sequenceId,
        time,
        storedChangeRawJson(change),
        receivedAt,
      );
      if (delivered(server, id)) added.push(change);
      if (result.changes > 0) sequences.applyChange(server, change);
    }
    return added;
  }

  /** Each target's point as movedResumePoint (one rule for every store) makes it from the stored one. */
  function moveResumePoints(server: string, resume: ResumeUpdate, updatedAt: number): void {
    for (const target of resume.targets) {
      const key = subscriber.resumeKey(target.key);
      const row = selectResume.get(key);
      const next = movedResumePoint(
        row === undefined ? undefined : storedPoint(row['last_id'], row['last_time']),
        resume,
      );
      if (next === undefined) continue;
      const startTime = row === undefined && resume.onlyIfMissing === true ? (next.lastTime ?? null) : null;
      upsertResume.run(key, server, target.topic, next.lastId ?? null, next.lastTime ?? null, updatedAt, startTime);
    }
  }

  return (request) => {
    if (request.messages.length === 0 && request.changes.length === 0 && request.resume === undefined) {
      return { newMessages: [], newChanges: [] };
    }
    return inWriteTransaction(db, () => {
      const receivedAt = now();
      const newMessages = appendMessages(request.server, request.messages, receivedAt, request.read === true);
      const newChanges = appendChanges(request.server, request.changes, receivedAt);
      if (request.resume !== undefined) moveResumePoints(request.server, request.resume, receivedAt);
      return { newMessages, newChanges };
    });
  };
}
