/**
 * The two short HTTP requests the engine makes besides streams: the catch-up poll (`/json?poll=1&since=…`) and
 * the per-topic access check (`GET /<topic>/auth`) used to find the forbidden topic of a 403. Both go through the
 * transports' GET (same-server redirects only, header values checked) and never buffer an unbounded body.
 */
import type { ConnectionTrouble } from '../../../common/connection-trouble.ts';
import type { ParseResult } from '../protocol/types.ts';
import { t } from '../../../common/i18n/translate.ts';
import type { SubscribeRequest } from '../protocol/subscribe-request.ts';
import { authCheckUrl } from '../transports/auth-check-url.ts';
import { streamContentTypeProblem } from '../transports/content-type.ts';
import { createJsonDecoder } from '../transports/decoders.ts';
import { describeResponseError, readLimitedBody } from '../transports/error-body.ts';
import { httpGet } from '../transports/http-get.ts';
import { DEFAULT_MAX_LINE_BYTES } from '../transports/line-splitter.ts';
import type { ServerError } from '../transports/transport.ts';
import { parseRetryAfterMs } from './backoff.ts';

/** A failure without an HTTP answer; `permanent` when retrying cannot help (bad credential characters, redirect). */
interface LocalRequestError {
  readonly status: 0;
  readonly message: string;
  readonly permanent?: true;
}

export type PollOutcome =
  | { readonly ok: true; readonly items: readonly ParseResult[] }
  | { readonly ok: false; readonly error: ServerError | LocalRequestError };

export type Poll = (request: SubscribeRequest) => Promise<PollOutcome>;

/** 30 s: a poll returns at once on a healthy server; one that hangs must not block later polls forever. */
const REQUEST_TIMEOUT_MS = 30_000;

/** Items per poll answer. A cache of 12 h at ntfy's rate limits holds far fewer; an endless answer stops here. */
const DEFAULT_MAX_POLL_ITEMS = 100_000;

interface PollOptions {
  /** Items (non-blank lines) per answer; more ends the poll with an error. Default DEFAULT_MAX_POLL_ITEMS. */
  readonly maxItems?: number;
  /** Cap on one item, bytes, as on live streams. Default DEFAULT_MAX_LINE_BYTES. */
  readonly maxItemBytes?: number;
  /** Whole request, milliseconds. Default 30 s. */
  readonly timeoutMs?: number;
}

/** A poll that streams the answer through the live streams' line splitter, so memory stays bounded. */
export function createPoll(options: PollOptions = {}): Poll {
  const maxItems = options.maxItems ?? DEFAULT_MAX_POLL_ITEMS;
  const maxItemBytes = options.maxItemBytes ?? DEFAULT_MAX_LINE_BYTES;
  const timeoutMs = options.timeoutMs ?? REQUEST_TIMEOUT_MS;
  return (request) =>
    new Promise<PollOutcome>((resolve) => {
      let settled = false;
      const settle = (outcome: PollOutcome): void => {
        if (settled) return;
        settled = true;
        resolve(outcome);
      };
      httpGet({
        url: request.url,
        headers: request.headers,
        signal: AbortSignal.timeout(timeoutMs),
        onResult: (result) => {
          if (result.kind === 'fatal') {
            settle({ ok: false, error: { status: 0, message: result.message, permanent: true } });
            return;
          }
          if (result.kind === 'network') {
            settle({ ok: false, error: { status: 0, message: result.message } });
            return;
          }
          const { response } = result;
          const status = response.statusCode ?? 0;
          if (status < 200 || status > 299) {
            readLimitedBody(response, (body) => {
              settle({ ok: false, error: describeResponseError(response, body) });
            });
            return;
          }
          // A captive portal's HTML would otherwise read as a poll with nothing new.
          const problem = streamContentTypeProblem('json', response.headers['content-type']);
          if (problem !== undefined) {
            settle({ ok: false, error: { status: 0, message: problem } });
            response.destroy();
            return;
          }
          const items: ParseResult[] = [];
          const decoder = createJsonDecoder((item) => {
            // The JSON decoder never emits raw items; the check narrows the type.
            if (item.type !== 'raw') items.push(item);
          }, maxItemBytes);
          response.on('data', (chunk: Buffer) => {
            if (settled) return;
            decoder.push(chunk);
            if (items.length > maxItems) {
              const message = t('core.engine.poll-too-large', { count: maxItems });
              settle({ ok: false, error: { status: 0, message } });
              response.destroy(); // stop reading: the rest may be endless
            }
          });
          response.on('end', () => {
            // The last line of a well-formed answer ends with \n; a cut last line is incomplete and dropped.
            settle({ ok: true, items });
          });
          response.on('error', (error) => {
            settle({ ok: false, error: { status: 0, message: error.message } });
          });
          response.on('close', () => {
            if (!response.complete) settle({ ok: false, error: { status: 0, message: t('core.engine.poll-cut-off') } });
          });
        },
      });
    });
}

export const pollOnce: Poll = createPoll();

/**
 * What `GET /<topics>/auth` says about reading every topic of a list (docs/protocol.md#endpoints). `rate-limited` is
 * any 429 (request limit, or ntfy's login lockout 42909): neither a yes nor a no.
 */
export type TopicAccess = 'readable' | 'forbidden' | 'unauthorized' | 'rate-limited' | 'unknown';

export interface TopicAccessAnswer {
  readonly answer: TopicAccess;
  /**
   * Why an `unknown` answer is not known, as a code the window words (common/connection-trouble.ts): the network
   * failure (host not found, refused, TLS, timed out) or the unexpected status. Absent for the other answers.
   */
  readonly trouble?: ConnectionTrouble;
  /** A 429's Retry-After (seconds or an HTTP date) in milliseconds from now; ntfy sends none, proxies may. */
  readonly retryAfterMs?: number;
}

export type CheckTopicAccess = (request: SubscribeRequest) => Promise<TopicAccessAnswer>;

/** The one reading of an `/auth` status; every other status (404, 5xx, …) is not known to be forbidden. */
function topicAccessFromStatus(status: number): TopicAccess {
  if (status >= 200 && status <= 299) return 'readable';
  if (status === 403) return 'forbidden';
  if (status === 401) return 'unauthorized';
  if (status === 429) return 'rate-limited';
  return 'unknown';
}

/** `request` is a subscribe request for one topic or a list; its URL's last path segment is replaced by `auth`. */
export const checkTopicAccess: CheckTopicAccess = (request) =>
  new Promise<TopicAccessAnswer>((resolve) => {
    httpGet({
      url: authCheckUrl(request.url),
      headers: request.headers,
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      onResult: (result) => {
        // Network trouble, a refused redirect or unsendable credentials: not known to be forbidden.
        if (result.kind !== 'response') {
          resolve(result.kind === 'network' ? { answer: 'unknown', trouble: result.trouble } : { answer: 'unknown' });
          return;
        }
        result.response.resume();
        const status = result.response.statusCode ?? 0;
        const answer = topicAccessFromStatus(status);
        if (answer === 'unknown') {
          resolve({ answer, trouble: { kind: 'http', status } });
          return;
        }
        const header = result.response.headers['retry-after'];
        const retryAfterMs = answer === 'rate-limited' ? parseRetryAfterMs(header, Date.now()) : undefined;
        resolve(retryAfterMs === undefined ? { answer } : { answer, retryAfterMs });
      },
    });
  });
