/**
 * The HTTP formats (/json, /sse, /raw): one long GET whose body is read chunk by chunk. Node's own http/https
 * client rather than fetch: it is available in Node and in Electron's main process, lets us set headers (EventSource
 * cannot), and hands over Buffers without the web-streams layer, which measurably adds latency per message.
 */
import http from 'node:http';
import https from 'node:https';
import { createJsonDecoder, createRawDecoder, createSseDecoder, type StreamDecoder } from './decoders.ts';
import { describeServerError, type OpenTransportOptions, type Transport, type TransportEnd } from './transport.ts';

const DECODERS = { json: createJsonDecoder, sse: createSseDecoder, raw: createRawDecoder } as const;

export type HttpStreamKind = keyof typeof DECODERS;

/** Error bodies are short JSON (or a proxy's HTML page); more than this is not read. */
const MAX_ERROR_BODY_BYTES = 64 * 1024;

function errorMessage(error: Error): string {
  const code = (error as NodeJS.ErrnoException).code;
  return code !== undefined && !error.message.includes(code) ? `${code}: ${error.message}` : error.message;
}

export function openHttpStream(options: OpenTransportOptions & { readonly kind: HttpStreamKind }): Transport {
  const { handlers } = options;
  let ended = false;
  const end = (result: TransportEnd): void => {
    if (ended) return;
    ended = true;
    handlers.onEnd(result);
  };

  const url = new URL(options.request.url);
  const client = url.protocol === 'https:' ? https : http;
  const request = client.get(url, { headers: { ...options.request.headers, Accept: '*/*' } }, (response) => {
    const status = response.statusCode ?? 0;
    if (status < 200 || status > 299) {
      const chunks: Buffer[] = [];
      let size = 0;
      response.on('data', (chunk: Buffer) => {
        if (size < MAX_ERROR_BODY_BYTES) chunks.push(chunk);
        size += chunk.length;
      });
      response.on('end', () => {
        const retryAfter = response.headers['retry-after'];
        const body = Buffer.concat(chunks).toString('utf8');
        end({ kind: 'refused', error: describeServerError(status, response.statusMessage ?? '', body, retryAfter) });
      });
      return;
    }
    handlers.onOpen();
    const decoder: StreamDecoder = DECODERS[options.kind]((item) => {
      if (!ended) handlers.onItem(item);
    }, options.maxItemBytes);
    response.on('data', (chunk: Buffer) => {
      if (ended) return;
      handlers.onActivity();
      decoder.push(chunk);
    });
    response.on('end', () => {
      end({ kind: 'ended' });
    });
    response.on('aborted', () => {
      end({ kind: 'ended' });
    });
    response.on('error', (error) => {
      end({ kind: 'network', message: errorMessage(error) });
    });
  });
  request.on('error', (error) => {
    end({ kind: 'network', message: errorMessage(error) });
  });
  request.on('close', () => {
    // A socket closed without a response or after a cut stream; `end` ignores it if already reported.
    end({ kind: 'ended' });
  });

  return {
    close() {
      end({ kind: 'closed' });
      request.destroy();
    },
  };
}
