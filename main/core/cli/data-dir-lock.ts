/**
 * One `ntfy-tray subscribe` per data dir. Two runs on one history would split the messages between them without a
 * word (each skips what the other stored); the second run refuses instead.
 *
 * The lock is an SQLite file held in exclusive locking mode: the operating system releases it when the process
 * ends in any way, kill -9 included, so there is never a stale lock to clean up.
 */
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';

export const LOCK_FILE_NAME = 'subscribe.lock';

export type DataDirLock =
  { readonly ok: true; readonly release: () => void } | { readonly ok: false; readonly error: string };

export function lockDataDir(dataDir: string): DataDirLock {
  const path = join(dataDir, LOCK_FILE_NAME);
  let db: DatabaseSync | undefined;
  try {
    db = new DatabaseSync(path, { timeout: 0 });
    db.exec('PRAGMA locking_mode = EXCLUSIVE');
    // The first write takes the exclusive lock; in this locking mode it is kept until the file is closed.
    db.exec('BEGIN EXCLUSIVE; CREATE TABLE IF NOT EXISTS holder (pid INTEGER); DELETE FROM holder;');
    db.prepare('INSERT INTO holder (pid) VALUES (?)').run(process.pid);
    db.exec('COMMIT');
  } catch (error) {
    db?.close();
    const busy = (error as { errcode?: unknown }).errcode === 5; // SQLITE_BUSY
    return {
      ok: false,
      error: busy
        ? `another ntfy-tray subscribe is already using the data dir ${dataDir}; two runs on one data dir would ` +
          `split the messages between them. Stop it, or give this run its own --data-dir.`
        : `cannot lock the data dir ${dataDir}: ${error instanceof Error ? error.message : String(error)}`,
    };
  }
  const held = db;
  return {
    ok: true,
    release: () => {
      if (held.isOpen) held.close();
    },
  };
}
