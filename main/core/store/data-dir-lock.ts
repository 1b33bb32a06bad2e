/**
 * One app per data folder. The app holds this lock while it runs; a second app on the same folder (or an
 * `ntfy-tray subscribe` older than history schema 6, which took it too) is refused. Since schema 6 command-line runs
 * no longer take it: they subscribe beside the app, each with deliveries and resume points of its own
 * (store/subscriber.ts). The app's refusal still names an older `subscribe` holding the folder.
 *
 * The lock is an SQLite file held in exclusive locking mode: the operating system releases it when the process
 * ends in any way, kill -9 included, so there is never a stale lock to clean up. A locked SQLite file cannot be
 * read by anyone else, so who holds it is written to a side file once the lock is taken; the refusal names them.
 */
import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { errorMessage } from '../../../common/error-message.ts';

/** Named after its first user, `subscribe`; kept so that an older `ntfy-tray subscribe` and the app still exclude each other. */
const LOCK_FILE_NAME = 'subscribe.lock';
/** `{ "kind": "app" | "subscribe", "pid": <number> }`, present while the lock is held (or left by a crash). */
export const HOLDER_FILE_NAME = 'subscribe.lock.holder.json';

export type DataDirHolderKind = 'app' | 'subscribe';

interface DataDirHolder {
  readonly kind: DataDirHolderKind;
  readonly pid: number;
}

export type DataDirLockResult =
  | { readonly ok: true; readonly release: () => void }
  /** `holder` is undefined when the side file is missing, unreadable, or names a process that has ended. */
  | {
      readonly ok: false;
      readonly reason: 'busy';
      readonly dataDir: string;
      readonly holder: DataDirHolder | undefined;
    }
  | { readonly ok: false; readonly reason: 'error'; readonly dataDir: string; readonly error: string };

interface LockDataDirOptions {
  readonly dataDir: string;
  /** Who is asking; recorded for whoever is refused next. */
  readonly kind: DataDirHolderKind;
  /** process.pid. */
  readonly pid: number;
}

const SQLITE_BUSY = 5;

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0); // signal 0: only asks whether the process exists
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'; // it exists, but belongs to another user
  }
}

function isHolder(value: unknown): value is DataDirHolder {
  if (typeof value !== 'object' || value === null) return false;
  const { kind, pid } = value as Record<string, unknown>;
  return (kind === 'app' || kind === 'subscribe') && typeof pid === 'number' && Number.isInteger(pid) && pid > 0;
}

/** The holder named by the side file, if it names a running process. */
export function readDataDirHolder(dataDir: string): DataDirHolder | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(join(dataDir, HOLDER_FILE_NAME), 'utf8'));
  } catch {
    // Missing (the holder has only just taken the lock) or half-written by an older version: nobody to name.
    return undefined;
  }
  return isHolder(parsed) && isRunning(parsed.pid) ? parsed : undefined;
}

/** Replaces the side file in one step (temp file + rename), so a reader never sees half of it. */
function writeHolder(dataDir: string, holder: DataDirHolder): void {
  const path = join(dataDir, HOLDER_FILE_NAME);
  const temp = `${path}.${String(holder.pid)}.tmp`;
  writeFileSync(temp, JSON.stringify(holder), { mode: 0o600 });
  renameSync(temp, path);
}

/**
 * Holds `path` (an SQLite file, created if missing) exclusively until the answer is closed or the process ends.
 * Throws SQLite's SQLITE_BUSY error (isBusy) when another process holds it.
 */
export function holdLockFile(path: string, pid: number): DatabaseSync {
  const db = new DatabaseSync(path, { timeout: 0 });
  try {
    db.exec('PRAGMA locking_mode = EXCLUSIVE');
    // The first write takes the exclusive lock; in this locking mode it is kept until the file is closed.
    db.exec('BEGIN EXCLUSIVE; CREATE TABLE IF NOT EXISTS holder (pid INTEGER); DELETE FROM holder;');
    db.prepare('INSERT INTO holder (pid) VALUES (?)').run(pid);
    db.exec('COMMIT');
    return db;
  } catch (error) {
    db.close();
    throw error;
  }
}

export function isBusy(error: unknown): boolean {
  return (error as { errcode?: unknown }).errcode === SQLITE_BUSY;
}

export function lockDataDir(options: LockDataDirOptions): DataDirLockResult {
  const { dataDir } = options;
  let db: DatabaseSync | undefined;
  try {
    mkdirSync(dataDir, { recursive: true, mode: 0o700 });
    db = holdLockFile(join(dataDir, LOCK_FILE_NAME), options.pid);
    writeHolder(dataDir, { kind: options.kind, pid: options.pid });
  } catch (error) {
    db?.close();
    if (isBusy(error)) {
      return { ok: false, reason: 'busy', dataDir, holder: readDataDirHolder(dataDir) };
    }
    return { ok: false, reason: 'error', dataDir, error: errorMessage(error) };
  }
  const held = db;
  return {
    ok: true,
    release: () => {
      if (!held.isOpen) return;
      // The side file goes first: while the lock is held nobody else writes it.
      rmSync(join(dataDir, HOLDER_FILE_NAME), { force: true });
      held.close();
    },
  };
}
