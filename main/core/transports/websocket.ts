/**
 * The /ws format through `ws`: one text message per event (fragmented above ~1 KB — `ws` reassembles), Ping
 * frames as keepalive (answered by `ws` automatically; we count them as liveness), and no Close frame from the
 * server: every server-side end looks like 1006 (../shared/PROTOCOL.md, "WebSocket specifics").
 */
import WebSocket from 'ws';
import { parseStreamJson } from '../protocol/parse.ts';
import { DEFAULT_MAX_LINE_BYTES } from './line-splitter.ts';
import { describeServerError, type OpenTransportOptions, type Transport, type TransportEnd } from './transport.ts';

export function openWebSocket(options: OpenTransportOptions): Transport {
  const { handlers } = options;
  const maxItemBytes = options.maxItemBytes ?? DEFAULT_MAX_LINE_BYTES;
  let ended = false;
  const end = (result: TransportEnd): void => {
    if (ended) return;
    ended = true;
    handlers.onEnd(result);
  };

  // An item over the cap is skipped like an over-long line on the HTTP formats, and the connection lives on; only
  // something absurd (over 16× the cap) makes `ws` fail the connection (1009) rather than buffer it.
  const socket = new WebSocket(options.request.url, {
    headers: options.request.headers,
    maxPayload: maxItemBytes * 16,
  });

  socket.on('upgrade', () => {
    handlers.onOpen();
  });
  socket.on('unexpected-response', (_request, response) => {
    const retryAfter = response.headers['retry-after'];
    const error = describeServerError(response.statusCode ?? 0, response.statusMessage ?? '', '', retryAfter);
    response.resume();
    end({ kind: 'refused', error });
    socket.terminate();
  });
  socket.on('ping', () => {
    handlers.onActivity();
  });
  socket.on('message', (data, isBinary) => {
    if (ended) return;
    handlers.onActivity();
    if (isBinary) {
      handlers.onItem({ type: 'invalid', reason: 'binary WebSocket message' });
      return;
    }
    const bytes = Array.isArray(data) ? Buffer.concat(data) : data instanceof ArrayBuffer ? Buffer.from(data) : data;
    if (bytes.length > maxItemBytes) {
      handlers.onItem({ type: 'invalid', reason: `line-too-long (${bytes.length} bytes)` });
      return;
    }
    let text: string;
    try {
      text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    } catch {
      handlers.onItem({ type: 'invalid', reason: `invalid-utf8 (${bytes.length} bytes)` });
      return;
    }
    handlers.onItem(parseStreamJson(text));
  });
  socket.on('error', (error) => {
    end({ kind: 'network', message: error.message });
  });
  socket.on('close', () => {
    end({ kind: 'ended' });
  });

  return {
    close() {
      end({ kind: 'closed' });
      socket.terminate();
    },
  };
}
