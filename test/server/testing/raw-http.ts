/**
 * A minimal HTTP/1.1 client on a raw socket, for tests that must see the bytes and the chunk boundaries of a
 * response (one event = one chunk) rather than what a high-level client reassembles.
 */
import { connect, type Socket } from 'node:net';
import { Signal } from './signal.ts';

export interface RawRequestOptions {
  port: number;
  path: string;
  method?: string;
  headers?: Readonly<Record<string, string>>;
  body?: string;
}

export interface RawResponseHead {
  status: number;
  /** Header names lowercased; repeated headers keep the last value. */
  headers: Record<string, string>;
}

/** A response read incrementally: `chunks` are the decoded chunk payloads of a chunked body, in arrival order. */
export class RawHttpStream {
  readonly chunks: Buffer[] = [];
  head: RawResponseHead | undefined;
  /** The terminating zero-length chunk (or the full Content-Length body) was received. */
  ended = false;
  /** The socket is closed (by either side). */
  closed = false;
  readonly #socket: Socket;
  readonly #changed = new Signal();
  #buffer = Buffer.alloc(0);
  #remainingLength: number | undefined;

  private constructor(socket: Socket) {
    this.#socket = socket;
    socket.on('data', (data: Buffer) => {
      this.#buffer = Buffer.concat([this.#buffer, data]);
      this.#parse();
      this.#changed.notify();
    });
    socket.on('close', () => {
      this.closed = true;
      this.#changed.notify();
    });
    socket.on('error', () => {
      // A reset connection is an expected outcome in fault tests; `closed` tells the test.
      this.closed = true;
    });
  }

  static async open(options: RawRequestOptions): Promise<RawHttpStream> {
    const socket = connect({ host: '127.0.0.1', port: options.port });
    const stream = new RawHttpStream(socket);
    const headers = { Host: `127.0.0.1:${options.port}`, ...options.headers };
    const body = options.body ?? '';
    const lines = Object.entries(headers).map(([name, value]) => `${name}: ${value}\r\n`);
    if (body !== '') lines.push(`Content-Length: ${Buffer.byteLength(body)}\r\n`);
    socket.write(`${options.method ?? 'GET'} ${options.path} HTTP/1.1\r\n${lines.join('')}\r\n${body}`);
    await stream.waitFor(() => stream.head !== undefined || stream.closed, 'response head');
    if (stream.head === undefined) throw new Error('connection closed before a response');
    return stream;
  }

  #parse(): void {
    if (this.head === undefined) {
      const end = this.#buffer.indexOf('\r\n\r\n');
      if (end < 0) return;
      const [statusLine = '', ...headerLines] = this.#buffer.subarray(0, end).toString('latin1').split('\r\n');
      const headers: Record<string, string> = {};
      for (const line of headerLines) {
        const colon = line.indexOf(':');
        headers[line.slice(0, colon).toLowerCase()] = line.slice(colon + 1).trim();
      }
      this.head = { status: Number(statusLine.split(' ')[1]), headers };
      this.#buffer = this.#buffer.subarray(end + 4);
      const length = headers['content-length'];
      if (headers['transfer-encoding'] !== 'chunked') this.#remainingLength = Number(length ?? 0);
    }
    if (this.#remainingLength !== undefined) this.#parseLengthBody();
    else this.#parseChunks();
  }

  #parseLengthBody(): void {
    const remaining = this.#remainingLength ?? 0;
    const take = Math.min(remaining, this.#buffer.length);
    if (take > 0) this.chunks.push(this.#buffer.subarray(0, take));
    this.#buffer = this.#buffer.subarray(take);
    this.#remainingLength = remaining - take;
    if (this.#remainingLength === 0) this.ended = true;
  }

  #parseChunks(): void {
    for (;;) {
      const lineEnd = this.#buffer.indexOf('\r\n');
      if (lineEnd < 0) return;
      const size = parseInt(this.#buffer.subarray(0, lineEnd).toString('latin1'), 16);
      if (this.#buffer.length < lineEnd + 2 + size + 2) return;
      const payload = this.#buffer.subarray(lineEnd + 2, lineEnd + 2 + size);
      this.#buffer = this.#buffer.subarray(lineEnd + 2 + size + 2);
      if (size === 0) {
        this.ended = true;
        return;
      }
      this.chunks.push(payload);
    }
  }

  get status(): number {
    return this.head?.status ?? 0;
  }

  get headers(): Record<string, string> {
    return this.head?.headers ?? {};
  }

  /** The body received so far. */
  text(): string {
    return Buffer.concat(this.chunks).toString('utf8');
  }

  /** Chunks as strings. */
  chunkTexts(): string[] {
    return this.chunks.map((chunk) => chunk.toString('utf8'));
  }

  /** Parsed JSON of every chunk (for /json streams, where each chunk is one line). */
  events(): { event: string; [key: string]: unknown }[] {
    return this.chunkTexts().map((chunk) => JSON.parse(chunk) as { event: string });
  }

  waitFor(condition: () => boolean, what: string, timeoutMs = 5000): Promise<void> {
    return this.#changed.waitFor(
      condition,
      () => `${what} (chunks so far: ${JSON.stringify(this.chunkTexts())})`,
      timeoutMs,
    );
  }

  waitForChunks(count: number, timeoutMs?: number): Promise<void> {
    return this.waitFor(() => this.chunks.length >= count, `${count} chunks`, timeoutMs);
  }

  waitForEnd(timeoutMs?: number): Promise<void> {
    return this.waitFor(() => this.ended || this.closed, 'the end of the response', timeoutMs);
  }

  waitForClose(timeoutMs?: number): Promise<void> {
    return this.waitFor(() => this.closed, 'the socket to close', timeoutMs);
  }

  close(): void {
    this.#socket.destroy();
  }
}
