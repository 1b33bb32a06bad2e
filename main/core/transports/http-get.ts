/**
 * One GET over node:http/https with the rules all our requests share (streams, polls, the /auth check):
 * header values are checked before anything is sent — a bad one is a local problem no retry can fix — and
 * redirects are decided by ./redirects.ts (same server followed with the same headers, another server refused).
 */
import http from 'node:http';
import https from 'node:https';
import { decideRedirect, isRedirectStatus } from './redirects.ts';
import type { NetworkTrouble } from '../../../common/connection-trouble.ts';
import { errorMessage } from '../../../common/error-message.ts';
import { describeNetworkFailure } from '../../../common/network-failure.ts';
import { t } from '../../../common/i18n/translate.ts';

export type GetResult =
  /** The final answer (2xx or an error status); `request` still reports socket trouble while the body is read. */
  | {
      readonly kind: 'response';
      readonly response: http.IncomingMessage;
      readonly request: http.ClientRequest;
      readonly url: URL;
    }
  | { readonly kind: 'fatal'; readonly message: string }
  | { readonly kind: 'network'; readonly message: string; readonly trouble: NetworkTrouble };

interface HttpGetOptions {
  readonly url: string | URL;
  readonly headers: Readonly<Record<string, string>>;
  /** Aborts the request (a timeout, or the caller giving up); reported as a network result. */
  readonly signal?: AbortSignal;
  /** Called once, never synchronously from `httpGet`. */
  readonly onResult: (result: GetResult) => void;
}

interface PendingGet {
  /** Destroys the current request; no result is reported afterwards. */
  abort(): void;
}

/** Why these headers cannot be sent, for the user (never the value: it may be a secret), or undefined. */
export function headerProblem(headers: Readonly<Record<string, string>>): string | undefined {
  for (const [name, value] of Object.entries(headers)) {
    try {
      http.validateHeaderName(name);
      http.validateHeaderValue(name, value);
    } catch (error) {
      // Node throws ERR_INVALID_CHAR / ERR_INVALID_HTTP_TOKEN here, without the value in the message.
      return name.toLowerCase() === 'authorization'
        ? t('core.transport.credentials-not-sendable')
        : t('core.transport.header-not-sendable', { name, detail: errorMessage(error) });
    }
  }
  return undefined;
}

/** What kind of network failure `error` is, as a code (common/network-failure.ts reads Node's error codes). */
export function networkTrouble(error: unknown): NetworkTrouble {
  return { kind: 'network', failure: describeNetworkFailure(error).kind };
}

export function networkErrorMessage(error: Error): string {
  const code = (error as NodeJS.ErrnoException).code;
  return code !== undefined && !error.message.includes(code) ? `${code}: ${error.message}` : error.message;
}

export function httpGet(options: HttpGetOptions): PendingGet {
  let settled = false;
  let current: http.ClientRequest | undefined;
  const settle = (result: GetResult): void => {
    if (settled) return;
    settled = true;
    options.onResult(result);
  };

  const attempt = (url: URL, hops: number): void => {
    if (settled) return;
    let request: http.ClientRequest;
    try {
      const client = url.protocol === 'https:' ? https : http;
      request = client.get(url, {
        headers: { ...options.headers, Accept: '*/*' },
        ...(options.signal === undefined ? {} : { signal: options.signal }),
      });
    } catch (error) {
      // Synchronous throws are local and permanent: a bad URL or protocol (headers were checked above).
      settle({ kind: 'fatal', message: errorMessage(error) });
      return;
    }
    current = request;
    request.on('response', (response) => {
      const status = response.statusCode ?? 0;
      const location = response.headers.location;
      if (!isRedirectStatus(status) || location === undefined) {
        settle({ kind: 'response', response, request, url });
        return;
      }
      response.resume(); // a redirect's body is not needed; draining it frees the socket
      request.destroy();
      const decision = decideRedirect(url, location, hops);
      if (decision.kind === 'fatal') settle(decision);
      else attempt(decision.url, hops + 1);
    });
    request.on('error', (error) => {
      // After a response was handed over, the caller's own listeners on `request`/`response` report trouble.
      if (current === request)
        settle({ kind: 'network', message: networkErrorMessage(error), trouble: networkTrouble(error) });
    });
    request.on('close', () => {
      if (current === request)
        settle({
          kind: 'network',
          message: t('core.transport.closed-before-answer'),
          trouble: { kind: 'network', failure: 'reset' },
        });
    });
  };

  const problem = headerProblem(options.headers);
  queueMicrotask(() => {
    if (problem !== undefined) {
      settle({ kind: 'fatal', message: problem });
      return;
    }
    let url: URL;
    try {
      url = new URL(options.url);
    } catch {
      settle({ kind: 'fatal', message: t('core.transport.invalid-url', { url: String(options.url) }) });
      return;
    }
    attempt(url, 0);
  });
  return {
    abort() {
      settled = true;
      current?.destroy();
    },
  };
}
