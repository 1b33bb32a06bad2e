/** The test server's fault switches: what a test may break, in-process (types.ts re-exports them). */
import type { RequestLogEntry } from './types.ts';

export interface FailNextOptions {
  status: number;
  /** A string is sent as is (HTML if it starts with `<`); an object is sent as JSON. Default: no body. */
  body?: string | Readonly<Record<string, unknown>>;
  contentType?: string;
  /** `Retry-After` header: seconds or an HTTP date. */
  retryAfter?: number | string;
  /** Only requests matching this count towards N; default every request. */
  match?: (request: RequestLogEntry) => boolean;
}

export interface InjectOptions {
  /** Only streams subscribed to this topic. */
  topic?: string;
  /** On WebSockets the bytes go as one data frame: text by default, binary if set. */
  wsBinary?: boolean;
}

/** In-process fault injection. */
export interface Faults {
  /** Destroys every connection (streams, WebSockets, idle keep-alive sockets, held requests) without a goodbye. */
  dropAll(): void;
  /**
   * Half-open connections: open sockets stay open but nothing more is sent (no events, keepalives or pings; pongs
   * are not read), and new requests are accepted but not answered, until `unstall()` or `dropAll()`.
   */
  stall(): void;
  /** Ends a stall; held requests are then processed. Events published during the stall are lost for its streams. */
  unstall(): void;
  readonly stalled: boolean;
  /**
   * Closes the listener and every connection, waits, and listens again on the same port. The cache survives. It waits
   * `pauseMs` (default 100), or until `until` settles: a test that checks what happens during the pause holds it
   * open that way, so a slow machine cannot end it first.
   */
  restart(options?: { pauseMs?: number; until?: Promise<void> }): Promise<void>;
  /** Writes bytes into live streams as they are (one chunk on HTTP); returns how many streams got them. */
  inject(data: string | Buffer, options?: InjectOptions): number;
  /** Answers the next `count` (matching) requests with the given status instead of handling them. */
  failNext(count: number, options: FailNextOptions): void;
  /**
   * A proxy in front with a request-line limit (nginx: `large_client_header_buffers`, 8 KB): every request whose
   * target (path and query) is longer than `maxBytes` gets nginx's 414 page, until `undefined` lifts the limit.
   */
  limitUrlLength(maxBytes: number | undefined): void;
  /**
   * Holds uploads: a `PUT`/`POST /<topic>` is read (after auth and ntfy's early size check) but not taken until
   * `holdUploads(false)`, as if its body were still arriving: the client waits for the answer, and one that goes
   * away meanwhile has published nothing (ntfy publishes only a body it read whole).
   */
  holdUploads(held: boolean): void;
}
