/**
 * The interfaces that adapters implement. The core depends only on these; the two composition roots
 * (main/index.ts for Electron, main/cli.ts for headless use) pass in real implementations.
 */
import type { NtfyMessage, NtfyMessageChange } from './protocol/types.ts';

/** Wall-clock and timer access, injectable so that tests never sleep. Times are milliseconds. */
export interface Clock {
  now(): number;
  setTimeout(callback: () => void, delayMs: number): TimerHandle;
  clearTimeout(handle: TimerHandle): void;
}

export interface TimerHandle {
  readonly id: unknown;
}

export type LogLevel = 'debug' | 'info' | 'warn' | 'error';

/** One named logger per module; callers must never pass a secret in `fields` (log `[hidden]` instead). */
export interface Logger {
  log(level: LogLevel, message: string, fields?: Readonly<Record<string, unknown>>): void;
  child(name: string): Logger;
}

/**
 * Where a connection group resumes. `lastId` is sent as `since=<id>` on every connect (ids are global on a
 * server, so one id serves a multi-topic connection); `topics` are the topics whose cached history has been
 * loaded, so a topic added later gets its own history load.
 */
export interface GroupCursor {
  readonly lastId?: string;
  readonly topics: readonly string[];
}

export interface AppendRequest {
  /** Normalized server base URL: message ids are unique per server, so it is the dedupe scope. */
  readonly server: string;
  readonly groupKey: string;
  readonly messages: readonly NtfyMessage[];
  readonly changes: readonly NtfyMessageChange[];
  /** Written in the same transaction as the messages: a cursor never points past what is stored. */
  readonly cursor?: Partial<GroupCursor>;
}

export interface AppendResult {
  /** The messages that were not stored before (the rest were duplicates). */
  readonly newMessages: readonly NtfyMessage[];
  readonly newChanges: readonly NtfyMessageChange[];
}

/** The engine's view of history: an in-memory implementation now, SQLite in the persistence layer. */
export interface HistoryStore {
  append(request: AppendRequest): Promise<AppendResult>;
  getCursor(groupKey: string): Promise<GroupCursor | undefined>;
}
