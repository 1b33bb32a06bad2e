import type { DatabaseSync } from 'node:sqlite';

/**
 * Runs `work` in one write transaction: all of it is stored or none. IMMEDIATE takes the write lock up front, so a
 * second process waits (busy timeout) at BEGIN instead of failing halfway through with SQLITE_BUSY.
 */
export function inWriteTransaction<T>(db: DatabaseSync, work: () => T): T {
  db.exec('BEGIN IMMEDIATE');
  try {
    const result = work();
    db.exec('COMMIT');
    return result;
  } catch (error) {
    // A failed COMMIT (disk full, I/O error) can leave the transaction open; SQLite may also have rolled back
    // already after some errors. Either way the next caller must start clean.
    if (db.isTransaction) db.exec('ROLLBACK');
    throw error;
  }
}
