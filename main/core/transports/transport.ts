/**
 * One interface for the four stream formats (docs/protocol.md#stream-formats). A transport opens one request,
 * reports what it reads, and ends exactly once; reconnecting is the connection's decision, never the transport's.
 */
import type { NetworkTrouble } from '../../../common/connection-trouble.ts';
import { readNtfyErrorBody } from '../protocol/error-body.ts';
import type { ParseResult } from '../protocol/types.ts';
import type { SubscribeRequest, TransportKind } from '../protocol/subscribe-request.ts';

/** What the transport read: a parsed JSON item, or (raw format only) a message body without id. */
export type TransportItem = ParseResult | { readonly type: 'raw'; readonly body: string };

/** An error answer from the server, e.g. `{"code":40101,"http":401,"error":"unauthorized"}`. */
export interface ServerError {
  readonly status: number;
  /** ntfy's error code such as 40301, when the body was ntfy's JSON. */
  readonly code?: number;
  /** Human-readable, from the JSON body or the status text; never the raw body of an HTML proxy page. */
  readonly message: string;
  /** The Retry-After header as received (seconds or an HTTP date). */
  readonly retryAfter?: string;
}

export type TransportEnd =
  /** The server refused the request (non-2xx answer, or a failed WebSocket upgrade). */
  | { readonly kind: 'refused'; readonly error: ServerError }
  /**
   * Connecting failed or the connection broke (DNS, refused, reset, TLS), or the answer was no ntfy stream;
   * `trouble` says which as a code, `message` in words for the log and the detail.
   */
  | { readonly kind: 'network'; readonly message: string; readonly trouble: NetworkTrouble }
  /** The stream ended without an error from our side (server closed it, proxy cut it). */
  | { readonly kind: 'ended' }
  /**
   * A problem retrying cannot fix (a credential that cannot be sent in a header, a redirect to another server,
   * too many redirects); `message` is meant for the user.
   */
  | { readonly kind: 'fatal'; readonly message: string }
  /** `close()` was called. */
  | { readonly kind: 'closed' };

export interface TransportHandlers {
  /** The server accepted the request (HTTP 2xx, WebSocket 101). */
  readonly onOpen: () => void;
  /** Any sign of life: bytes read, a WebSocket ping. Feeds the liveness watchdog. */
  readonly onActivity: () => void;
  readonly onItem: (item: TransportItem) => void;
  /** Called exactly once, never before `openTransport` has returned. */
  readonly onEnd: (end: TransportEnd) => void;
}

export interface Transport {
  /** Ends the stream; `onEnd({ kind: 'closed' })` follows unless it had already ended. */
  close(): void;
  /**
   * Stop reading from the socket until resume(): no onItem/onActivity meanwhile, so a slow consumer makes the
   * server's socket buffer fill instead of our memory. Items already read and split are held back and delivered
   * after resume(), in order. The connection's liveness watchdog should not run while paused. Idempotent.
   */
  pause(): void;
  /** Reads again after pause(), first delivering what was held back. Idempotent. */
  resume(): void;
}

export interface OpenTransportOptions {
  readonly kind: TransportKind;
  readonly request: SubscribeRequest;
  readonly handlers: TransportHandlers;
  /** Cap on one stream item, bytes. */
  readonly maxItemBytes?: number;
}

export type OpenTransport = (options: OpenTransportOptions) => Transport;

/** Reads a server's error body: ntfy's JSON when present, else the status text (HTML proxy pages are not shown). */
export function describeServerError(
  status: number,
  statusText: string,
  body: string,
  retryAfter?: string,
): ServerError {
  // Not ntfy's JSON (an HTML proxy page, an empty WebSocket upgrade answer): the status alone.
  const { code, error: words } = readNtfyErrorBody(body);
  const error: ServerError = { status, message: statusText === '' ? `HTTP ${status}` : `HTTP ${status} ${statusText}` };
  if (code !== undefined) Object.assign(error, { code });
  if (words !== undefined) Object.assign(error, { message: `${words} (HTTP ${status})` });
  if (retryAfter !== undefined && retryAfter !== '') Object.assign(error, { retryAfter });
  return error;
}
