import { describe, expect, it } from 'vitest';
import { LineSplitter, type SplitItem } from '../../../../main/core/transports/line-splitter.ts';

function splitAll(chunks: readonly Uint8Array[], maxLineBytes?: number): SplitItem[] {
  const splitter = new LineSplitter(maxLineBytes === undefined ? {} : { maxLineBytes });
  return chunks.flatMap((chunk) => splitter.push(chunk));
}

const encoder = new TextEncoder();
const stream = encoder.encode('{"a":"héllo 😀"}\n\n{"b":"\u2028 – ü"}\r\nlast\n');
const expected: SplitItem[] = [
  { type: 'line', text: '{"a":"héllo 😀"}' },
  { type: 'line', text: '' },
  { type: 'line', text: '{"b":"\u2028 – ü"}' },
  { type: 'line', text: 'last' },
];

describe('LineSplitter', () => {
  it('yields the same lines for a chunk split at every byte boundary', () => {
    for (let cut = 0; cut <= stream.length; cut++) {
      expect(splitAll([stream.subarray(0, cut), stream.subarray(cut)]), `cut at ${cut}`).toEqual(expected);
    }
  });

  it('yields the same lines when fed one byte at a time', () => {
    expect(splitAll(Array.from(stream, (byte) => Uint8Array.of(byte)))).toEqual(expected);
  });

  it('keeps an unfinished line buffered until its newline arrives', () => {
    const splitter = new LineSplitter();
    expect(splitter.push(encoder.encode('partial'))).toEqual([]);
    expect(splitter.bufferedBytes).toBe(7);
    expect(splitter.push(encoder.encode(' line\n'))).toEqual([{ type: 'line', text: 'partial line' }]);
    expect(splitter.bufferedBytes).toBe(0);
  });

  it('drops an over-long line once, without buffering it, and recovers at the next line', () => {
    const long = encoder.encode(`${'x'.repeat(100)}\nok\n`);
    const items = splitAll([long.subarray(0, 30), long.subarray(30, 60), long.subarray(60)], 50);
    expect(items).toEqual([
      { type: 'error', reason: 'line-too-long', bytes: 60 },
      { type: 'line', text: 'ok' },
    ]);
  });

  it('reports invalid UTF-8 per line and carries on', () => {
    const bytes = Uint8Array.of(...encoder.encode('good\n'), 0xff, 0xfe, 0x0a, ...encoder.encode('after\n'));
    expect(splitAll([bytes])).toEqual([
      { type: 'line', text: 'good' },
      { type: 'error', reason: 'invalid-utf8', bytes: 2 },
      { type: 'line', text: 'after' },
    ]);
  });

  it('does not keep references to the caller’s buffer', () => {
    const splitter = new LineSplitter();
    const chunk = encoder.encode('abc');
    splitter.push(chunk);
    chunk.fill(0x21);
    expect(splitter.push(encoder.encode('\n'))).toEqual([{ type: 'line', text: 'abc' }]);
  });
});
