/**
 * The interfaces that adapters implement. The core depends only on these; the two composition roots
 * (main/index.ts for Electron, main/cli.ts for headless use) pass in real implementations.
 */
import type { NtfyMessage, NtfyMessageChange } from './protocol/types.ts';
import type {
  ListMessagesOptions,
  MessagePage,
  MessageRef,
  RetentionOptions,
  RetentionResult,
  SearchHit,
  SearchOptions,
  StoredMessage,
  SubscriptionRef,
  UnreadCount,
} from './store/history/types.ts';

/** Wall-clock and timer access; declared in common/ beside its one real implementation, `systemClock`. */
export type { Clock, TimerHandle } from '../../common/clock.ts';

export type LogLevel = 'debug' | 'info' | 'warn' | 'error';

/** One named logger per module; callers must never pass a secret in `fields` (log `[hidden]` instead). */
export interface Logger {
  log(level: LogLevel, message: string, fields?: Readonly<Record<string, unknown>>): void;
  child(name: string): Logger;
}

/**
 * Where one topic (in one scope: server, filters, identity — see protocol/resume-key.ts) resumes after a restart
 * or a reconnect. It only ever moves with what is durable: written in the same transaction as the messages it
 * covers, or (for a topic that has had no message yet) the server time of the first connect, written on its own.
 */
export interface ResumePoint {
  /** Newest stored message id, always a valid ntfy id: sent as `since=<id>`. */
  readonly lastId?: string;
  /** Server time (Unix seconds) to resume from with `since=<time>` (inclusive; dedupe drops the overlap). */
  readonly lastTime?: number;
  /**
   * Server time of the first connect of a topic that started from then (no history): nothing before it was ever
   * wanted, so a resume's overlap never delivers what was published before it (another subscriber of the same
   * folder may have stored it, which says nothing about this one).
   */
  readonly startTime?: number;
}

export interface ResumeTarget {
  /** protocol/resume-key.ts */
  readonly key: string;
  readonly topic: string;
}

export interface ResumeUpdate {
  /** What this batch moves: every topic the connection carried when it was read. */
  readonly targets: readonly ResumeTarget[];
  /** Undefined: the id is left as it is; null: cleared (the time is what counts from now on). */
  readonly lastId?: string | null;
  readonly lastTime?: number;
  /** Only set where no resume point exists yet (the first connect's server time). */
  readonly onlyIfMissing?: boolean;
}

export interface AppendRequest {
  /** Normalized server base URL: message ids are unique per server, so it is the dedupe scope. */
  readonly server: string;
  readonly messages: readonly NtfyMessage[];
  readonly changes: readonly NtfyMessageChange[];
  /** Written in the same transaction as the messages: a resume point never points past what is stored. */
  readonly resume?: ResumeUpdate;
  /** Store the new messages as already read: a new subscription's cached history is not news. */
  readonly read?: boolean;
}

export interface AppendResult {
  /** The messages that were not stored before (the rest were duplicates). */
  readonly newMessages: readonly NtfyMessage[];
  readonly newChanges: readonly NtfyMessageChange[];
}

/**
 * The engine's view of history (the engine and the CLI's `subscribe` need no more): SQLite in the app and the CLI
 * (store/history), an in-memory one in engine tests.
 */
export interface HistoryStore {
  append(request: AppendRequest): Promise<AppendResult>;
  /** The items of this list that are not stored yet (nor repeated earlier in the list), in order. */
  unseen(request: Pick<AppendRequest, 'server' | 'messages' | 'changes'>): Promise<AppendResult>;
  /** The stored resume points of these keys; keys without one are absent. */
  getResumePoints(keys: readonly string[]): Promise<ReadonlyMap<string, ResumePoint>>;
}

/**
 * The app's history (core/app, core/bridge): the engine's port plus what the window and the tray read and edit, and
 * retention. Synchronous like node:sqlite underneath; SqliteHistoryStore is the one implementation.
 */
export interface AppHistoryStore extends HistoryStore {
  /** Newest first; pass the previous page's `next` as `before` for the following page. */
  listMessages(options?: ListMessagesOptions): MessagePage;
  getMessage(ref: MessageRef): StoredMessage | undefined;
  /** Per subscription with at least one unread message. */
  unreadCounts(): UnreadCount[];
  /** Best matches first; no results for a search with no words in it. */
  search(options: SearchOptions): SearchHit[];
  /** False when there is no such message. */
  setRead(options: MessageRef & { readonly read: boolean }): boolean;
  /** How many messages changed. */
  setSubscriptionRead(options: SubscriptionRef & { readonly read: boolean }): number;
  /** False when there is no such message. */
  deleteMessage(ref: MessageRef): boolean;
  /** How many messages were removed. */
  deleteSubscriptionMessages(subscription: SubscriptionRef): number;
  applyRetention(options?: RetentionOptions): RetentionResult;
  /** Every attachment URL stored messages hold (the attachment cache deletes the files of the others). */
  attachmentUrls(): ReadonlySet<string>;
}

/** What a platform notifier is asked to show; decided by the notification policy and content in core/delivery. */
export interface NotifierShowRequest {
  /** Stable per message (or per summary): showing the same id again replaces the popup. */
  readonly id: string;
  readonly title: string;
  /** Plain text. */
  readonly body: string;
  readonly urgency: 'low' | 'normal' | 'critical';
  /** No sound: low priority, sounds turned off, or the silent update of a burst summary already shown. */
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
