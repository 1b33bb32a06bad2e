/**
 * ntfy-compatible test server: real HTTP and WebSocket on 127.0.0.1 speaking the subscribe protocol of
 * docs/protocol.md byte for byte, with fault injection for tests.
 *
 * ```ts
 * const server = await startTestServer({ keepaliveIntervalMs: 50 });
 * // subscribe to `${server.url}/mytopic/json` …
 * await server.waitForSubscribers(1);
 * await server.publish('mytopic', 'hello');
 * server.faults.dropAll();
 * await server.close();
 * ```
 */
export { startTestServer } from './server.ts';
export { generateToken } from './auth.ts';
export { encodeGoJson, encodeGoJsonString } from './go-json.ts';
export { contentTypes, encodeForTransport, encodeMessageLine, encodeRawLine, encodeSseFrame } from './wire-format.ts';
export type * from './types.ts';
// Raw clients that show chunk and frame boundaries, for tests that must see bytes as they are on the wire.
export { RawHttpStream } from './testing/raw-http.ts';
export { RawWsClient, opcodes, type WsFrame } from './testing/raw-ws.ts';
