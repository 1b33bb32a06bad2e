/**
 * Opens (creating if needed) the history database file with the settings the store relies on, and brings its
 * schema up to date; or, for readers such as `ntfy-tray history`, opens it read-only without writing anything.
 */
import { existsSync, statSync } from 'node:fs';
import { dirname } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { pathToFileURL } from 'node:url';
import { HistorySchemaTooNewError, migrateHistory, readSchemaVersion, SCHEMA_VERSION } from './migrations.ts';
import { errorMessage } from '../../../../common/error-message.ts';
import { t } from '../../../../common/i18n/translate.ts';

interface OpenHistoryDatabaseOptions {
  readonly path: string;
  /**
   * How long a write waits for another connection's lock (the tray app and `ntfy-tray subscribe` may share a
   * data dir) before failing with SQLITE_BUSY. Milliseconds; default 5,000.
   */
  readonly busyTimeoutMs?: number;
  /**
   * Read only: no migration, no journal-mode switch, no upkeep; the file is never written. Throws
   * HistoryNotFoundError for a file without a history in it, and HistoryOpenError for one in an older schema.
   */
  readonly readOnly?: boolean;
}

/** The file could not be opened as a history database; `cause` has SQLite's reason. Nothing was changed. */
export class HistoryOpenError extends Error {
  constructor(path: string, cause: unknown) {
    super(t('system.history.cannot-open', { path, reason: errorMessage(cause) }), { cause });
    this.name = 'HistoryOpenError';
  }
}

/** There is no history to read (the file is missing or was never given a schema). */
export class HistoryNotFoundError extends Error {
  override readonly name = 'HistoryNotFoundError';
  readonly dataDir: string;

  constructor(dataDir: string) {
    super(t('system.history.none', { dir: dataDir }));
    this.dataDir = dataDir;
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
  if (journal !== 'wal') throw new Error(t('system.history.no-wal', { mode: String(journal) }));
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

/** SQLite's primary result code (the low byte of the extended one) of a node:sqlite error, if it is one. */
function sqliteResultCode(error: unknown): number | undefined {
  if (typeof error !== 'object' || error === null || !('errcode' in error)) return undefined;
  return typeof error.errcode === 'number' ? error.errcode & 0xff : undefined;
}

const SQLITE_READONLY = 8;
const SQLITE_CANTOPEN = 14;

function walBytes(path: string): number {
  try {
    return statSync(`${path}-wal`).size;
  } catch {
    return 0; // no -wal file: nothing waits to be checkpointed
  }
}

function checkReadable(db: DatabaseSync, options: OpenHistoryDatabaseOptions): void {
  const busyTimeoutMs = options.busyTimeoutMs ?? 5000;
  if (!Number.isSafeInteger(busyTimeoutMs) || busyTimeoutMs < 0) throw new RangeError('busyTimeoutMs: integer ≥ 0');
  db.exec(`PRAGMA busy_timeout = ${String(busyTimeoutMs)}`);
  const fileVersion = readSchemaVersion(db);
  if (fileVersion === 0) throw new HistoryNotFoundError(dirname(options.path));
  if (fileVersion > SCHEMA_VERSION) {
    throw new HistorySchemaTooNewError({ path: options.path, fileVersion, supportedVersion: SCHEMA_VERSION });
  }
  if (fileVersion < SCHEMA_VERSION) {
    throw new Error(t('system.history.schema-too-old', { version: String(fileVersion) }));
  }
}

/**
 * A read-only connection that skips the upkeep the store runs on close (`PRAGMA optimize`, which may ANALYZE and so
 * write the statistics tables, failing with "attempt to write a readonly database"): keeping the statistics
 * current is the writer's job. Every other write still fails, as it should.
 */
class ReadOnlyDatabase extends DatabaseSync {
  override exec(sql: string): void {
    if (/^\s*PRAGMA\s+optimize\b/i.test(sql)) return;
    super.exec(sql);
  }
}

function openChecked(location: string | URL, options: OpenHistoryDatabaseOptions): DatabaseSync {
  const db = new ReadOnlyDatabase(location, { readOnly: true });
  try {
    checkReadable(db, options);
    return db;
  } catch (error) {
    db.close();
    throw error;
  }
}

/**
 * A WAL database is read through its -shm index, which a reader creates when it is missing. In a directory the
 * reader cannot write (SQLITE_READONLY_CANTINIT) the file is opened `immutable=1` instead — correct only when the
 * -wal holds nothing, since immutable readers ignore it: https://www.sqlite.org/wal.html#readonly
 */
function openReadOnly(options: OpenHistoryDatabaseOptions): DatabaseSync {
  if (!existsSync(options.path)) throw new HistoryNotFoundError(dirname(options.path));
  try {
    return openChecked(options.path, options);
  } catch (error) {
    const code = sqliteResultCode(error);
    if (code !== SQLITE_READONLY && code !== SQLITE_CANTOPEN) throw error;
    if (walBytes(options.path) > 0) {
      throw new Error(t('system.history.read-only-wal', { walFile: `${options.path}-wal` }), { cause: error });
    }
    const immutable = pathToFileURL(options.path);
    immutable.searchParams.set('immutable', '1');
    return openChecked(immutable, options);
  }
}

/**
 * Opens and migrates (or, with `readOnly`, only opens); throws HistorySchemaTooNewError for a newer file,
 * HistoryNotFoundError when a read-only open finds no history, and HistoryOpenError for anything else.
 */
export function openHistoryDatabase(options: OpenHistoryDatabaseOptions): DatabaseSync {
  if (options.readOnly === true) {
    try {
      return openReadOnly(options);
    } catch (error) {
      if (error instanceof HistoryNotFoundError || error instanceof HistorySchemaTooNewError) throw error;
      if (error instanceof RangeError) throw error;
      throw new HistoryOpenError(options.path, error);
    }
  }
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
