/**
 * Refusals that no retry can change (docs/protocol.md#final-answers): the same request would get the same answer
 * forever, so the connection stops and says what to do instead. 400, 401 and 403 are decided in
 * connection-decisions.ts (a resume id, credentials); this covers the rest of the 4xx.
 */
import { t } from '../../../common/i18n/translate.ts';
import type { ServerError } from '../transports/transport.ts';
import { SUBSCRIBE_URL_BUDGET_BYTES } from './url-budget.ts';

/** 4xx answers a later try may not get: a timeout, a rate limit, a request the server asks to send again. */
const RETRYABLE_CLIENT_ERRORS: ReadonlySet<number> = new Set([
  408, // Request Timeout
  421, // Misdirected Request: "MAY retry the request over a different connection" (RFC 9110)
  425, // Too Early (RFC 8470)
  429, // Too Many Requests
]);

/** The last path segments of ntfy's subscribe endpoints (docs/protocol.md#endpoints). */
const STREAM_FORMATS: ReadonlySet<string> = new Set(['json', 'sse', 'raw', 'ws']);

export function isFinalStatus(status: number): boolean {
  return status >= 400 && status <= 499 && !RETRYABLE_CLIENT_ERRORS.has(status);
}

interface RefusedRequest {
  /** Normalized server base URL. */
  readonly server: string;
  /** The topics of the refused request. */
  readonly topics: readonly string[];
}

function hasBasePath(server: string): boolean {
  return new URL(server).pathname.replace(/\/+$/, '') !== '';
}

/**
 * The sentence for a final refusal. A 404 for a topic named like a stream format under a base path is a stream URL
 * copied from ntfy's examples (`http://host/topic/json` read as server `http://host/topic`, topic `json`).
 */
export function finalRefusalMessage(error: ServerError, request: RefusedRequest): string {
  if (error.status === 414) return t('core.engine.url-too-long', { budget: SUBSCRIBE_URL_BUDGET_BYTES });
  if (error.status === 404) {
    const format = request.topics.find((topic) => STREAM_FORMATS.has(topic));
    if (format !== undefined && hasBasePath(request.server)) {
      return t('core.engine.stream-url', { url: `${request.server}/${format}`, server: request.server });
    }
    return t('core.engine.not-found', { server: request.server });
  }
  return t('core.engine.refused-for-good', { error: error.message });
}
