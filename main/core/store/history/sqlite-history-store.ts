/**
 * The message history in one SQLite file (`<dataDir>/history.sqlite`): the engine's HistoryStore (dedupe by
 * (server, id) per subscriber, resume points in the same transaction as the messages) plus the queries of the
 * window, tray and CLI. One store object is one subscriber's view (store/subscriber.ts); the messages are shared.
 *
 * node:sqlite is synchronous, so every method runs to completion on the caller's thread; the benchmark
 * (bench/store.ts) gives the costs. The port's methods return promises because the port is asynchronous; the
 * query methods return plain values.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { DatabaseSync, StatementSync } from 'node:sqlite';
import type { AppendRequest, AppendResult, AppHistoryStore, Clock, ResumePoint } from '../../ports.ts';
import { storedPoint } from './rows.ts';
import { APP_SUBSCRIBER, type Subscriber } from '../subscriber.ts';
import { type Append, createAppend } from './append.ts';
import { createEdits, type HistoryEdits } from './edits.ts';
import { openHistoryDatabase } from './open-database.ts';
import { createQueries, type HistoryQueries, StatementCache } from './queries.ts';
import { type ApplyRetention, createRetention } from './retention.ts';
import { createSearch, type Search } from './search.ts';
import type {
  ListMessagesOptions,
  MessagePage,
  MessageRef,
  RetentionOptions,
  RetentionResult,
  SearchHit,
  SearchOptions,
  StoredMessage,
  SubscriptionRef,
  UnreadCount,
} from './types.ts';

export const HISTORY_FILE_NAME = 'history.sqlite';

export interface OpenSqliteHistoryOptions {
  /** Created if missing; the database is `<dataDir>/history.sqlite`. */
  readonly dataDir: string;
  /** For `receivedAt` and retention; the system clock when absent. */
  readonly clock?: Pick<Clock, 'now'>;
  /** See OpenHistoryDatabaseOptions. */
  readonly busyTimeoutMs?: number;
  /**
   * For readers (`ntfy-tray history`): nothing is created or written, so a read-only data dir works; a missing
   * history is HistoryNotFoundError instead of a new empty file. Writing methods throw.
   */
  readonly readOnly?: boolean;
  /** Whose deliveries and resume points append, unseen and getResumePoints use; the app when absent. */
  readonly subscriber?: Subscriber;
}

export class SqliteHistoryStore implements AppHistoryStore {
  readonly path: string;
  readonly #db: DatabaseSync;
  readonly #append: Append;
  readonly #subscriber: Subscriber;
  readonly #selectResume: StatementSync;
  readonly #selectDelivered: StatementSync;
  readonly #queries: HistoryQueries;
  readonly #search: Search;
  readonly #edits: HistoryEdits;
  readonly #retention: ApplyRetention;

