/**
 * Opens (creating if needed) the history database file with the settings the store relies on, and brings its
 * schema up to date.
 */
import { DatabaseSync } from 'node:sqlite';
import { HistorySchemaTooNewError, migrateHistory, readSchemaVersion, SCHEMA_VERSION } from './migrations.ts';

export interface OpenHistoryDatabaseOptions {
  readonly path: string;
  /**
   * How long a write waits for another connection's lock (the tray app and `ntfy-tray subscribe` may share a
   * data dir) before failing with SQLITE_BUSY. Milliseconds; default 5,000.
   */
  readonly busyTimeoutMs?: number;
}

/** The file could not be opened as a history database; `cause` has SQLite's reason. Nothing was changed. */
export class HistoryOpenError extends Error {
  constructor(path: string, cause: unknown) {
    super(`cannot open the history database ${path}: ${cause instanceof Error ? cause.message : String(cause)}`, {
      cause,
    });
    this.name = 'HistoryOpenError';
  }
}

function configure(db: DatabaseSync, options: OpenHistoryDatabaseOptions): void {
  const busyTimeoutMs = options.busyTimeoutMs ?? 5000;
  if (!Number.isSafeInteger(busyTimeoutMs) || busyTimeoutMs < 0) throw new RangeError('busyTimeoutMs: integer ≥ 0');
  db.exec(`PRAGMA busy_timeout = ${String(busyTimeoutMs)}`);
  // Before anything writes (switching to WAL writes the header): a newer file stays exactly as it was.
  const fileVersion = readSchemaVersion(db);
  if (fileVersion > SCHEMA_VERSION) {
    throw new HistorySchemaTooNewError({ path: options.path, fileVersion, supportedVersion: SCHEMA_VERSION });
  }
  // WAL: readers never block the writer (the window can page while a catch-up is written), and a commit is one
  // append to the log instead of a rewrite of the pages.
  const journal = db.prepare('PRAGMA journal_mode = WAL').get()?.['journal_mode'];
  if (journal !== 'wal') throw new Error(`cannot switch to WAL (journal_mode is ${String(journal)})`);
  // NORMAL is safe with WAL: a commit is atomic either way and the file cannot be corrupted; what NORMAL gives
  // up is only durability of the last transactions on power loss (not on a process crash — the WAL is in the OS
  // cache). Those roll back together with the cursor written in them, so the server replays them on the next
  // connect: nothing is lost, and we save an fsync per append.
  db.exec('PRAGMA synchronous = NORMAL');
  // A catch-up can grow the log to tens of megabytes; after the next checkpoint, give back all but 8 MB of it.
  db.exec('PRAGMA journal_size_limit = 8388608');
  // Not used by this schema, but set explicitly so that a future step that adds a reference gets it enforced.
  db.exec('PRAGMA foreign_keys = ON');
}

/** Opens and migrates; throws HistorySchemaTooNewError for a newer file and HistoryOpenError for anything else. */
export function openHistoryDatabase(options: OpenHistoryDatabaseOptions): DatabaseSync {
  let db: DatabaseSync;
  try {
    db = new DatabaseSync(options.path);
  } catch (error) {
    throw new HistoryOpenError(options.path, error);
  }
  try {
    configure(db, options);
    migrateHistory(db, { path: options.path });
    // What SQLite recommends for a long-lived connection: analyze what needs it, bounded in time.
    db.exec('PRAGMA optimize = 0x10002');
    return db;
  } catch (error) {
    db.close();
    if (error instanceof HistorySchemaTooNewError || error instanceof RangeError) throw error;
    throw new HistoryOpenError(options.path, error);
  }
}
