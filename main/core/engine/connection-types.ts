/** The shapes a connection is described, built and observed by. */
import type { ConnectionTrouble } from '../../../common/connection-trouble.ts';
import type { Deliver } from '../delivery/deliver.ts';
import type { Clock, HistoryStore, Logger } from '../ports.ts';
import type { SinceValue } from '../protocol/since.ts';
import type { Credentials, SubscribeFilters, TransportKind } from '../protocol/subscribe-request.ts';
import type { OpenTransport, ServerError } from '../transports/transport.ts';
import { DEFAULT_INITIAL_DELAY_MS, DEFAULT_MAX_DELAY_MS } from './backoff.ts';
import type { CheckTopicAccess, Poll } from './http-requests.ts';
import { DEFAULT_KEEPALIVE_TIMEOUT_MS } from './watchdog.ts';

/** Everything that makes one connection: subscriptions that share all of it share one connection. */
export interface ConnectionSpec {
  /** Stable identity of the group (server, credentials identity, transport, filters); keys its cursor. */
  readonly key: string;
  /** Normalized server base URL, e.g. `https://ntfy.sh`. */
  readonly server: string;
  readonly topics: readonly string[];
  readonly transport: TransportKind;
  readonly filters: SubscribeFilters;
  readonly credentials: Credentials;
  readonly authVia: 'header' | 'query';
  readonly scheduled: boolean;
  /** Where a group without a cursor starts: `all` loads the cached history (stored, not popped up). */
  readonly initialSince: SinceValue;
}

export type ConnectionState =
  | { readonly kind: 'connecting' }
  | { readonly kind: 'open'; readonly since: number }
  /** Waiting to reconnect: `trouble` is why as a code (the window words it), `reason` in the core's words. */
  | {
      readonly kind: 'backoff';
      readonly nextAttemptAt: number;
      readonly reason: string;
      readonly trouble: ConnectionTrouble;
    }
  /** 401/403: no retries until the credentials change (servers lock out clients that keep failing). */
  | { readonly kind: 'auth-failed'; readonly error: ServerError }
  /** A request the server will never accept (e.g. 400): no retries until the subscription changes. */
  | { readonly kind: 'error'; readonly message: string }
  | { readonly kind: 'stopped' };

interface ConnectionCounters {
  readonly reconnects: number;
  readonly messages: number;
  /** Clock milliseconds of the last byte, keepalive or ping. */
  readonly lastActivityAt?: number;
}

export interface ConnectionStatus {
  readonly key: string;
  readonly server: string;
  readonly transport: TransportKind;
  /** The topics this connection carries now (forbidden ones removed). */
  readonly topics: readonly string[];
  /** Topics isolated after a 403 on a multi-topic connection. */
  readonly forbiddenTopics: readonly string[];
  readonly state: ConnectionState;
  readonly counters: ConnectionCounters;
}

/** All milliseconds. */
export interface ConnectionTiming {
  /** Silence after which the connection is dead. Servers send keepalives every 45 s by default. */
  readonly keepaliveTimeoutMs: number;
  readonly backoffInitialMs: number;
  readonly backoffMaxMs: number;
  /** Open this long without trouble → the backoff starts over. */
  readonly healthyAfterMs: number;
  /** Poll this long after every connect: catches a message fanned out while we were reconnecting. */
  readonly pollAfterConnectMs: number;
  /** Safety-net poll while open (buffering proxies). */
  readonly pollIntervalMs: number;
  /** A replay is handed on once the stream has been quiet this long. */
  readonly catchUpQuietMs: number;
}

export const DEFAULT_TIMING: ConnectionTiming = {
  keepaliveTimeoutMs: DEFAULT_KEEPALIVE_TIMEOUT_MS,
  backoffInitialMs: DEFAULT_INITIAL_DELAY_MS,
  backoffMaxMs: DEFAULT_MAX_DELAY_MS,
  healthyAfterMs: 60_000,
  pollAfterConnectMs: 3000,
  pollIntervalMs: 10 * 60_000,
  catchUpQuietMs: 150,
};

export interface ConnectionOptions {
  readonly spec: ConnectionSpec;
  readonly clock: Clock;
  readonly random: () => number;
  readonly log: Logger;
  readonly openTransport: OpenTransport;
  readonly history: HistoryStore;
  readonly deliver: Deliver;
  readonly poll: Poll;
  readonly checkTopicAccess: CheckTopicAccess;
  readonly timing?: Partial<ConnectionTiming>;
  readonly onStatus: (status: ConnectionStatus) => void;
  /** Bodies from the raw format, which has no ids: not stored, not deduplicated. */
  readonly onRaw?: (body: string, spec: ConnectionSpec) => void;
}
