/**
 * Tells a storing failure that will pass (a full disk, a busy database) from one that will not (a damaged or
 * foreign file): the first is retried through a reconnect, the second stops the connection with a message,
 * instead of reconnecting forever.
 */
import { t } from '../../../common/i18n/translate.ts';

/** SQLite's primary result codes that no retry can fix. https://www.sqlite.org/rescode.html */
const PERMANENT_SQLITE_CODES: ReadonlyMap<number, 'core.engine.history-damaged' | 'core.engine.history-not-database'> =
  new Map([
    [11, 'core.engine.history-damaged'],
    [26, 'core.engine.history-not-database'],
  ]);

/** A user-facing reason when `error` is permanent, else undefined. */
export function permanentStoreError(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const errcode = (error as { errcode?: unknown }).errcode;
  if (typeof errcode !== 'number') return undefined;
  // Extended codes carry the primary code in their low byte (SQLITE_CORRUPT_INDEX = 779 → 11).
  const key = PERMANENT_SQLITE_CODES.get(errcode & 0xff);
  return key === undefined ? undefined : t(key);
}
