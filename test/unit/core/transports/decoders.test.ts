import { describe, expect, it } from 'vitest';
import {
  createJsonDecoder,
  createRawDecoder,
  createSseDecoder,
  type StreamDecoder,
} from '../../../../main/core/transports/decoders.ts';
import type { TransportItem } from '../../../../main/core/transports/transport.ts';

type DecoderFactory = (emit: (item: TransportItem) => void, maxItemBytes?: number) => StreamDecoder;

function decode(factory: DecoderFactory, chunks: readonly Uint8Array[], maxItemBytes?: number): TransportItem[] {
  const items: TransportItem[] = [];
  const decoder = factory((item) => items.push(item), maxItemBytes);
  for (const chunk of chunks) decoder.push(chunk);
  return items;
}

/** Decodes the stream whole, then cut at every byte, and checks every cut gives the same items. */
function expectSplitInvariant(factory: DecoderFactory, bytes: Uint8Array): TransportItem[] {
  const whole = decode(factory, [bytes]);
  for (let cut = 1; cut < bytes.length; cut++) {
    expect(decode(factory, [bytes.subarray(0, cut), bytes.subarray(cut)]), `cut at ${cut}`).toEqual(whole);
  }
  return whole;
}

const encode = (text: string): Uint8Array => new TextEncoder().encode(text);

// Framing as docs/protocol.md#stream-formats describes it: Go-escaped JSON, open first, keepalives between messages.
const openJson = '{"id":"o1","time":1700000000,"event":"open","topic":"a,b"}';
const messageJson =
  '{"id":"m1aaaaaaaaaa","time":1700000001,"event":"message","topic":"a","title":"\\u003cb\\u003e","message":"héllo 😀 \\u0026 \\u2028"}';
const keepaliveJson = '{"id":"k1","time":1700000002,"event":"keepalive","topic":"a,b"}';
const deleteJson = '{"id":"d1","time":1700000003,"event":"message_delete","topic":"a","sequence_id":"m1aaaaaaaaaa"}';

function kinds(items: readonly TransportItem[]): string[] {
  return items.map((item) => {
    switch (item.type) {
      case 'message':
        return `message:${item.message.message}`;
      case 'liveness':
        return item.event;
      case 'change':
        return item.change.kind;
      case 'raw':
        return `raw:${item.body}`;
      case 'unknown':
        return `unknown:${item.event}`;
      case 'invalid':
        return 'invalid';
    }
  });
}

describe('JSON stream decoder', () => {
  it('decodes open, message, keepalive and delete the same at every chunk boundary', () => {
    const items = expectSplitInvariant(
      createJsonDecoder,
      encode(`${openJson}\n${messageJson}\n${keepaliveJson}\n${deleteJson}\n`),
    );
    expect(kinds(items)).toEqual(['open', 'message:héllo 😀 & \u2028', 'keepalive', 'message_delete']);
  });

  it('skips a malformed line and carries on', () => {
    const items = decode(createJsonDecoder, [encode(`{"id":broken\n${messageJson}\n`)]);
    expect(kinds(items)).toEqual(['invalid', 'message:héllo 😀 & \u2028']);
  });

  it('reports an over-long line as invalid instead of buffering it', () => {
    const items = decode(createJsonDecoder, [encode(`{"x":"${'y'.repeat(200)}"}\n${messageJson}\n`)], 150);
    expect(kinds(items)).toEqual(['invalid', 'message:héllo 😀 & \u2028']);
  });
});

describe('SSE decoder', () => {
  const sse =
    `event: open\ndata: ${openJson}\n\n` +
    `data: ${messageJson}\n\n` +
    `event: keepalive\ndata: ${keepaliveJson}\n\n` +
    `data: ${deleteJson}\n\n`;

  it('reads the event kind from the JSON, at every chunk boundary', () => {
    const items = expectSplitInvariant(createSseDecoder, encode(sse));
    expect(kinds(items)).toEqual(['open', 'message:héllo 😀 & \u2028', 'keepalive', 'message_delete']);
  });

  it('drops an event whose data line is not UTF-8 and keeps the next', () => {
    const bytes = Uint8Array.of(
      ...encode('data: {"a":"'),
      0xc3,
      0x28,
      ...encode('"}\n\n'),
      ...encode(`data: ${messageJson}\n\n`),
    );
    expect(kinds(decode(createSseDecoder, [bytes]))).toEqual(['invalid', 'message:héllo 😀 & \u2028']);
  });
});

describe('raw decoder', () => {
  it('turns lines into bodies and blank lines into keepalives, at every chunk boundary', () => {
    const items = expectSplitInvariant(createRawDecoder, encode('\nfirst message body\n\nsecond – ü\n'));
    expect(kinds(items)).toEqual(['keepalive', 'raw:first message body', 'keepalive', 'raw:second – ü']);
  });
});
