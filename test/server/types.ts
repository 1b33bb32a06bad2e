/**
 * Public types of the ntfy-compatible test server (overview in README.md beside this file). Field names of the wire
 * types are the JSON names a real ntfy server sends (docs/protocol.md#message-json), snake_case included.
 */
import type { EventEmitter } from 'node:events';

/** Events a real server sends. `NtfyMessage.event` also takes any string, for unknown events clients must ignore. */
export type NtfyEventName = 'open' | 'keepalive' | 'message' | 'poll_request' | 'message_delete' | 'message_clear';

/** An action button, normalised like ntfy does it: every action has an `id` and `clear`. */
export interface NtfyAction {
  id: string;
  action: string;
  label: string;
  clear: boolean;
  url?: string;
  /** Omitted unless the publisher set it; clients default http actions to POST. */
  method?: string;
  headers?: Readonly<Record<string, string>>;
  body?: string;
  intent?: string;
  extras?: Readonly<Record<string, string>>;
  /** newer: the value of a `copy` action. */
  value?: string;
}

export interface NtfyAttachment {
  name: string;
  /** Only for files uploaded to the server. */
  type?: string;
  size?: number;
  expires?: number;
  url: string;
}

/** One event as it goes over the wire; JSON fields are written in this order (Go struct order). */
export interface NtfyMessage {
  id: string;
  /** newer (`newerEvents`): groups updates, deletes and clears of one notification. */
  sequence_id?: string;
  /** Unix seconds. */
  time: number;
  /** Unix seconds; absent for `Cache: no` messages and for open/keepalive. */
  expires?: number;
  event: NtfyEventName | (string & {});
  topic: string;
  title?: string;
  message?: string;
  priority?: number;
  tags?: readonly string[];
  click?: string;
  icon?: string;
  actions?: readonly NtfyAction[];
  attachment?: NtfyAttachment;
  poll_id?: string;
  content_type?: string;
  encoding?: string;
  /** newer; the type is our interpretation (docs/protocol.md only names the field). */
  percentage?: number;
  /** newer; the type is our interpretation (docs/protocol.md only names the field). */
  end?: boolean;
}

/** An action as a publisher gives it: `id` and `clear` are filled in by the server. */
export type ActionInput = Omit<NtfyAction, 'id' | 'clear'> & { id?: string; clear?: boolean };

/** In-process publishing (`server.publish`). Mirrors the HTTP publish headers. */
export interface PublishOptions {
  message?: string;
  title?: string;
  /** 1..5; 3 is sent explicitly if given. */
  priority?: number;
  tags?: readonly string[];
  click?: string;
  icon?: string;
  actions?: readonly ActionInput[];
  /** Attachment URL; the name comes from `filename` or the URL's last path segment. */
  attach?: string;
  filename?: string;
  markdown?: boolean;
  /**
   * Delayed delivery: a number is milliseconds from now, a string is what the `Delay` header accepts (a Unix
   * timestamp in seconds or a duration like `30s`). In-process publishing skips the min/max delay checks.
   */
  delay?: number | string;
  /** `false` is `Cache: no`: delivered live, never cached, no `expires`. Default true. */
  cache?: boolean;
  /** newer events only: the message's `sequence_id`. */
  sequenceId?: string;
  /** Publish a `poll_request` (never cached) instead of a message, like `X-Poll-ID`. */
  pollId?: string;
  /** Test override of the random 12-character id. */
  id?: string;
  /** Test override of `time` (Unix seconds), e.g. to build a cache with known timestamps. */
  time?: number;
}

export type Permission = 'read-write' | 'read-only' | 'write-only' | 'deny-all';

/** A per-topic access rule; `topic` is an exact name or a pattern where `*` matches any run of characters. */
export interface TopicAccessRule {
  topic: string;
  permission: Permission;
}

export interface TestUser {
  name: string;
  password: string;
  /** Admins may read and write every topic. Default `user`. */
  role?: 'admin' | 'user';
  /** Access tokens (`tk_` + 29 characters) that authenticate as this user. */
  tokens?: readonly string[];
  access?: readonly TopicAccessRule[];
}

