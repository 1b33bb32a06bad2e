/**
 * A bare node:http server on 127.0.0.1 whose every answer the test writes itself: redirects, captive portals,
 * endless bodies, upgrade refusals with or without a body. For what real ntfy does, use test/server instead.
 */
import http from 'node:http';
import type net from 'node:net';
import { WebSocketServer, type WebSocket } from 'ws';
import type { TransportEnd, TransportHandlers, TransportItem } from '../../main/core/transports/transport.ts';

export interface SeenRequest {
  readonly method: string;
  readonly path: string;
  readonly authorization: string | undefined;
  readonly upgrade: boolean;
}

export interface HostileServerOptions {
  /** Plain requests. */
  readonly onRequest?: (request: http.IncomingMessage, response: http.ServerResponse) => void;
  /**
   * Upgrade requests: write a raw answer to `socket`, or call `accept` to complete the WebSocket handshake.
   * Default: refuse with a bare 404.
   */
  readonly onUpgrade?: (
    request: http.IncomingMessage,
    socket: net.Socket,
    accept: (onSocket: (ws: WebSocket) => void) => void,
  ) => void;
}

export interface HostileServer {
  /** `http://127.0.0.1:<port>` */
  readonly url: string;
  /** `ws://127.0.0.1:<port>` */
  readonly wsUrl: string;
  readonly requests: readonly SeenRequest[];
  close(): Promise<void>;
}

export async function startHostileServer(options: HostileServerOptions): Promise<HostileServer> {
  const requests: SeenRequest[] = [];
  const sockets = new Set<net.Socket>();
  const wss = new WebSocketServer({ noServer: true });
  const note = (request: http.IncomingMessage, upgrade: boolean): void => {
    requests.push({
      method: request.method ?? '',
      path: request.url ?? '',
      authorization: request.headers.authorization,
      upgrade,
    });
  };
  const server = http.createServer((request, response) => {
    note(request, false);
    if (options.onRequest === undefined) response.writeHead(404).end();
    else options.onRequest(request, response);
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  server.on('upgrade', (request: http.IncomingMessage, socket: net.Socket, head: Buffer) => {
    note(request, true);
    const accept = (onSocket: (ws: WebSocket) => void): void => {
      wss.handleUpgrade(request, socket, head, onSocket);
    };
    if (options.onUpgrade === undefined) socket.end('HTTP/1.1 404 Not Found\r\nContent-Length: 0\r\n\r\n');
    else options.onUpgrade(request, socket, accept);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('no TCP address');
  return {
    url: `http://127.0.0.1:${address.port}`,
    wsUrl: `ws://127.0.0.1:${address.port}`,
    requests,
    async close() {
      for (const client of wss.clients) client.terminate();
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve, reject) => {
        server.close((error) => {
          if (error) reject(error);
          else resolve();
        });
      });
    },
  };
}

/** Waits for a transport's end (or anything else delivered through a callback) as a promise. */
export function deferred<T>(): { promise: Promise<T>; resolve: (value: T) => void } {
  let resolve: (value: T) => void = () => undefined;
  const promise = new Promise<T>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

/** Handlers that record what a transport reports, with the end as a promise. */
export function recordingHandlers(hooks: { onOpen?: () => void; onItem?: (count: number) => void } = {}): {
  readonly handlers: TransportHandlers;
  readonly items: TransportItem[];
  readonly opened: () => boolean;
  readonly ended: Promise<TransportEnd>;
} {
  const items: TransportItem[] = [];
  let opened = false;
  const end = deferred<TransportEnd>();
  return {
    items,
    opened: () => opened,
    ended: end.promise,
    handlers: {
      onOpen: () => {
        opened = true;
        hooks.onOpen?.();
      },
      onActivity: () => undefined,
      onItem: (item) => {
        items.push(item);
        hooks.onItem?.(items.length);
      },
      onEnd: end.resolve,
    },
  };
}
