/**
 * The HTTP formats (/json, /sse, /raw) over a streaming fetch: one long GET whose body is read chunk by chunk.
 * fetch is in Node and in Electron's main process, and lets us set headers (EventSource cannot).
 */
import { createJsonDecoder, createRawDecoder, createSseDecoder, type StreamDecoder } from './decoders.ts';
import { describeServerError, type OpenTransportOptions, type Transport, type TransportEnd } from './transport.ts';

const DECODERS = { json: createJsonDecoder, sse: createSseDecoder, raw: createRawDecoder } as const;

export type HttpStreamKind = keyof typeof DECODERS;

function errorMessage(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  // undici hides the useful part (ECONNREFUSED, ECONNRESET, …) in `cause`.
  const cause: unknown = error.cause;
  return cause instanceof Error && cause.message !== '' ? `${error.message}: ${cause.message}` : error.message;
}

export function openHttpStream(options: OpenTransportOptions & { readonly kind: HttpStreamKind }): Transport {
  const { handlers } = options;
  const abort = new AbortController();
  let ended = false;
  const end = (result: TransportEnd): void => {
    if (ended) return;
    ended = true;
    handlers.onEnd(result);
  };

  const run = async (): Promise<void> => {
    const response = await fetch(options.request.url, {
      headers: { ...options.request.headers, Accept: '*/*' },
      signal: abort.signal,
      cache: 'no-store',
    });
    if (!response.ok) {
      const body = await response.text().catch(() => '');
      const retryAfter = response.headers.get('retry-after') ?? undefined;
      end({ kind: 'refused', error: describeServerError(response.status, response.statusText, body, retryAfter) });
      return;
    }
    handlers.onOpen();
    if (response.body === null) {
      end({ kind: 'ended' });
      return;
    }
    const decoder: StreamDecoder = DECODERS[options.kind]((item) => {
      if (!ended) handlers.onItem(item);
    }, options.maxItemBytes);
    const reader: ReadableStreamDefaultReader<Uint8Array> = response.body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      if (ended) return;
      handlers.onActivity();
      decoder.push(value);
    }
    end({ kind: 'ended' });
  };

  run().catch((error: unknown) => {
    end(abort.signal.aborted ? { kind: 'closed' } : { kind: 'network', message: errorMessage(error) });
  });

  return {
    close() {
      end({ kind: 'closed' });
      abort.abort();
    },
  };
}