/** Enables authentication like an ntfy server with an auth file. Without it, credentials are ignored. */
export interface AuthOptions {
  users?: readonly TestUser[];
  /** Rules for everyone, anonymous included (ntfy's `everyone`/`*` user); checked after a user's own rules. */
  everyone?: readonly TopicAccessRule[];
  /** What applies when no rule matches (ntfy `auth-default-access`). Default `read-write`. */
  defaultAccess?: Permission;
  /**
   * The clock tokens issued through `/v1/account/token` are dated, extended and expire by, in milliseconds since the
   * epoch: move it past a token's `expires` and the token is 401 everywhere, as in ntfy. The failed-login allowance
   * and the request rate limit count on it too. Default `Date.now`.
   */
  now?: () => number;
  /**
   * Plays a server that ignores the requested expiry: every issued token gets 72 h and `PATCH /v1/account/token`
   * extends it by 72 h whatever the body says (ntfy's development builds before 2.0 did; every release honours
   * `expires`, see server_account.go). Default false.
   */
  ignoreRequestedExpiry?: boolean;
}

/** The part of a clock the keepalive timers need (the app's Clock port has this shape). */
export interface KeepaliveTimers {
  setTimeout(callback: () => void, delayMs: number): KeepaliveTimerHandle;
  clearTimeout(handle: KeepaliveTimerHandle): void;
}

/** The keepalive timers plus the time itself (the app's Clock port has this shape). */
export interface ServerClock extends KeepaliveTimers {
  now(): number;
}

export interface KeepaliveTimerHandle {
  readonly id: unknown;
}

export interface TestServerOptions {
  /** Port on 127.0.0.1; 0 (default) picks a free one. */
  port?: number;
  /** HTTP keepalive events and WebSocket pings. Default 45 000 ms; tests may use a few milliseconds. */
  keepaliveIntervalMs?: number;
  /** A WebSocket client must answer a ping within keepalive interval + this. Default 15 000 ms. */
  wsPongGraceMs?: number;
  /**
   * The timers of HTTP keepalives, WebSocket pings and pong deadlines. Default the host's. A test that counts
   * keepalives or waits out a pong deadline passes a manual clock (test/support/manual-clock.ts fits) and steps time
   * itself, so that a busy machine cannot reorder a ping, its pong and the deadline.
   */
  keepaliveTimers?: KeepaliveTimers;
  /**
   * The server's time: message times, delayed messages falling due, the delayed sender's checks (every
   * `delayedCheckIntervalMs` on this clock), stream and keepalive event times; also the keepalive timers unless
   * `keepaliveTimers` is given. Default the host's. A test of what a client misses while away passes a manual clock
   * (test/support/manual-clock.ts) and steps the server's time itself.
   */
  clock?: ServerClock;
  /** Cache duration; 0 disables the cache (nothing is replayed, no `expires`). Default 12 h. */
  cacheDurationMs?: number;
  /** How often delayed messages are checked for being due. Default 10 000 ms. */
  delayedCheckIntervalMs?: number;
  /** Smallest accepted `Delay` over HTTP. Default 10 000 ms (ntfy's minimum). */
  minDelayMs?: number;
  /** Largest accepted `Delay` over HTTP. Default 3 days. */
  maxDelayMs?: number;
  auth?: AuthOptions;
  /**
   * How `GET /v1/account` names an anonymous caller: ntfy sends both `username: "*"` and `role: "anonymous"`
   * (server_account.go handleAccountGet); `user-only` and `role-only` play a server (a fork, a proxy that rewrites the
   * answer) that sends just one of them. Default `user-and-role`.
   */
  anonymousAccount?: 'user-and-role' | 'user-only' | 'role-only';
  /** After this many failed logins a visitor gets 429 (42909) for requests with credentials. Default 30. */
  authFailureLimit?: number;
  /** Time for one failed-login allowance to come back (token bucket). Default 60 000 ms. */
  authFailureLockoutMs?: number;
  /** Request rate limit (429, 42901), off by default; ntfy's is 60 burst, one more per 5 s. */
  requestLimit?: false | { burst?: number; replenishMs?: number };
  /** Open streams per visitor (remote address, or user when authenticated). Default 30. */
  subscriptionLimit?: number;
  /** Enables `sequence_id`, `message_delete` and `message_clear` (ntfy 2.16+). Default false. */
  newerEvents?: boolean;
  /**
   * An attachment cache, as ntfy with `attachment-cache-dir`: a publish body that is no message is stored as a file
   * (served at `/file/<id><ext>`). `true` takes ntfy's defaults: 15 MB per file, kept 3 hours. Default off: uploads
   * are refused with 40014.
   */
  attachments?: boolean | { fileSizeLimitBytes?: number; expiryMs?: number };
  /**
   * Widens the window between live fan-out and caching (the real server fans out first): wait this long before the
   * message is cached. Default 0.
   */
  cacheDelayMs?: number;
  /** Called after fan-out and before caching; the publish waits for it. */
  beforeCache?: (message: NtfyMessage) => void | Promise<void>;
}

