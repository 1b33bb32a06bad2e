/**
 * The two short HTTP requests the engine makes besides streams: the catch-up poll (`/json?poll=1&since=…`) and
 * the per-topic access check (`GET /<topic>/auth`) used to find the forbidden topic of a 403.
 */
import { parseStreamJson } from '../protocol/parse.ts';
import type { ParseResult } from '../protocol/types.ts';
import type { SubscribeRequest } from '../protocol/subscribe-request.ts';
import { describeServerError, type ServerError } from '../transports/transport.ts';

export type PollOutcome =
  | { readonly ok: true; readonly items: readonly ParseResult[] }
  | { readonly ok: false; readonly error: ServerError | { readonly status: 0; readonly message: string } };

export type Poll = (request: SubscribeRequest) => Promise<PollOutcome>;

/** 30 s: a poll returns at once on a healthy server; one that hangs must not block later polls forever. */
const REQUEST_TIMEOUT_MS = 30_000;

function failure(error: unknown): PollOutcome {
  return { ok: false, error: { status: 0, message: error instanceof Error ? error.message : String(error) } };
}

export const pollOnce: Poll = async (request) => {
  try {
    const response = await fetch(request.url, {
      headers: request.headers,
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    const body = await response.text();
    if (!response.ok) {
      const retryAfter = response.headers.get('retry-after') ?? undefined;
      return { ok: false, error: describeServerError(response.status, response.statusText, body, retryAfter) };
    }
    const items = body
      .split('\n')
      .filter((line) => line.trim() !== '')
      .map(parseStreamJson);
    return { ok: true, items };
  } catch (error) {
    return failure(error);
  }
};

export type TopicAccess = 'readable' | 'forbidden' | 'unauthorized' | 'unknown';

export type CheckTopicAccess = (request: SubscribeRequest) => Promise<TopicAccess>;

/** `request` is a subscribe request for one topic; its URL's last path segment is replaced by `auth`. */
export const checkTopicAccess: CheckTopicAccess = async (request) => {
  const url = new URL(request.url);
  url.protocol = url.protocol === 'wss:' ? 'https:' : url.protocol === 'ws:' ? 'http:' : url.protocol;
  url.pathname = url.pathname.replace(/\/[^/]*$/, '/auth');
  for (const name of [...url.searchParams.keys()]) if (name !== 'auth') url.searchParams.delete(name);
  try {
    const response = await fetch(url, { headers: request.headers, signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
    await response.body?.cancel();
    if (response.ok) return 'readable';
    if (response.status === 403) return 'forbidden';
    if (response.status === 401) return 'unauthorized';
    return 'unknown';
  } catch {
    return 'unknown'; // network trouble: the caller treats the topic as not known to be forbidden
  }
};
