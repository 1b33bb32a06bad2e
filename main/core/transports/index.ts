import { openHttpStream } from './http-stream.ts';
import type { OpenTransport } from './transport.ts';
import { openWebSocket } from './websocket.ts';

/** Opens the transport for `options.kind`; the engine receives this as its `openTransport` dependency. */
export const openTransport: OpenTransport = (options) => {
  switch (options.kind) {
    case 'ws':
      return openWebSocket(options);
    case 'json':
    case 'sse':
    case 'raw':
      return openHttpStream({ ...options, kind: options.kind });
  }
};
