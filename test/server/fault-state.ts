/**
 * State behind `server.faults`: the stall switch with the requests held while stalled, and the queue of forced
 * failures. The actions that need the listener (drop, restart) live in server.ts.
 */
import { STATUS_CODES, type ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FailNextOptions, RequestLogEntry } from './types.ts';

interface PendingFailure {
  remaining: number;
  readonly options: FailNextOptions;
}

/** nginx's page for a request line longer than `large_client_header_buffers` (8 KB by default). */
const URI_TOO_LONG_PAGE =
  '<html>\r\n<head><title>414 Request-URI Too Large</title></head>\r\n<body>\r\n' +
  '<center><h1>414 Request-URI Too Large</h1></center>\r\n<hr><center>nginx</center>\r\n</body>\r\n</html>\r\n';

export class FaultState {
  #stalled = false;
  #held: (() => void)[] = [];
  #failures: PendingFailure[] = [];
  #maxUrlBytes: number | undefined;
  #uploadsHeld = false;
  #heldUploads: (() => void)[] = [];

  get stalled(): boolean {
    return this.#stalled;
  }

  setStalled(stalled: boolean): void {
    this.#stalled = stalled;
    if (!stalled) {
      const held = this.#held;
      this.#held = [];
      for (const resume of held) resume();
    }
  }

  /** While stalled, parks `resume` until unstall and returns true; otherwise returns false and the caller goes on. */
  holdIfStalled(resume: () => void): boolean {
    if (!this.#stalled) return false;
    this.#held.push(resume);
    return true;
  }

  addFailures(count: number, options: FailNextOptions): void {
    if (count > 0) this.#failures.push({ remaining: count, options });
  }

  /** While held, a topic publish is read but not taken (published) until release; see Faults.holdUploads. */
  holdUploads(held: boolean): void {
    this.#uploadsHeld = held;
    if (held) return;
    const waiting = this.#heldUploads;
    this.#heldUploads = [];
    for (const release of waiting) release();
  }

  /**
   * Resolves true at once, or, while uploads are held, true on release and false when the client goes away first (a
   * held upload is one the server has not finished taking: cut short, it is never published).
   */
  uploadGate(res: ServerResponse): Promise<boolean> {
    if (!this.#uploadsHeld) return Promise.resolve(true);
    return new Promise((resolve) => {
      this.#heldUploads.push(() => {
        resolve(!res.destroyed);
      });
      res.once('close', () => {
        resolve(false);
      });
    });
  }

  limitUrlLength(maxBytes: number | undefined): void {
    this.#maxUrlBytes = maxBytes;
  }

  /** A proxy's 414 for a request target (path and query) over the limit, as nginx answers it; else undefined. */
  urlRefusal(requestTarget: string): FailNextOptions | undefined {
    if (this.#maxUrlBytes === undefined || Buffer.byteLength(requestTarget) <= this.#maxUrlBytes) return undefined;
    return { status: 414, body: URI_TOO_LONG_PAGE };
  }

  /** The forced failure this request gets, if any; consumes one of its count. */
  takeFailure(entry: RequestLogEntry): FailNextOptions | undefined {
    const failure = this.#failures.find((candidate) => candidate.options.match?.(entry) ?? true);
    if (failure === undefined) return undefined;
    failure.remaining--;
    if (failure.remaining <= 0) this.#failures = this.#failures.filter((candidate) => candidate !== failure);
    return failure.options;
  }

  /** Ends a stall without running the held requests (their connections are being dropped). */
  endStallDiscardingHeld(): void {
    this.#stalled = false;
    this.#held = [];
  }
}

function failureBody(options: FailNextOptions): { body: string; contentType: string | undefined } {
  if (options.body === undefined) return { body: '', contentType: options.contentType };
  if (typeof options.body === 'string') {
    const guessed = options.body.trimStart().startsWith('<') ? 'text/html; charset=utf-8' : 'text/plain; charset=utf-8';
    return { body: options.body, contentType: options.contentType ?? guessed };
  }
  return { body: `${JSON.stringify(options.body)}\n`, contentType: options.contentType ?? 'application/json' };
}

function failureHeaders(
  options: FailNextOptions,
  contentType: string | undefined,
  length: number,
): Record<string, string> {
  const headers: Record<string, string> = { 'Content-Length': String(length) };
  if (contentType !== undefined) headers['Content-Type'] = contentType;
  if (options.retryAfter !== undefined) headers['Retry-After'] = String(options.retryAfter);
  return headers;
}

export function writeFailure(res: ServerResponse, options: FailNextOptions): void {
  const { body, contentType } = failureBody(options);
  res.writeHead(options.status, failureHeaders(options, contentType, Buffer.byteLength(body)));
  res.end(body);
}

/** The same failure on a socket whose request asked for a WebSocket upgrade (no HTTP response object there). */
export function writeFailureToSocket(socket: Duplex, options: FailNextOptions): void {
  const { body, contentType } = failureBody(options);
  const headers = Object.entries(failureHeaders(options, contentType, Buffer.byteLength(body)))
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('');
  socket.end(`HTTP/1.1 ${options.status} ${statusText(options.status)}\r\n${headers}Connection: close\r\n\r\n${body}`);
}

export function statusText(status: number): string {
  return STATUS_CODES[status] ?? 'Unknown';
}
