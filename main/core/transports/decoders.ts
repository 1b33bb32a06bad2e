/**
 * Byte-stream decoders for the HTTP formats. Each takes chunks as they arrive and emits items; chunk boundaries
 * never change the result (a property the tests check at every split point).
 */
import { createParser } from 'eventsource-parser';
import { parseStreamJson } from '../protocol/parse.ts';
import { DEFAULT_MAX_LINE_BYTES, LineSplitter } from './line-splitter.ts';
import type { TransportItem } from './transport.ts';

export interface StreamDecoder {
  push(chunk: Uint8Array): void;
}

type Emit = (item: TransportItem) => void;

/** `/json`: one JSON object per line; ntfy never sends blank lines there, so a blank one is skipped. */
export function createJsonDecoder(emit: Emit, maxItemBytes = DEFAULT_MAX_LINE_BYTES): StreamDecoder {
  const splitter = new LineSplitter({ maxLineBytes: maxItemBytes });
  return {
    push(chunk) {
      for (const item of splitter.push(chunk)) {
        if (item.type === 'error') emit({ type: 'invalid', reason: `${item.reason} (${item.bytes} bytes)` });
        else if (item.text.trim() !== '') emit(parseStreamJson(item.text));
      }
    },
  };
}

/** `/raw`: the message body with newlines replaced by spaces; a blank line is the open event or a keepalive. */
export function createRawDecoder(emit: Emit, maxItemBytes = DEFAULT_MAX_LINE_BYTES): StreamDecoder {
  const splitter = new LineSplitter({ maxLineBytes: maxItemBytes });
  return {
    push(chunk) {
      for (const item of splitter.push(chunk)) {
        if (item.type === 'error') emit({ type: 'invalid', reason: `${item.reason} (${item.bytes} bytes)` });
        else if (item.text === '') emit({ type: 'liveness', event: 'keepalive' });
        else emit({ type: 'raw', body: item.text });
      }
    },
  };
}

/**
 * `/sse`: the event kind is read from the JSON, not from the SSE `event:` line — newer servers send
 * message_delete/message_clear without one, and messages never have one. Lines go through the same byte-level
 * splitter as /json first, so an invalid-UTF-8 or over-long line is reported and dropped (its event then has no
 * data and is skipped) instead of being decoded into replacement characters.
 */
export function createSseDecoder(emit: Emit, maxItemBytes = DEFAULT_MAX_LINE_BYTES): StreamDecoder {
  const splitter = new LineSplitter({ maxLineBytes: maxItemBytes });
  const parser = createParser({
    onEvent: (event) => {
      if (event.data.trim() !== '') emit(parseStreamJson(event.data));
    },
    onError: (error) => {
      emit({ type: 'invalid', reason: `SSE: ${error.message}` });
    },
  });
  return {
    push(chunk) {
      for (const item of splitter.push(chunk)) {
        if (item.type === 'error') emit({ type: 'invalid', reason: `${item.reason} (${item.bytes} bytes)` });
        else parser.feed(`${item.text}\n`);
      }
    },
  };
}
