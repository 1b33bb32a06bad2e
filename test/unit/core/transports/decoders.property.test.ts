import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  createJsonDecoder,
  createRawDecoder,
  createSseDecoder,
  type StreamDecoder,
} from '../../../../main/core/transports/decoders.ts';
import type { TransportItem } from '../../../../main/core/transports/transport.ts';
import type { NtfyMessage as WireMessage } from '../../../server/index.ts';
import { encodeForTransport } from '../../../server/wire-format.ts';

// Property: whatever the chunking of the same byte stream, a decoder emits the same items. The streams are made
// by the test server's own encoder, so they are framed exactly as ntfy frames them.

type Factory = (emit: (item: TransportItem) => void) => StreamDecoder;

const wireMessage: fc.Arbitrary<WireMessage> = fc
  .record({
    id: fc.stringMatching(/^[A-Za-z0-9]{12}$/),
    time: fc.integer({ min: 1_600_000_000, max: 2_000_000_000 }),
    event: fc.constantFrom('message', 'keepalive', 'open'),
    topic: fc.stringMatching(/^[-_A-Za-z0-9]{1,16}$/),
    // Full Unicode, including U+2028/U+2029, < > &, quotes and newlines.
    message: fc.string({ unit: 'grapheme', minLength: 1, maxLength: 80 }),
    title: fc.option(fc.string({ unit: 'grapheme', maxLength: 30 }), { nil: undefined }),
  })
  .map((m) => {
    const message: WireMessage = { id: m.id, time: m.time, event: m.event, topic: m.topic };
    if (m.event === 'message') {
      message.message = m.message;
      if (m.title !== undefined && m.title !== '') message.title = m.title;
    }
    return message;
  });

function decode(factory: Factory, chunks: readonly Uint8Array[]): TransportItem[] {
  const items: TransportItem[] = [];
  const decoder = factory((item) => items.push(item));
  for (const chunk of chunks) decoder.push(chunk);
  return items;
}

function chunked(bytes: Uint8Array, cuts: readonly number[]): Uint8Array[] {
  const points = [...new Set(cuts.map((cut) => cut % (bytes.length + 1)))].sort((a, b) => a - b);
  const chunks: Uint8Array[] = [];
  let start = 0;
  for (const point of [...points, bytes.length]) {
    chunks.push(bytes.subarray(start, point));
    start = point;
  }
  return chunks;
}

const formats: readonly [string, 'json' | 'sse' | 'raw', Factory][] = [
  ['JSON stream', 'json', (emit) => createJsonDecoder(emit)],
  ['SSE', 'sse', (emit) => createSseDecoder(emit)],
  ['raw', 'raw', (emit) => createRawDecoder(emit)],
];

describe.each(formats)('%s decoder', (_name, format, factory) => {
  it('emits the same items however the stream is chunked', () => {
    fc.assert(
      fc.property(
        fc.array(wireMessage, { minLength: 1, maxLength: 8 }),
        fc.array(fc.nat(), { maxLength: 40 }),
        (messages, cuts) => {
          const bytes = new TextEncoder().encode(messages.map((m) => encodeForTransport(format, m)).join(''));
          expect(decode(factory, chunked(bytes, cuts))).toEqual(decode(factory, [bytes]));
        },
      ),
      { numRuns: 300 },
    );
  });

  if (format !== 'raw') {
    it('gets every message back with its text intact', () => {
      fc.assert(
        fc.property(fc.array(wireMessage, { minLength: 1, maxLength: 8 }), (messages) => {
          const bytes = new TextEncoder().encode(messages.map((m) => encodeForTransport(format, m)).join(''));
          const decoded = decode(factory, [bytes]).flatMap((item) => (item.type === 'message' ? [item.message] : []));
          const sent = messages.filter((m) => m.event === 'message');
          expect(decoded.map((m) => [m.id, m.message, m.title])).toEqual(sent.map((m) => [m.id, m.message, m.title]));
        }),
        { numRuns: 300 },
      );
    });
  }
});