/** Kinds of request in the log. `poll` is a subscribe request with `poll=1`. */
export type RequestTransport = 'json' | 'sse' | 'raw' | 'ws' | 'poll' | 'publish' | 'auth' | 'other';
export type StreamTransport = 'json' | 'sse' | 'raw' | 'ws';

/** How a request ended: still `open`, answered (`completed`), or cut by the client, by the server, or by an error. */
export type RequestEnd = 'open' | 'completed' | 'client-closed' | 'server-dropped' | 'error';

/** One received request. Entries are updated in place when the request ends. */
export interface RequestLogEntry {
  readonly seq: number;
  readonly method: string;
  /** Path as received, without the query. */
  readonly path: string;
  /** First value of each query parameter, names as sent. */
  readonly query: Readonly<Record<string, string>>;
  /** The Authorization header exactly as received. */
  readonly authorization: string | undefined;
  readonly headers: Readonly<Record<string, string | string[] | undefined>>;
  readonly remoteAddress: string;
  readonly transport: RequestTransport;
  /** Milliseconds since the epoch. */
  readonly startedAt: number;
  status: number | undefined;
  end: RequestEnd;
  endedAt: number | undefined;
  /** Authenticated user name, if any. */
  user: string | undefined;
}

/** One live stream (poll requests are not subscribers). */
export interface SubscriberInfo {
  /** The `seq` of its request in the log. */
  readonly id: number;
  readonly topics: readonly string[];
  /** The raw topic list from the path, e.g. `a,b`. */
  readonly topicsRaw: string;
  readonly transport: StreamTransport;
  readonly user: string | undefined;
  /** The `since` value as sent (`none` if absent). */
  readonly since: string;
  readonly connectedAt: number;
}

import type { Faults } from './fault-types.ts';

export type { FailNextOptions, Faults, InjectOptions } from './fault-types.ts';

export interface TestServerEvents {
  request: [RequestLogEntry];
  'request-end': [RequestLogEntry];
  subscribe: [SubscriberInfo];
  unsubscribe: [SubscriberInfo];
  /** A message or event fanned out live (after a delay for delayed messages). */
  publish: [NtfyMessage];
  /** A WebSocket client answered a ping (its pong deadline starts again). */
  pong: [SubscriberInfo];
}

export interface WaitOptions {
  /** Default 5 000 ms. */
  timeoutMs?: number;
}

export interface TestServer {
  /** `http://127.0.0.1:PORT`, no trailing slash. */
  readonly url: string;
  /** `ws://127.0.0.1:PORT`. */
  readonly wsUrl: string;
  readonly port: number;
  readonly events: EventEmitter<TestServerEvents>;
  /** Every request received, oldest first. */
  readonly requests: readonly RequestLogEntry[];
  readonly faults: Faults;
  /** Publishes like `PUT /<topic>` and resolves with the stored message (after caching, like the HTTP answer). */
  publish(topic: string, messageOrOptions?: string | PublishOptions): Promise<NtfyMessage>;
  /** Fans out (and by default caches) exactly this event, for shapes publishing cannot make. */
  publishRaw(message: NtfyMessage, options?: { cache?: boolean }): Promise<NtfyMessage>;
  /** newer events: a `message_delete` for `sequenceId` (requires `newerEvents`). */
  deleteMessage(topic: string, sequenceId: string): Promise<NtfyMessage>;
  /** newer events: a `message_clear` for `sequenceId` (requires `newerEvents`). */
  clearMessage(topic: string, sequenceId: string): Promise<NtfyMessage>;
  /** The cached messages (expired ones pruned), in insertion order, delayed ones included. */
  cachedMessages(): NtfyMessage[];
  subscribers(): SubscriberInfo[];
  /** Resolves once at least `count` live streams are established (open and replay written), optionally on a topic. */
  waitForSubscribers(count: number, options?: WaitOptions & { topic?: string }): Promise<SubscriberInfo[]>;
  /** Resolves once no live stream is left. */
  waitForNoSubscribers(options?: WaitOptions): Promise<void>;
  /** Resolves with the first logged request (past or future) matching the predicate. */
  waitForRequest(predicate: (entry: RequestLogEntry) => boolean, options?: WaitOptions): Promise<RequestLogEntry>;
  /** Resolves with the first matching request once it has ended. */
  waitForRequestEnd(predicate: (entry: RequestLogEntry) => boolean, options?: WaitOptions): Promise<RequestLogEntry>;
  close(): Promise<void>;
}
