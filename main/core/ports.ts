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
  /** Store the new messages as already read: a new subscription's cached history is not news. */
  readonly read?: boolean;
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

/** What a platform notifier is asked to show; decided by the notification policy and content in core/delivery. */
export interface NotifierShowRequest {
  /** Stable per message (or per summary): showing the same id again replaces the popup. */
  readonly id: string;
  readonly title: string;
  /** Plain text. */
  readonly body: string;
  readonly urgency: 'low' | 'normal' | 'critical';
  /** No sound (low priority). */
  readonly silent: boolean;
  /** Local file of a downloaded image attachment (never a remote URL). */
  readonly imagePath?: string;
  /** Local file of the message icon or the app icon. */
  readonly iconPath?: string;
  /** Buttons; ids are chosen by the caller and come back through onAction. */
  readonly actions: readonly { readonly id: string; readonly label: string }[];
}

export type NotificationClosedReason = 'expired' | 'dismissed' | 'closed' | 'unknown';

/** Native notifications: org.freedesktop.Notifications on Linux (main/os), Electron's Notification elsewhere. */
export interface Notifier {
  show(request: NotifierShowRequest): Promise<void>;
  close(id: string): Promise<void>;
  /** `actionId` is one of the request's action ids, or `default` for a click on the popup itself. */
  onAction(listener: (id: string, actionId: string) => void): () => void;
  onClosed(listener: (id: string, reason: NotificationClosedReason) => void): () => void;
  /** What this notification server can do; actions are not offered where it has none. */
  capabilities(): Promise<{ readonly actions: boolean; readonly images: boolean; readonly sound: boolean }>;
  dispose(): Promise<void>;
}
