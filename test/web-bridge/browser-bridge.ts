/**
 * Runs in the page, before the app's script (bundled to /bridge.js by bundle-browser-bridge.ts): defines
 * window.ntfy as the same BridgeApi the Electron preload exposes, forwarding each call over a WebSocket to the
 * dev:web server. Typed without the DOM lib (this file is in the Node TypeScript project), so the few browser
 * globals it needs are declared below.
 */
import {
  BRIDGE_GLOBAL_NAME,
  type BridgeApi,
  type BridgeResult,
  type BridgeTransport,
  createBridgeApi,
  type EventChannel,
} from '../../common/ipc.ts';
import {
  BRIDGE_SOCKET_PATH,
  BRIDGE_TOKEN_PARAM,
  type BridgeRequestMessage,
  type BridgeServerMessage,
} from './protocol.ts';

interface PageSocket {
  send(data: string): void;
  addEventListener(type: 'open' | 'close', listener: () => void): void;
  addEventListener(type: 'message', listener: (event: { readonly data: unknown }) => void): void;
}

interface PageGlobals {
  readonly WebSocket: new (url: string) => PageSocket;
  readonly location: { readonly host: string; readonly search: string };
}

const page = globalThis as unknown as PageGlobals;
const token = new URLSearchParams(page.location.search).get(BRIDGE_TOKEN_PARAM) ?? '';
const socket = new page.WebSocket(
  `ws://${page.location.host}${BRIDGE_SOCKET_PATH}?${BRIDGE_TOKEN_PARAM}=${encodeURIComponent(token)}`,
);

type Settle = (result: BridgeResult<unknown>) => void;
const pending = new Map<number, Settle>();
const listeners = new Map<EventChannel, Set<(payload: unknown) => void>>();
/** Requests made before the socket opened (the app asks as soon as it mounts); sent on open. */
let queued: string[] | undefined = [];
let closed = false;
let nextId = 1;

function closedResult(): BridgeResult<never> {
  return {
    ok: false,
    error: { code: 'internal', message: 'the dev:web bridge connection is closed; reload the page' },
  };
}

socket.addEventListener('open', () => {
  for (const data of queued ?? []) socket.send(data);
  queued = undefined;
});

socket.addEventListener('close', () => {
  closed = true;
  for (const settle of pending.values()) settle(closedResult());
  pending.clear();
});

socket.addEventListener('message', ({ data }) => {
  if (typeof data !== 'string') return;
  const message = JSON.parse(data) as BridgeServerMessage;
  if ('id' in message) {
    pending.get(message.id)?.(message.result);
    pending.delete(message.id);
    return;
  }
  for (const listener of [...(listeners.get(message.event) ?? [])]) listener(message.payload);
});

/** The server answers every channel with a BridgeResult (test/web-bridge/server.ts); createBridgeApi types it. */
const invoke: BridgeTransport['invoke'] = (channel, args) => {
  if (closed) return Promise.resolve(closedResult());
  const request: BridgeRequestMessage = { id: nextId++, channel, args };
  return new Promise((resolve) => {
    pending.set(request.id, resolve);
    const data = JSON.stringify(request);
    if (queued === undefined) socket.send(data);
    else queued.push(data);
  });
};

const listen: BridgeTransport['listen'] = (channel, listener) => {
  // Its own wrapper per call, so the same listener added twice is two subscriptions, as with ipcRenderer.on.
  const handler = (payload: unknown): void => {
    listener(payload);
  };
  const set = listeners.get(channel) ?? new Set();
  set.add(handler);
  listeners.set(channel, set);
  return () => {
    set.delete(handler);
  };
};

const api: BridgeApi = createBridgeApi({ invoke, listen });

// Like contextBridge.exposeInMainWorld: a read-only global holding a frozen object.
Object.defineProperty(globalThis, BRIDGE_GLOBAL_NAME, { value: Object.freeze(api), enumerable: true });
