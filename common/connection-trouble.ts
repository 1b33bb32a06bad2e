/**
 * Why a connection waits to reconnect, as a code. The core sets it where it knows what happened (the transport's
 * error, the server's status, the watchdog), and each face words it in its own language: the window's server banner
 * says "The server is busy" for `{ kind: 'http', status: 503 }` without reading the core's text. The core's text
 * still travels beside it (`reason`), shown on request as the detail.
 */
import type { NetworkFailureKind } from './network-failure.ts';

export type ConnectionTrouble =
  /** Connecting failed or the connection broke: refused, host not found, unreachable, reset, timeout, TLS. */
  | { readonly kind: 'network'; readonly failure: NetworkFailureKind }
  /** The server answered the subscribe request with an error status (429, 5xx, …). */
  | { readonly kind: 'http'; readonly status: number }
  /** The answer was not an ntfy stream: a Wi-Fi login page, a proxy's page. */
  | { readonly kind: 'not-ntfy' }
  /** No byte, keepalive or ping within the keepalive timeout. */
  | { readonly kind: 'silent' }
  /** The server, or a proxy on the way, closed the stream. */
  | { readonly kind: 'ended' }
  /** Something on this machine: storing the messages read failed. */
  | { readonly kind: 'local' };

/** The trouble a transport reports when it ends with a network problem. */
export type NetworkTrouble = Extract<ConnectionTrouble, { readonly kind: 'network' | 'not-ntfy' }>;
