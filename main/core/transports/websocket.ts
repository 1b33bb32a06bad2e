/**
 * The /ws format through `ws`: one text message per event (fragmented above ~1 KB — `ws` reassembles), Ping
 * frames as keepalive (answered by `ws` automatically; we count them as liveness), and no Close frame from the
 * server: every server-side end looks like 1006 (docs/protocol.md#websocket).
 */
import type http from 'node:http';
import WebSocket from 'ws';
import { parseStreamJson } from '../protocol/parse.ts';
import { describeResponseError, readLimitedBody } from './error-body.ts';
import { headerProblem, networkTrouble } from './http-get.ts';
import { DEFAULT_MAX_LINE_BYTES } from './line-splitter.ts';
import { PausedDelivery } from './paused-delivery.ts';
import { decideRedirect, isRedirectStatus } from './redirects.ts';
import type { OpenTransportOptions, ServerError, Transport, TransportItem } from './transport.ts';
import { probeServerError } from './upgrade-error-probe.ts';
import { errorMessage } from '../../../common/error-message.ts';

function decodeMessage(data: WebSocket.RawData, isBinary: boolean, maxItemBytes: number): TransportItem {
  if (isBinary) return { type: 'invalid', reason: 'binary WebSocket message' };
  const bytes = Array.isArray(data) ? Buffer.concat(data) : data instanceof ArrayBuffer ? Buffer.from(data) : data;
  if (bytes.length > maxItemBytes) return { type: 'invalid', reason: `line-too-long (${bytes.length} bytes)` };
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    // fatal: true throws only for malformed UTF-8; reported as an invalid item, not swallowed.
    return { type: 'invalid', reason: `invalid-utf8 (${bytes.length} bytes)` };
  }
  return parseStreamJson(text);
}

export function openWebSocket(options: OpenTransportOptions): Transport {
  const { handlers } = options;
  const maxItemBytes = options.maxItemBytes ?? DEFAULT_MAX_LINE_BYTES;
  const delivery = new PausedDelivery(handlers);
  /** The socket whose events count; older ones (before a redirect, after a refusal) are ignored. */
  let socket: WebSocket | undefined;
  let stopProbe: (() => void) | undefined;

  /** Real ntfy answers a failed upgrade with a bare status: ask /auth for the reason (its code, e.g. 42909). */
  const refuse = (url: URL, error: ServerError): void => {
    const bare = error.code === undefined && [401, 403, 429].includes(error.status);
    if (!bare) {
      delivery.end({ kind: 'refused', error });
      return;
    }
    stopProbe = probeServerError({
      subscribeUrl: url,
      headers: options.request.headers,
      onDone: (probed) => {
        delivery.end({ kind: 'refused', error: probed?.code === undefined ? error : probed });
      },
    });
  };

  const onUnexpectedResponse = (ws: WebSocket, url: URL, hops: number, response: http.IncomingMessage): void => {
    const status = response.statusCode ?? 0;
    const location = response.headers.location;
    if (isRedirectStatus(status) && location !== undefined) {
      response.resume();
      ws.terminate();
      const decision = decideRedirect(url, location, hops);
      if (decision.kind === 'fatal') delivery.end(decision);
      else connect(decision.url, hops + 1);
      return;
    }
    readLimitedBody(response, (body) => {
      ws.terminate();
      if (!delivery.ending) refuse(url, describeResponseError(response, body));
    });
  };

  const connect = (target: string | URL, hops: number): void => {
    let ws: WebSocket;
    let url: URL;
    try {
      url = new URL(target);
      // An item over the cap is skipped like an over-long line on the HTTP formats, and the connection lives on;
      // only something absurd (over 16× the cap) makes `ws` fail the connection (1009) rather than buffer it.
      ws = new WebSocket(url, { headers: options.request.headers, maxPayload: maxItemBytes * 16 });
    } catch (error) {
      // Synchronous throws are local and permanent (an invalid URL); headers were checked before.
      delivery.end({ kind: 'fatal', message: errorMessage(error) });
      return;
    }
    socket = ws;
    const current = (): boolean => socket === ws && !delivery.ending;
    ws.on('upgrade', () => {
      if (current()) handlers.onOpen();
    });
    ws.on('open', () => {
      // ws ignores pause() while connecting; a pause from onOpen takes effect here.
      if (delivery.paused) ws.pause();
    });
    ws.on('unexpected-response', (_request, response) => {
      if (!current()) {
        response.resume();
        ws.terminate();
        return;
      }
      socket = undefined; // from here on this socket's error/close events are not the end of the transport
      onUnexpectedResponse(ws, url, hops, response);
    });
    ws.on('ping', () => {
      if (current()) handlers.onActivity();
    });
    ws.on('message', (data, isBinary) => {
      if (!current()) return;
      handlers.onActivity();
      delivery.push(decodeMessage(data, isBinary, maxItemBytes));
      if (delivery.paused) ws.pause();
    });
    ws.on('error', (error) => {
      if (socket === ws) delivery.end({ kind: 'network', message: error.message, trouble: networkTrouble(error) });
    });
    ws.on('close', () => {
      if (socket === ws) delivery.end({ kind: 'ended' });
    });
  };

  const problem = headerProblem(options.request.headers);
  queueMicrotask(() => {
    if (problem !== undefined) delivery.end({ kind: 'fatal', message: problem });
    else if (!delivery.ending) connect(options.request.url, 0);
  });

  return {
    close() {
      delivery.end({ kind: 'closed' });
      stopProbe?.();
      socket?.terminate();
    },
    pause() {
      delivery.pause();
      socket?.pause();
    },
    resume() {
      if (delivery.resume()) socket?.resume();
    },
  };
}
