/**
 * A minimal WebSocket client on a raw socket, for tests that must see individual frames (FIN bits, continuation
 * frames, pings, whether a Close frame was ever sent) — things the `ws` package hides by design.
 * It does not answer pings unless told to, so tests control pongs.
 */
import { randomBytes } from 'node:crypto';
import { connect, type Socket } from 'node:net';
import { Signal } from './signal.ts';

export const opcodes = { continuation: 0, text: 1, binary: 2, close: 8, ping: 9, pong: 10 } as const;

export interface WsFrame {
  readonly fin: boolean;
  readonly opcode: number;
  readonly payload: Buffer;
}

export interface RawWsOptions {
  port: number;
  path: string;
  headers?: Readonly<Record<string, string>>;
  /** Answer every ping with a pong automatically. Default false. */
  autoPong?: boolean;
}

export class RawWsClient {
  status = 0;
  headers: Record<string, string> = {};
  /** Bytes after the response head when the answer was not a 101 (an error body, if any). */
  body = Buffer.alloc(0);
  readonly frames: WsFrame[] = [];
  closed = false;
  readonly #socket: Socket;
  readonly #autoPong: boolean;
  readonly #changed = new Signal();
  #buffer = Buffer.alloc(0);
  #headDone = false;

  private constructor(socket: Socket, autoPong: boolean) {
    this.#socket = socket;
    this.#autoPong = autoPong;
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
      // Resets are expected when the server drops connections; `closed` tells the test.
      this.closed = true;
    });
  }

  static async connect(options: RawWsOptions): Promise<RawWsClient> {
    const socket = connect({ host: '127.0.0.1', port: options.port });
    const client = new RawWsClient(socket, options.autoPong ?? false);
    const headers = {
      Host: `127.0.0.1:${options.port}`,
      Upgrade: 'websocket',
      Connection: 'Upgrade',
      'Sec-WebSocket-Key': randomBytes(16).toString('base64'),
      'Sec-WebSocket-Version': '13',
      ...options.headers,
    };
    const lines = Object.entries(headers).map(([name, value]) => `${name}: ${value}\r\n`);
    socket.write(`GET ${options.path} HTTP/1.1\r\n${lines.join('')}\r\n`);
    await client.#changed.waitFor(() => client.#headDone || client.closed, 'the upgrade answer');
    if (!client.#headDone) throw new Error('connection closed before an answer');
    return client;
  }

  #parse(): void {
    if (!this.#headDone) {
      const end = this.#buffer.indexOf('\r\n\r\n');
      if (end < 0) return;
      const [statusLine = '', ...lines] = this.#buffer.subarray(0, end).toString('latin1').split('\r\n');
      this.status = Number(statusLine.split(' ')[1]);
      for (const line of lines) {
        const colon = line.indexOf(':');
        this.headers[line.slice(0, colon).toLowerCase()] = line.slice(colon + 1).trim();
      }
      this.#buffer = this.#buffer.subarray(end + 4);
      this.#headDone = true;
    }
    if (this.status !== 101) {
      this.body = Buffer.concat([this.body, this.#buffer]);
      this.#buffer = Buffer.alloc(0);
      return;
    }
    this.#parseFrames();
  }

  #parseFrames(): void {
    for (;;) {
      if (this.#buffer.length < 2) return;
      const first = this.#buffer.readUInt8(0);
      const second = this.#buffer.readUInt8(1);
      let length = second & 0x7f;
      let offset = 2;
      if (length === 126) {
        if (this.#buffer.length < 4) return;
        length = this.#buffer.readUInt16BE(2);
        offset = 4;
      } else if (length === 127) {
        if (this.#buffer.length < 10) return;
        length = Number(this.#buffer.readBigUInt64BE(2));
        offset = 10;
      }
      // Server frames are never masked.
      if (this.#buffer.length < offset + length) return;
      const frame = {
        fin: (first & 0x80) !== 0,
        opcode: first & 0x0f,
        payload: this.#buffer.subarray(offset, offset + length),
      };
      this.#buffer = this.#buffer.subarray(offset + length);
      this.frames.push(frame);
      if (frame.opcode === opcodes.ping && this.#autoPong) this.send(opcodes.pong, frame.payload);
    }
  }

  /** Sends one masked frame, as a client must. */
  send(opcode: number, payload: Buffer | string, fin = true): void {
    const data = Buffer.isBuffer(payload) ? payload : Buffer.from(payload);
    const mask = randomBytes(4);
    const header: number[] = [(fin ? 0x80 : 0) | opcode];
    if (data.length < 126) header.push(0x80 | data.length);
    else header.push(0x80 | 126, data.length >> 8, data.length & 0xff);
    const masked = Buffer.from(data.map((byte, i) => byte ^ (mask[i % 4] ?? 0)));
    this.#socket.write(Buffer.concat([Buffer.from(header), mask, masked]));
  }

  /** Text messages reassembled from data frames (first frame + continuations up to FIN). */
  messages(): string[] {
    const messages: string[] = [];
    let parts: Buffer[] = [];
    for (const frame of this.frames) {
      if (frame.opcode !== opcodes.text && frame.opcode !== opcodes.continuation && frame.opcode !== opcodes.binary)
        continue;
      parts.push(frame.payload);
      if (frame.fin) {
        messages.push(Buffer.concat(parts).toString('utf8'));
        parts = [];
      }
    }
    return messages;
  }

  events(): { event: string; [key: string]: unknown }[] {
    return this.messages().map((message) => JSON.parse(message) as { event: string });
  }

  framesOf(opcode: number): WsFrame[] {
    return this.frames.filter((frame) => frame.opcode === opcode);
  }

  waitFor(condition: () => boolean, what: string, timeoutMs = 5000): Promise<void> {
    return this.#changed.waitFor(
      condition,
      () => `${what} (messages so far: ${JSON.stringify(this.messages())})`,
      timeoutMs,
    );
  }

  waitForMessages(count: number, timeoutMs?: number): Promise<void> {
    return this.waitFor(() => this.messages().length >= count, `${count} messages`, timeoutMs);
  }

  waitForClose(timeoutMs?: number): Promise<void> {
    return this.waitFor(() => this.closed, 'the socket to close', timeoutMs);
  }

  destroy(): void {
    this.#socket.destroy();
  }
}
