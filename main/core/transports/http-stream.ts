/**
 * The HTTP formats (/json, /sse, /raw): one long GET whose body is read chunk by chunk. Node's own http/https
 * client rather than fetch: it is available in Node and in Electron's main process, lets us set headers (EventSource
 * cannot), and hands over Buffers without the web-streams layer, which measurably adds latency per message.
 */
import type http from 'node:http';
import { streamContentTypeProblem } from './content-type.ts';
import { createJsonDecoder, createRawDecoder, createSseDecoder, type StreamDecoder } from './decoders.ts';
import { describeResponseError, readLimitedBody } from './error-body.ts';
import { httpGet, networkErrorMessage, networkTrouble } from './http-get.ts';
import { PausedDelivery } from './paused-delivery.ts';
import type { OpenTransportOptions, Transport } from './transport.ts';

const DECODERS = { json: createJsonDecoder, sse: createSseDecoder, raw: createRawDecoder } as const;

type HttpStreamKind = keyof typeof DECODERS;

export function openHttpStream(options: OpenTransportOptions & { readonly kind: HttpStreamKind }): Transport {
  const { handlers } = options;
  const delivery = new PausedDelivery(handlers);
  let response: http.IncomingMessage | undefined;

  const readStream = (answer: http.IncomingMessage, request: http.ClientRequest): void => {
    const problem = streamContentTypeProblem(options.kind, answer.headers['content-type']);
    if (problem !== undefined) {
      delivery.end({ kind: 'network', message: problem, trouble: { kind: 'not-ntfy' } });
      request.destroy();
      return;
    }
    handlers.onOpen();
    if (delivery.ending) return; // closed from onOpen
    response = answer;
    const decoder: StreamDecoder = DECODERS[options.kind]((item) => {
      delivery.push(item);
    }, options.maxItemBytes);
    answer.on('data', (chunk: Buffer) => {
      if (delivery.ending) return;
      handlers.onActivity();
      decoder.push(chunk);
      // A handler paused mid-chunk: stop reading now rather than after the next chunk.
      if (delivery.paused) answer.pause();
    });
    answer.on('end', () => {
      delivery.end({ kind: 'ended' });
    });
    answer.on('aborted', () => {
      delivery.end({ kind: 'ended' });
    });
    answer.on('error', (error) => {
      delivery.end({ kind: 'network', message: networkErrorMessage(error), trouble: networkTrouble(error) });
    });
    request.on('error', (error) => {
      delivery.end({ kind: 'network', message: networkErrorMessage(error), trouble: networkTrouble(error) });
    });
    request.on('close', () => {
      // A socket closed after a cut stream; ignored if already reported.
      delivery.end({ kind: 'ended' });
    });
    // Attaching 'data' starts the flow on the next tick; a pause() from onOpen must win.
    if (delivery.paused) answer.pause();
  };

  const pending = httpGet({
    url: options.request.url,
    headers: options.request.headers,
    onResult: (result) => {
      if (delivery.ending) {
        if (result.kind === 'response') result.request.destroy();
        return;
      }
      if (result.kind !== 'response') {
        delivery.end(result);
        return;
      }
      const status = result.response.statusCode ?? 0;
      if (status >= 200 && status <= 299) {
        readStream(result.response, result.request);
        return;
      }
      readLimitedBody(result.response, (body) => {
        delivery.end({ kind: 'refused', error: describeResponseError(result.response, body) });
        result.request.destroy();
      });
    },
  });

  return {
    close() {
      delivery.end({ kind: 'closed' });
      pending.abort();
    },
    pause() {
      delivery.pause();
      response?.pause();
    },
    resume() {
      if (delivery.resume()) response?.resume();
    },
  };
}
