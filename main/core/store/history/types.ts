/**
 * The public shapes of the SQLite history: what the window, the tray and the CLI ask for and get back. Servers
 * are normalized base URLs (`normalizeServerUrl`); the store normalizes what callers pass in.
 */
import type { NtfyMessage, Priority } from '../../protocol/types.ts';

/** One subscription's messages: a topic on a server. */
export interface SubscriptionRef {
  readonly server: string;
  readonly topic: string;
}

/** One message by its protocol identity (ids are unique per server). */
export interface MessageRef {
  readonly server: string;
  readonly id: string;
}

export interface StoredMessage {
  readonly server: string;
  readonly message: NtfyMessage;
  /** When this client stored it, milliseconds since the epoch. */
  readonly receivedAt: number;
  readonly read: boolean;
}

/**
 * Where the next page starts: the last row of the previous one. Rows are ordered by (message time, rowid), newest
 * first; the rowid breaks ties between messages of the same second (`time` has one-second resolution).
 */
export interface PageCursor {
  readonly time: number;
  readonly rowid: number;
}

export interface MessageFilter {
  /** Only this subscription; all subscriptions when absent. */
  readonly subscription?: SubscriptionRef;
  readonly minPriority?: Priority;
  readonly unreadOnly?: boolean;
}

export interface ListMessagesOptions extends MessageFilter {
  /** Clamped to 1..500; 50 when absent. */
  readonly limit?: number;
  /** Continue after this row (from the previous page's `next`). */
  readonly before?: PageCursor;
}

export interface MessagePage {
  readonly messages: readonly StoredMessage[];
  /** Absent on the last page. */
  readonly next?: PageCursor;
}

export interface UnreadCount extends SubscriptionRef {
  readonly unread: number;
}

export interface SearchOptions extends MessageFilter {
  /** What the user typed. Words must all match (in any order); the last one, from 3 letters, also as a prefix. */
  readonly text: string;
  /** Best matches only: clamped to 1..200; 50 when absent. */
  readonly limit?: number;
}

/**
 * A run of text that did or did not match the search. Plain text, never markup: the renderer shows `match`
 * segments with a highlight style, so message content cannot inject HTML through search results.
 */
export interface TextSegment {
  readonly text: string;
  readonly match: boolean;
}

export interface SearchHit extends StoredMessage {
  /** bm25 rank: lower is better (SQLite returns it negated). */
  readonly rank: number;
  /** The title split into segments; empty when there is no title. */
  readonly titleSegments: readonly TextSegment[];
  /** The body split into segments; empty for base64 bodies (`encoding: base64`): decode those to show them. */
  readonly messageSegments: readonly TextSegment[];
}

export interface RetentionOptions {
  /** Messages (and change events) older than this, by message time, are removed. Default 30. */
  readonly maxAgeDays?: number;
  /** The newest this many rows of each subscription are kept. Default 10,000. */
  readonly maxPerSubscription?: number;
  /** Milliseconds since the epoch; the store's clock when absent. */
  readonly now?: number;
}

export interface RetentionResult {
  readonly removedByAge: number;
  readonly removedByCount: number;
}
