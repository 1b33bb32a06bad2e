/**
 * The history schema as a list of forward steps; `PRAGMA user_version` records the last one applied. A step,
 * once released, never changes: a new need is a new step at the end. Each step runs in its own transaction
 * together with the version bump, so a crash mid-migration leaves the previous version intact.
 */
import type { DatabaseSync } from 'node:sqlite';
import { isNtfyMessageId } from '../../protocol/resume-key.ts';
import { resumePointsOfLegacyCursor } from './legacy-cursors.ts';
import { t } from '../../../../common/i18n/translate.ts';

interface Migration {
  readonly version: number;
  readonly description: string;
  /** SQL, or code where a step must compute values SQL cannot (hashes); both run inside the step's transaction. */
  readonly sql: string | ((db: DatabaseSync) => void);
}

/** Version 3: per-topic resume points replace the per-group cursors (which held topics-less, shared keys). */
function perTopicResumePoints(db: DatabaseSync): void {
  db.exec(`
    CREATE TABLE resume_points (
      resume_key TEXT PRIMARY KEY,
      server TEXT NOT NULL,
      topic TEXT NOT NULL,
      last_id TEXT,
      last_time INTEGER,
      updated_at INTEGER NOT NULL
    ) WITHOUT ROWID;
  `);
  const insert = db.prepare(`
    INSERT INTO resume_points (resume_key, server, topic, last_id, last_time, updated_at) VALUES (?, ?, ?, ?, NULL, ?)
      ON CONFLICT (resume_key) DO NOTHING`);
  for (const row of db.prepare('SELECT group_key, last_id, topics, updated_at FROM cursors').all()) {
    let topics: unknown;
    try {
      topics = JSON.parse(String(row['topics']));
    } catch {
      continue; // a damaged row: that topic starts afresh, as a new subscription would
    }
    if (!Array.isArray(topics)) continue;
    const lastId = typeof row['last_id'] === 'string' && isNtfyMessageId(row['last_id']) ? row['last_id'] : null;
    const points = resumePointsOfLegacyCursor(String(row['group_key']), {
      lastId,
      topics: topics.filter((topic): topic is string => typeof topic === 'string'),
    });
    for (const point of points)
      insert.run(point.key, point.server, point.topic, point.lastId ?? null, Number(row['updated_at'] ?? 0));
  }
  // The old keys could hold what a user typed as a name (`alice:secret`): nothing of them is kept.
  db.exec('DROP TABLE cursors');
}

/**
 * The search index is an external-content FTS5 table over `messages` itself (no second copy of the text). `tags`
 * is indexed as its JSON text: the tokenizer splits on the brackets, quotes and commas, so the words are the
 * tags'. A base64 body is indexed as it is: a few long meaningless tokens, which no one searches for.
 *
 * Deletes and content updates keep the index in step through triggers. Inserts do not: append.ts indexes each new
 * row itself, in the same transaction. A trigger would make every INSERT a statement with a savepoint, and FTS5
 * flushes its pending index data at each savepoint — one tiny segment per message, ten times slower to write and
 * far slower to search. Whatever inserts into `messages` must therefore also insert into `messages_search`.
 */
const searchColumns = 'title, message, tags';
const searchValues = (row: string): string => `${row}.pk, ${row}.title, ${row}.message, ${row}.tags`;

const MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    description: 'messages, change events, cursors',
    sql: `
      CREATE TABLE messages (
        pk INTEGER PRIMARY KEY,
        server TEXT NOT NULL,
        topic TEXT NOT NULL,
        id TEXT NOT NULL,
        sequence_id TEXT,
        time INTEGER NOT NULL,
        expires INTEGER,
        title TEXT,
        message TEXT NOT NULL,
        priority INTEGER NOT NULL CHECK (priority BETWEEN 1 AND 5),
        tags TEXT NOT NULL DEFAULT '[]',
        click TEXT,
        icon TEXT,
        actions TEXT NOT NULL DEFAULT '[]',
        attachment TEXT,
        content_type TEXT,
        encoding TEXT,
        raw TEXT NOT NULL,
        received_at INTEGER NOT NULL,
        read INTEGER NOT NULL DEFAULT 0,
        deleted INTEGER NOT NULL DEFAULT 0,
        superseded INTEGER NOT NULL DEFAULT 0,
        UNIQUE (server, id)
      );
      -- The rowid is the implicit last column of every index: (time) is (time, rowid), the page order.
      CREATE INDEX messages_time ON messages (time);
      CREATE INDEX messages_subscription_time ON messages (server, topic, time);
      CREATE INDEX messages_sequence ON messages (server, topic, sequence_id) WHERE sequence_id IS NOT NULL;
      -- Only unread rows, so usually small, but fast with a large unread backlog too: per subscription for the
      -- unread counts (in GROUP BY order, no sort) and one subscription's unread list; by time for the unread
      -- list of all subscriptions.
      CREATE INDEX messages_unread ON messages (server, topic, time)
        WHERE read = 0 AND deleted = 0 AND superseded = 0;
      CREATE INDEX messages_unread_time ON messages (time)
        WHERE read = 0 AND deleted = 0 AND superseded = 0;

      CREATE TABLE message_changes (
        pk INTEGER PRIMARY KEY,
        server TEXT NOT NULL,
        id TEXT NOT NULL,
        kind TEXT NOT NULL CHECK (kind IN ('message_delete', 'message_clear')),
        topic TEXT NOT NULL,
        sequence_id TEXT NOT NULL,
        time INTEGER NOT NULL,
        raw TEXT NOT NULL,
        received_at INTEGER NOT NULL,
        UNIQUE (server, id)
      );
      CREATE INDEX message_changes_target ON message_changes (server, topic, sequence_id, time);
      CREATE INDEX message_changes_time ON message_changes (time);

      CREATE TABLE cursors (
        group_key TEXT PRIMARY KEY,
        last_id TEXT,
        topics TEXT NOT NULL DEFAULT '[]',
        updated_at INTEGER NOT NULL
      ) WITHOUT ROWID;
    `,
  },
  {
    version: 2,
    description: 'full-text search over title, body and tags',
    sql: `
      CREATE VIRTUAL TABLE messages_search USING fts5(
        ${searchColumns},
        content = 'messages', content_rowid = 'pk',
        tokenize = 'unicode61 remove_diacritics 2'
      );
      -- A word in the title weighs more than one in the body; tags sit in between.
      INSERT INTO messages_search (messages_search, rank) VALUES ('rank', 'bm25(4.0, 1.0, 2.0)');
      CREATE TRIGGER messages_search_delete AFTER DELETE ON messages BEGIN
        INSERT INTO messages_search (messages_search, rowid, ${searchColumns}) VALUES ('delete', ${searchValues('old')});
      END;
      CREATE TRIGGER messages_search_update AFTER UPDATE OF ${searchColumns} ON messages BEGIN
        INSERT INTO messages_search (messages_search, rowid, ${searchColumns}) VALUES ('delete', ${searchValues('old')});
        INSERT INTO messages_search (rowid, ${searchColumns}) VALUES (${searchValues('new')});
      END;
      -- Rows stored at version 1 become searchable.
      INSERT INTO messages_search (messages_search) VALUES ('rebuild');
    `,
  },
  { version: 3, description: 'per-topic resume points', sql: perTopicResumePoints },
  {
    version: 4,
    description: "retention by arrival time; resume points by subscription, to keep each topic's resume window",
    sql: `
      CREATE INDEX resume_points_subscription ON resume_points (server, topic, last_time);
      CREATE INDEX messages_received ON messages (received_at);
      CREATE INDEX message_changes_received ON message_changes (received_at);
    `,
  },
  {
    version: 5,
    description: 'what was cut from a message to fit the stored bounds',
    // JSON array of wire field names (common/message-cuts.ts); NULL when nothing was.
    sql: 'ALTER TABLE messages ADD COLUMN cut TEXT',
  },
  {
    version: 6,
    description: 'deliveries per subscriber: the app and command-line runs share one folder, each gets every message',
    // The subscriber '' is the app: it keeps the resume points and everything stored so far as delivered, as before.
    // Keyed (server, id) first: retention deletes by that, the dedupe asks for all three.
    sql: `
      CREATE TABLE deliveries (
        server TEXT NOT NULL,
        id TEXT NOT NULL,
        subscriber TEXT NOT NULL,
        PRIMARY KEY (server, id, subscriber)
      ) WITHOUT ROWID;
      INSERT INTO deliveries (server, id, subscriber) SELECT server, id, '' FROM messages;
      INSERT INTO deliveries (server, id, subscriber) SELECT server, id, '' FROM message_changes
        WHERE true ON CONFLICT DO NOTHING;
      -- Only retention really deletes rows (a user's delete keeps a tombstone): what it drops no resume replays.
      CREATE TRIGGER deliveries_of_message AFTER DELETE ON messages BEGIN
        DELETE FROM deliveries WHERE server = old.server AND id = old.id;
      END;
      CREATE TRIGGER deliveries_of_change AFTER DELETE ON message_changes BEGIN
        DELETE FROM deliveries WHERE server = old.server AND id = old.id;
      END;
      -- A subscriber that joins later never gets what was published before its start (ResumePoint.startTime).
      ALTER TABLE resume_points ADD COLUMN start_time INTEGER;
    `,
  },
];

