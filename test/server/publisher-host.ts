/**
 * The web host of a publisher: anyone who knows a topic can publish a message whose attachment, icon or http action
 * points here, and this host answers as the publisher likes — a file, a redirect (to a path of its own or anywhere
 * else), or nothing at all (a request accepted and never answered). It is not ntfy: ntfy serves only its own
 * uploads (`/file/…`, attachments.ts); external `Attach`/`Icon` URLs and action URLs lead to hosts like this one.
 * Real HTTP on 127.0.0.1 with a request log, for the tests of what the app fetches and sends unasked.
 */
import { EventEmitter } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface PublisherRequest {
  readonly method: string;
  /** Path as received, without the query. */
  readonly path: string;
  readonly headers: Readonly<Record<string, string | string[] | undefined>>;
  readonly body: string;
}

type Answer =
  | { readonly kind: 'respond'; readonly status: number; readonly type?: string; readonly body: Buffer }
  | { readonly kind: 'redirect'; readonly status: number; readonly location: string }
  | { readonly kind: 'hang' };

export interface PublisherHost {
  /** `http://127.0.0.1:PORT`, no trailing slash. */
  readonly url: string;
  /** Every request received, oldest first, with its body once read. */
  readonly requests: readonly PublisherRequest[];
  /** Answers `path` with this status, content type and body (default 200, no type, empty). */
  respond(path: string, answer?: { status?: number; type?: string; body?: string | Buffer }): void;
  /** Answers `path` with a redirect (302 unless given) to `location`, which may be anywhere. */
  redirect(path: string, location: string, status?: number): void;
  /** Accepts requests for `path` and never answers them (until `close()`). */
  hang(path: string): void;
  /** Resolves with the first request (past or future) that matches. */
  waitForRequest(predicate: (request: PublisherRequest) => boolean): Promise<PublisherRequest>;
  close(): Promise<void>;
}

/** Paths not configured are 404. */
export async function startPublisherHost(): Promise<PublisherHost> {
  const answers = new Map<string, Answer>();
  const requests: PublisherRequest[] = [];
  const events = new EventEmitter<{ request: [PublisherRequest] }>();
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const path = new URL(req.url ?? '/', 'http://127.0.0.1').pathname;
      const request: PublisherRequest = {
        method: req.method ?? 'GET',
        path,
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      requests.push(request);
      events.emit('request', request);
      const answer = answers.get(path);
      if (answer === undefined) res.writeHead(404).end();
      else if (answer.kind === 'redirect') res.writeHead(answer.status, { Location: answer.location }).end();
      else if (answer.kind === 'respond')
        res
          .writeHead(answer.status, {
            'Content-Length': String(answer.body.length),
            ...(answer.type === undefined ? {} : { 'Content-Type': answer.type }),
          })
          .end(answer.body);
      // 'hang': the response stays open; close() ends the socket.
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${String((server.address() as AddressInfo).port)}`;
  return {
    url,
    requests,
    respond: (path, answer = {}) => {
      const body = answer.body ?? '';
      answers.set(path, {
        kind: 'respond',
        status: answer.status ?? 200,
        ...(answer.type === undefined ? {} : { type: answer.type }),
        body: typeof body === 'string' ? Buffer.from(body) : body,
      });
    },
    redirect: (path, location, status = 302) => {
      answers.set(path, { kind: 'redirect', status, location });
    },
    hang: (path) => {
      answers.set(path, { kind: 'hang' });
    },
    waitForRequest: (predicate) =>
      new Promise((resolve) => {
        const found = requests.find(predicate);
        if (found !== undefined) {
          resolve(found);
          return;
        }
        const listener = (request: PublisherRequest): void => {
          if (!predicate(request)) return;
          events.off('request', listener);
          resolve(request);
        };
        events.on('request', listener);
      }),
    close: async () => {
      const closed = new Promise<void>((resolve) =>
        server.close(() => {
          resolve();
        }),
      );
      server.closeAllConnections();
      await closed;
    },
  };
}