  private constructor(path: string, db: DatabaseSync, now: () => number, subscriber: Subscriber) {
    this.path = path;
    this.#db = db;
    this.#subscriber = subscriber;
    this.#append = createAppend({ db, now, subscriber });
    // A resume point without its own time (migrated from a version-2 cursor) takes its message's time, so that a
    // connection whose topics stand at different ids can still resume them together by time.
    this.#selectResume = db.prepare(`
      SELECT r.last_id AS last_id,
             coalesce(r.last_time, (SELECT m.time FROM messages m WHERE m.server = r.server AND m.id = r.last_id)) AS last_time,
             r.start_time AS start_time
        FROM resume_points r WHERE r.resume_key = ?`);
    this.#selectDelivered = db.prepare(
      'SELECT 1 AS found FROM deliveries WHERE server = ? AND id = ? AND subscriber = ?',
    );
    const statements = new StatementCache(db);
    this.#queries = createQueries(db, statements);
    this.#search = createSearch(statements);
    this.#edits = createEdits(db);
    this.#retention = createRetention(db, now);
  }

  /**
   * Opens or creates the history, migrating an older schema. Throws HistorySchemaTooNewError when a newer
   * ntfy-tray wrote the file (which is then left untouched) and HistoryOpenError when it is not a usable database;
   * with `readOnly`, HistoryNotFoundError when there is no history to read.
   */
  static async open(options: OpenSqliteHistoryOptions): Promise<SqliteHistoryStore> {
    const path = join(options.dataDir, HISTORY_FILE_NAME);
    const readOnly = options.readOnly === true;
    if (!readOnly) {
      await mkdir(options.dataDir, { recursive: true, mode: 0o700 });
      // Messages can be private: a new file is readable by its owner only (SQLite gives the -wal and -shm files the
      // same mode). Appending nothing leaves an existing file as it is.
      await writeFile(path, '', { flag: 'a', mode: 0o600 });
    }
    const db = openHistoryDatabase({
      path,
      readOnly,
      ...(options.busyTimeoutMs === undefined ? {} : { busyTimeoutMs: options.busyTimeoutMs }),
    });
    const clock = options.clock ?? { now: () => Date.now() };
    return new SqliteHistoryStore(path, db, () => clock.now(), options.subscriber ?? APP_SUBSCRIBER);
  }

  /** One transaction: new messages, change events and their effects, and the cursor. Duplicates are skipped. */
  append(request: AppendRequest): Promise<AppendResult> {
    return settle(() => this.#append(request));
  }

  /** What append would find new for this subscriber, without storing anything. */
  unseen(request: Pick<AppendRequest, 'server' | 'messages' | 'changes'>): Promise<AppendResult> {
    return settle(() => {
      const seen = new Set<string>();
      const isNew = (id: string): boolean => {
        if (seen.has(id)) return false;
        seen.add(id);
        return this.#selectDelivered.get(request.server, id, this.#subscriber.id) === undefined;
      };
      return {
        newMessages: request.messages.filter((message) => isNew(message.id)),
        newChanges: request.changes.filter((change) => isNew(change.id)),
      };
    });
  }

  getResumePoints(keys: readonly string[]): Promise<ReadonlyMap<string, ResumePoint>> {
    return settle(() => {
      const points = new Map<string, ResumePoint>();
      for (const key of keys) {
        const row = this.#selectResume.get(this.#subscriber.resumeKey(key));
        if (row === undefined) continue;
        points.set(key, storedPoint(row['last_id'], row['last_time'], row['start_time']));
      }
      return points;
    });
  }

  /** Newest first; pass the previous page's `next` as `before` for the following page. */
  listMessages(options: ListMessagesOptions = {}): MessagePage {
    return this.#queries.listMessages(options);
  }

  getMessage(ref: MessageRef): StoredMessage | undefined {
    return this.#queries.getMessage(ref);
  }

  /** Per subscription with at least one unread message. */
  unreadCounts(): UnreadCount[] {
    return this.#queries.unreadCounts();
  }

  /** Best matches first; no results for a search with no words in it. */
  search(options: SearchOptions): SearchHit[] {
    return this.#search(options);
  }

  setRead(options: MessageRef & { readonly read: boolean }): boolean {
    return this.#edits.setRead(options);
  }

  setSubscriptionRead(options: SubscriptionRef & { readonly read: boolean }): number {
    return this.#edits.setSubscriptionRead(options);
  }

  deleteMessage(ref: MessageRef): boolean {
    return this.#edits.deleteMessage(ref);
  }

  deleteSubscriptionMessages(subscription: SubscriptionRef): number {
    return this.#edits.deleteSubscriptionMessages(subscription);
  }

  applyRetention(options: RetentionOptions = {}): RetentionResult {
    return this.#retention(options);
  }

  /** The attachment URLs stored messages hold: what the attachment cache keeps after deletes and retention. */
  attachmentUrls(): ReadonlySet<string> {
    const rows = this.#db
      .prepare(
        `SELECT DISTINCT json_extract(attachment, '$.url') AS url FROM messages
         WHERE attachment IS NOT NULL AND json_valid(attachment)`,
      )
      .all();
    return new Set(rows.map((row) => row['url']).filter((url) => typeof url === 'string'));
  }

  /** Closes the file; other calls throw afterwards, close() again does nothing. */
  close(): Promise<void> {
    return settle(() => {
      if (!this.#db.isOpen) return;
      try {
        // Upkeep SQLite recommends before closing a long-lived connection; the file closes even if it fails.
        this.#db.exec('PRAGMA optimize');
      } finally {
        this.#db.close();
      }
    });
  }
}

/** A synchronous result as a promise: a throw becomes a rejection, as callers of an async port expect. */
function settle<T>(work: () => T): Promise<T> {
  try {
    return Promise.resolve(work());
  } catch (error) {
    return Promise.reject(error instanceof Error ? error : new Error(String(error)));
  }
}