export const SCHEMA_VERSION = MIGRATIONS.length;

/** The file was written by a newer ntfy-tray: refuse to touch it rather than guess at a schema we do not know. */
export class HistorySchemaTooNewError extends Error {
  readonly fileVersion: number;
  readonly supportedVersion: number;

  constructor(options: { readonly path: string; readonly fileVersion: number; readonly supportedVersion: number }) {
    // Versions as strings: they are names of schemas, not amounts to group or localize.
    super(
      t('system.history.schema-too-new', {
        path: options.path,
        fileVersion: String(options.fileVersion),
        supportedVersion: String(options.supportedVersion),
      }),
    );
    this.name = 'HistorySchemaTooNewError';
    this.fileVersion = options.fileVersion;
    this.supportedVersion = options.supportedVersion;
  }
}

export function readSchemaVersion(db: DatabaseSync): number {
  const row = db.prepare('PRAGMA user_version').get();
  const version = row?.['user_version'];
  if (typeof version !== 'number') throw new Error('PRAGMA user_version returned no number');
  return version;
}

interface MigrateOptions {
  /** For the database file's name in errors. */
  readonly path: string;
  /** Stop at this version (tests build fixtures of earlier versions with it); the latest when absent. */
  readonly targetVersion?: number;
}

/** Applies the missing steps; returns the versions before and after. Throws HistorySchemaTooNewError first. */
export function migrateHistory(db: DatabaseSync, options: MigrateOptions): { from: number; to: number } {
  const target = options.targetVersion ?? SCHEMA_VERSION;
  const from = readSchemaVersion(db);
  if (from > SCHEMA_VERSION) {
    throw new HistorySchemaTooNewError({ path: options.path, fileVersion: from, supportedVersion: SCHEMA_VERSION });
  }
  for (const migration of MIGRATIONS) {
    if (migration.version > target) break;
    // IMMEDIATE takes the write lock first; a second process that migrated meanwhile is seen by the re-read.
    db.exec('BEGIN IMMEDIATE');
    try {
      if (readSchemaVersion(db) < migration.version) {
        if (typeof migration.sql === 'string') db.exec(migration.sql);
        else migration.sql(db);
        // user_version lives in the file header and is written inside this transaction.
        db.exec(`PRAGMA user_version = ${String(migration.version)}`);
      }
      db.exec('COMMIT');
    } catch (error) {
      db.exec('ROLLBACK');
      throw error;
    }
  }
  return { from, to: readSchemaVersion(db) };
}
