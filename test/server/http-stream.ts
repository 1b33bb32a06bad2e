/**
 * `/json`, `/sse` and `/raw` streams (docs/protocol.md#stream-formats). Each event is written with one `res.write`, so
 * it is one chunk of the chunked response. Like ntfy, the stream is registered for live messages before `open` is
 * written (so a live message can precede `open`), then `open`, then the replay, then a keepalive every interval,
 * periodic regardless of traffic. With `poll=1` there is no `open`: the replay, then the end of the response.
 */
import type { ServerResponse } from 'node:http';
import type { LiveStream } from './hub.ts';
import { streamEvent } from './messages.ts';
import { replayMessages } from './publisher.ts';
import { subscriberInfo, type StreamSetup } from './stream-setup.ts';
import { passesFilters } from './subscribe-params.ts';
import type { KeepaliveTimerHandle, NtfyMessage } from './types.ts';
import { contentTypes, encodeForTransport } from './wire-format.ts';

export function serveHttpStream(setup: StreamSetup, format: 'json' | 'sse' | 'raw', res: ServerResponse): void {
  const { ctx, entry, params, visitor } = setup;
  // Implicit headers: an empty poll answer then gets Content-Length: 0, like Go; otherwise the first write starts
  // the chunked body.
  res.statusCode = 200;
  res.setHeader('Content-Type', contentTypes[format]);
  res.setHeader('Access-Control-Allow-Origin', '*');
  ctx.log.setStatus(entry, 200);

  const writeChunk = (data: string | Buffer): boolean => {
    if (res.destroyed || res.writableEnded) return false;
    res.write(data);
    return true;
  };
  const writeEvent = (message: NtfyMessage): void => {
    if (passesFilters(params.filters, message)) writeChunk(encodeForTransport(format, message));
  };

  if (params.poll) {
    for (const message of replayMessages(ctx, setup.topics, params)) writeEvent(message);
    res.end();
    ctx.visitors.releaseStream(visitor);
    return;
  }

  let stalled = ctx.faults.stalled;
  const stream: LiveStream = {
    info: subscriberInfo(setup, format),
    deliver: (message) => {
      if (!stalled) writeEvent(message);
    },
    inject: (data) => !stalled && writeChunk(data),
    drop: () => {
      ctx.log.expectEnd(entry, 'server-dropped');
      res.socket?.destroy();
      res.destroy();
    },
    setStalled: (value) => {
      stalled = value;
    },
  };

  ctx.hub.add(stream);
  writeEvent(streamEvent('open', setup.topicsRaw, ctx.options.clock.now()));
  for (const message of replayMessages(ctx, setup.topics, params)) writeEvent(message);

  const timers = ctx.options.keepaliveTimers;
  let keepalive: KeepaliveTimerHandle | undefined;
  const scheduleKeepalive = (): void => {
    keepalive = timers.setTimeout(() => {
      if (!stalled) writeEvent(streamEvent('keepalive', setup.topicsRaw, ctx.options.clock.now()));
      scheduleKeepalive();
    }, ctx.options.keepaliveIntervalMs);
  };
  scheduleKeepalive();

  res.once('close', () => {
    if (keepalive !== undefined) timers.clearTimeout(keepalive);
    ctx.hub.remove(stream);
    ctx.visitors.releaseStream(visitor);
    ctx.events.emit('unsubscribe', stream.info);
  });
  ctx.events.emit('subscribe', stream.info);
}
