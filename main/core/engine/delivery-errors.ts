/**
 * Tells a storing failure that will pass (a full disk, a busy database) from one that will not (a damaged or
 * foreign file): the first is retried through a reconnect, the second stops the connection with a message,
 * instead of reconnecting forever.
 */

/** SQLite's primary result codes that no retry can fix. https://www.sqlite.org/rescode.html */
const PERMANENT_SQLITE_CODES: ReadonlyMap<number, string> = new Map([
  [11, 'the history database is damaged (SQLITE_CORRUPT)'],
  [26, 'the history file is not a database (SQLITE_NOTADB)'],
]);

/** A user-facing reason when `error` is permanent, else undefined. */
export function permanentStoreError(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const errcode = (error as { errcode?: unknown }).errcode;
  if (typeof errcode !== 'number') return undefined;
  // Extended codes carry the primary code in their low byte (SQLITE_CORRUPT_INDEX = 779 → 11).
  const reason = PERMANENT_SQLITE_CODES.get(errcode & 0xff);
  return reason === undefined ? undefined : `${reason}: move history.sqlite aside to start a new one`;
}
