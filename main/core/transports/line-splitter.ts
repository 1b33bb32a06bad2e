/**
 * Splits a byte stream into UTF-8 lines, for the /json and /raw formats. Works on bytes, not strings, so a
 * multi-byte character cut by a chunk boundary is reassembled before decoding, and invalid UTF-8 is detected per
 * line. A line longer than `maxLineBytes` is dropped whole (reported once) instead of growing memory without
 * bound: a hostile or broken server cannot make us buffer forever.
 */

/** 1 MiB: far above ntfy's 4096-byte message limit plus JSON overhead and attachments metadata. */
export const DEFAULT_MAX_LINE_BYTES = 1024 * 1024;

export type SplitItem =
  | { readonly type: 'line'; readonly text: string }
  | { readonly type: 'error'; readonly reason: 'line-too-long' | 'invalid-utf8'; readonly bytes: number };

const NEWLINE = 0x0a;
const CARRIAGE_RETURN = 0x0d;

export class LineSplitter {
  readonly #maxLineBytes: number;
  readonly #decoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
  #pending: Uint8Array[] = [];
  #pendingBytes = 0;
  /** True while skipping the rest of an over-long line, up to its newline. */
  #discarding = false;

  constructor(options: { readonly maxLineBytes?: number } = {}) {
    this.#maxLineBytes = options.maxLineBytes ?? DEFAULT_MAX_LINE_BYTES;
  }

  push(chunk: Uint8Array): SplitItem[] {
    const items: SplitItem[] = [];
    let start = 0;
    while (start < chunk.length) {
      const newline = chunk.indexOf(NEWLINE, start);
      const end = newline === -1 ? chunk.length : newline;
      this.#append(chunk.subarray(start, end), items);
      if (newline === -1) break;
      this.#finishLine(items);
      start = newline + 1;
    }
    return items;
  }

  /** Bytes buffered for an unfinished line. */
  get bufferedBytes(): number {
    return this.#pendingBytes;
  }

  #append(part: Uint8Array, items: SplitItem[]): void {
    if (this.#discarding || part.length === 0) {
      if (this.#discarding) this.#pendingBytes += part.length;
      return;
    }
    if (this.#pendingBytes + part.length > this.#maxLineBytes) {
      this.#pending = [];
      this.#pendingBytes += part.length;
      this.#discarding = true;
      items.push({ type: 'error', reason: 'line-too-long', bytes: this.#pendingBytes });
      return;
    }
    // Copy: the caller may reuse its chunk buffer.
    this.#pending.push(part.slice());
    this.#pendingBytes += part.length;
  }

  #finishLine(items: SplitItem[]): void {
    const bytes = this.#pendingBytes;
    const discarded = this.#discarding;
    const parts = this.#pending;
    this.#pending = [];
    this.#pendingBytes = 0;
    this.#discarding = false;
    if (discarded) return;
    let line = parts.length === 1 && parts[0] !== undefined ? parts[0] : Buffer.concat(parts);
    if (line.length > 0 && line[line.length - 1] === CARRIAGE_RETURN) line = line.subarray(0, line.length - 1);
    try {
      items.push({ type: 'line', text: this.#decoder.decode(line) });
    } catch {
      // TextDecoder with fatal: true throws only for malformed UTF-8; the reason is reported, not swallowed.
      items.push({ type: 'error', reason: 'invalid-utf8', bytes });
    }
  }
}
