/**
 * The dev:web wire format, shared by the Node server (server.ts) and the page script (browser-bridge.ts). One
 * WebSocket per page on the bridge server's own origin: requests carry an id the answer repeats; pushes carry the
 * IPC event name. Everything is JSON, so `undefined` fields vanish on the way, which the guards already accept.
 */
import type { BridgeResult, EventChannel, OperationChannel } from '../../common/ipc.ts';

/** The WebSocket path on the bridge server (same origin as the page, so the page's `connect-src 'self'` allows it). */
export const BRIDGE_SOCKET_PATH = '/bridge';

/**
 * The page's URL carries a secret made per run (`/?token=…`), and the page hands it on in the socket's URL: a web page
 * of another origin that finds the port can neither read the token nor pass the Origin check.
 */
export const BRIDGE_TOKEN_PARAM = 'token';

/** The script that defines window.ntfy; the served index.html loads it before the app's module script. */
export const BRIDGE_SCRIPT_PATH = '/bridge.js';

export interface BridgeRequestMessage {
  readonly id: number;
  readonly channel: OperationChannel;
  readonly args: readonly unknown[];
}

export interface BridgeResponseMessage {
  readonly id: number;
  readonly result: BridgeResult<unknown>;
}

export interface BridgeEventMessage {
  readonly event: EventChannel;
  readonly payload: unknown;
}

export type BridgeServerMessage = BridgeResponseMessage | BridgeEventMessage;
