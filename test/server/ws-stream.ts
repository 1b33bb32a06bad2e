/**
 * `/ws` streams (docs/protocol.md#websocket): 101 without a subprotocol; one text message per event (JSON
 * with its trailing newline), fragmented into 1024-byte frames when longer, as ntfy's 1024-byte write buffer does;
 * a Ping frame every keepalive interval and no JSON keepalive; a client that does not pong within interval + grace
 * is dropped; client data frames up to 64 bytes are ignored and a larger one closes with 1009. Every end the server
 * initiates is abrupt (socket destroyed, no Close frame).
 */
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import type { WebSocket } from 'ws';
import type { LiveStream } from './hub.ts';
import { streamEvent } from './messages.ts';
import { replayMessages } from './publisher.ts';
import { subscriberInfo, type StreamSetup } from './stream-setup.ts';
import { passesFilters } from './subscribe-params.ts';
import type { KeepaliveTimerHandle, NtfyMessage } from './types.ts';
import { encodeMessageLine } from './wire-format.ts';

/** gorilla/websocket's buffer size in ntfy (wsBufferSize). */
const frameSize = 1024;

/** Sends one text message, split into FIN=0 frames plus continuation frames when longer than one buffer. */
export function sendFragmented(ws: WebSocket, text: string): void {
  const bytes = Buffer.from(text, 'utf8');
  if (bytes.length <= frameSize) {
    ws.send(bytes, { binary: false, compress: false });
    return;
  }
  for (let offset = 0; offset < bytes.length; offset += frameSize) {
    const fin = offset + frameSize >= bytes.length;
    ws.send(bytes.subarray(offset, offset + frameSize), { binary: false, compress: false, fin });
  }
}

/** Closes the TCP connection once what was written is flushed, without a WebSocket Close frame. */
function endWithoutCloseFrame(socket: Duplex): void {
  socket.end(() => socket.destroy());
}

export function serveWsStream(setup: StreamSetup, req: IncomingMessage, socket: Duplex, head: Buffer): void {
  const { ctx, entry, params, visitor } = setup;
  let upgraded = false;
  socket.once('close', () => {
    // ws answers a malformed handshake itself (400) without calling back: the stream slot must still be freed.
    if (!upgraded) ctx.visitors.releaseStream(visitor);
  });
  ctx.wss.handleUpgrade(req, socket, head, (ws) => {
    upgraded = true;
    ctx.log.setStatus(entry, 101);
    const writeEvent = (message: NtfyMessage): void => {
      if (passesFilters(params.filters, message) && ws.readyState === ws.OPEN) {
        sendFragmented(ws, encodeMessageLine(message));
      }
    };

    if (params.poll) {
      // ntfy returns from the handler after the replay, which closes the connection without a Close frame.
      for (const message of replayMessages(ctx, setup.topics, params)) writeEvent(message);
      ctx.log.expectEnd(entry, 'completed');
      ws.once('close', () => {
        ctx.visitors.releaseStream(visitor);
        ctx.log.finish(entry, 'completed');
      });
      endWithoutCloseFrame(socket);
      return;
    }

    let stalled = ctx.faults.stalled;
    const timers = ctx.options.keepaliveTimers;
    const pongWaitMs = ctx.options.keepaliveIntervalMs + ctx.options.wsPongGraceMs;
    let pongDeadline: KeepaliveTimerHandle | undefined;
    let nextPing: KeepaliveTimerHandle | undefined;
    const drop = (): void => {
      ctx.log.expectEnd(entry, 'server-dropped');
      ws.terminate();
    };
    const armPongDeadline = (): void => {
      if (pongDeadline !== undefined) timers.clearTimeout(pongDeadline);
      pongDeadline = timers.setTimeout(() => {
        if (stalled) armPongDeadline();
        else drop();
      }, pongWaitMs);
    };
    const schedulePing = (): void => {
      nextPing = timers.setTimeout(() => {
        if (!stalled && ws.readyState === ws.OPEN) ws.ping();
        schedulePing();
      }, ctx.options.keepaliveIntervalMs);
    };

    const stream: LiveStream = {
      info: subscriberInfo(setup, 'ws'),
      deliver: (message) => {
        if (!stalled) writeEvent(message);
      },
      inject: (data, options) => {
        if (stalled || ws.readyState !== ws.OPEN) return false;
        ws.send(data, { binary: options.wsBinary ?? false, compress: false });
        return true;
      },
      drop,
      setStalled: (value) => {
        stalled = value;
        // A half-open peer reads nothing either: no pongs, no close frames, no data until unstalled.
        if (value) socket.pause();
        else {
          socket.resume();
          armPongDeadline();
        }
      },
    };

    ctx.hub.add(stream);
    writeEvent(streamEvent('open', setup.topicsRaw, ctx.options.clock.now()));
    for (const message of replayMessages(ctx, setup.topics, params)) writeEvent(message);

    armPongDeadline();
    ws.on('pong', () => {
      armPongDeadline();
      ctx.events.emit('pong', stream.info);
    });
    schedulePing();

    ws.on('error', () => {
      // The ws library has already sent Close 1009 for an oversized client frame (ntfy's read limit is 64 bytes);
      // the close handler below does the bookkeeping.
      ctx.log.expectEnd(entry, 'error');
    });
    ws.once('close', () => {
      if (nextPing !== undefined) timers.clearTimeout(nextPing);
      if (pongDeadline !== undefined) timers.clearTimeout(pongDeadline);
      ctx.hub.remove(stream);
      ctx.visitors.releaseStream(visitor);
      ctx.log.finish(entry, 'client-closed');
      ctx.events.emit('unsubscribe', stream.info);
    });
    ctx.events.emit('subscribe', stream.info);
  });
}
