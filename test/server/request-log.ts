/**
 * The log of every request the server received, kept in memory for tests to assert on, with events so that tests
 * can wait for a request instead of sleeping.
 */
import type { EventEmitter } from 'node:events';
import type { IncomingMessage } from 'node:http';
import type { RequestEnd, RequestLogEntry, RequestTransport, TestServerEvents } from './types.ts';

type MutableEntry = { -readonly [K in keyof RequestLogEntry]: RequestLogEntry[K] };

export class RequestLog {
  readonly entries: RequestLogEntry[] = [];
  readonly #events: EventEmitter<TestServerEvents>;
  readonly #pendingEnd = new WeakMap<RequestLogEntry, RequestEnd>();
  #nextSeq = 1;

  constructor(events: EventEmitter<TestServerEvents>) {
    this.#events = events;
  }

  start(request: IncomingMessage, url: URL, transport: RequestTransport): RequestLogEntry {
    const query: Record<string, string> = {};
    for (const [name, value] of url.searchParams) query[name] ??= value;
    const entry: MutableEntry = {
      seq: this.#nextSeq++,
      method: request.method ?? 'GET',
      path: url.pathname,
      query,
      authorization: request.headers.authorization,
      headers: { ...request.headers },
      remoteAddress: request.socket.remoteAddress ?? '',
      transport,
      startedAt: Date.now(),
      status: undefined,
      end: 'open',
      endedAt: undefined,
      user: undefined,
    };
    this.entries.push(entry);
    this.#events.emit('request', entry);
    return entry;
  }

  setStatus(entry: RequestLogEntry, status: number): void {
    (entry as MutableEntry).status = status;
  }

  setUser(entry: RequestLogEntry, user: string | undefined): void {
    (entry as MutableEntry).user = user;
  }

  /** Records why the connection is about to close, for the close handler to pick up (e.g. a server-side drop). */
  expectEnd(entry: RequestLogEntry, end: RequestEnd): void {
    if (!this.#pendingEnd.has(entry)) this.#pendingEnd.set(entry, end);
  }

  /** Ends the entry once; `fallback` applies unless an expected end was recorded. */
  finish(entry: RequestLogEntry, fallback: RequestEnd, status?: number): void {
    if (entry.end !== 'open') return;
    const mutable = entry as MutableEntry;
    mutable.end = this.#pendingEnd.get(entry) ?? fallback;
    mutable.endedAt = Date.now();
    if (status !== undefined && mutable.status === undefined) mutable.status = status;
    this.#events.emit('request-end', entry);
  }
}
