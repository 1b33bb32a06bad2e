/** Real history files in throwaway directories, closed and removed when the test ends. */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { onTestFinished } from 'vitest';
import type { AppendRequest, ResumePoint } from '../../../../../main/core/ports.ts';
import type { NtfyMessage, NtfyMessageChange } from '../../../../../main/core/protocol/types.ts';
import {
  HISTORY_FILE_NAME,
  type OpenSqliteHistoryOptions,
  SqliteHistoryStore,
} from '../../../../../main/core/store/history/index.ts';

export const SERVER = 'https://ntfy.example';

export async function tempDir(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'ntfy-tray-history-'));
  onTestFinished(() => rm(dir, { recursive: true, force: true }));
  return dir;
}

export async function openStore(
  dir: string,
  options: Omit<OpenSqliteHistoryOptions, 'dataDir'> = {},
): Promise<SqliteHistoryStore> {
  const store = await SqliteHistoryStore.open({ ...options, dataDir: dir });
  onTestFinished(() => store.close());
  return store;
}

export async function openTempStore(
  options: Omit<OpenSqliteHistoryOptions, 'dataDir'> = {},
): Promise<{ store: SqliteHistoryStore; dir: string }> {
  const dir = await tempDir();
  return { store: await openStore(dir, options), dir };
}

/** A second, plain connection to the same file, for looking at what the store wrote. */
export function openRaw(dir: string): DatabaseSync {
  const db = new DatabaseSync(join(dir, HISTORY_FILE_NAME));
  onTestFinished(() => {
    if (db.isOpen) db.close();
  });
  return db;
}

export function request(fields: {
  readonly messages?: readonly NtfyMessage[];
  readonly changes?: readonly NtfyMessageChange[];
  readonly server?: string;
  /** Moves the resume point of the one key `RESUME_KEY` (topic `t`). */
  readonly resumeTo?: { readonly lastId?: string | null; readonly lastTime?: number };
}): AppendRequest {
  return {
    server: fields.server ?? SERVER,
    messages: fields.messages ?? [],
    changes: fields.changes ?? [],
    ...(fields.resumeTo === undefined
      ? {}
      : { resume: { targets: [{ key: RESUME_KEY, topic: 't' }], ...fields.resumeTo } }),
  };
}

export const RESUME_KEY = 'resume-key';

/** The stored resume point of RESUME_KEY (or another key). */
export async function storedResumePoint(store: SqliteHistoryStore, key = RESUME_KEY): Promise<ResumePoint | undefined> {
  return (await store.getResumePoints([key])).get(key);
}

/**
 * `PRAGMA integrity_check` of the file, then FTS5's check that the search index matches the `messages` rows
 * exactly (rank 1 = compare with the content table); the latter throws on a mismatch.
 */
export function checkIntegrity(db: DatabaseSync): string {
  const result = db.prepare('PRAGMA integrity_check').all();
  db.exec("INSERT INTO messages_search (messages_search, rank) VALUES ('integrity-check', 1)");
  return result.map((row) => String(row['integrity_check'])).join('\n');
}
