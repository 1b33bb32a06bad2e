/**
 * Runs an `http` action button from the main process (never from the renderer): one well-formed request with the
 * method (default POST; only those ntfy documents: common/action-availability.ts), headers (but never the framing,
 * Host or connection ones: guarded-request.ts) and body the publisher gave, a 15 s timeout for every method, redirects followed only within the action's origin (a 307 to
 * another host would carry the method, body and an X-Api-Key there: it is reported instead, naming that host), and a result the caller shows as it is (a follow-up popup's
 * body, the window's line next to the button). The text names the request and says what happened once, without the
 * button's label: the popup's title and the window's button already show that.
 *
 * Loopback, private, link-local and carrier-grade-NAT addresses (address-class.ts) are reached only when the caller
 * allows it (the user confirmed, or the action targets the subscription's own server: run-message-action.ts); else
 * nothing is sent and the result asks for a confirmation. Checked on the address the socket connects to, so a name
 * that resolves to such an address counts too (core/net/guarded-request.ts).
 */
import { actionAvailability } from '../../../common/action-availability.ts';
import { t } from '../../../common/i18n/translate.ts';
import { describeNetworkFailure } from '../../../common/network-failure.ts';
import { type AddressGuard, guardedRequest, RefusedAddress } from '../net/guarded-request.ts';
import type { NotificationAction } from './notification-content.ts';

export type HttpActionResult =
  | { readonly ok: true; readonly status: number; readonly message: string }
  | {
      readonly ok: false;
      readonly status?: number;
      readonly message: string;
      /** Nothing was sent: the target is internal and the caller did not allow that. Method and host to confirm. */
      readonly confirm?: { readonly method: string; readonly host: string };
    };

interface HttpActionOptions extends AddressGuard {
  readonly timeoutMs?: number;
  /** Whether loopback, private and link-local addresses may be reached; default no. */
  readonly allowInternal?: boolean;
}

type HttpAction = Extract<NotificationAction, { kind: 'http' }>;

const HTTP_ACTION_TIMEOUT_MS = 15_000;

/** "POST ntfy.example.com", "PUT 127.0.0.1:8080": what was asked of whom, without path or query (may hold secrets). */
export function httpActionTarget(action: Pick<HttpAction, 'method' | 'url'>): string {
  let host: string;
  try {
    host = new URL(action.url).host;
  } catch {
    // toNotificationAction only lets parsable http(s) URLs through; a caller that skipped it still gets a sentence.
    host = t('app.http-action.invalid-address');
  }
  return `${action.method} ${host}`;
}

export async function runHttpAction(action: HttpAction, options: HttpActionOptions = {}): Promise<HttpActionResult> {
  // The caller built the action through toNotificationAction, which drops these; the sender checks again.
  const availability = actionAvailability({ kind: 'http', url: action.url, method: action.method });
  if (!availability.canRun) return { ok: false, message: availability.reason };
  const timeoutMs = options.timeoutMs ?? HTTP_ACTION_TIMEOUT_MS;
  const origin = new URL(action.url).origin;
  const answer = await guardedRequest(action.url, {
    ...options,
    method: action.method,
    headers: action.headers,
    // GET and HEAD cannot carry a body; ntfy's clients drop it there too.
    ...(action.body !== undefined && action.method !== 'GET' && action.method !== 'HEAD' ? { body: action.body } : {}),
    mayReachInternal: () => options.allowInternal ?? false,
    maxRedirects: 5,
    // Method, body and headers (an X-Api-Key) were meant for this origin only: a redirect elsewhere is not followed.
    checkHop: (hop) => (hop.origin === origin ? undefined : 'elsewhere'),
    signal: AbortSignal.timeout(timeoutMs),
  });
  if (answer.ok) {
    answer.response.resume();
    // The host that finally answered, after same-origin redirects: the same host, maybe another path.
    const target = httpActionTarget({ method: action.method, url: answer.url.href });
    // A status code is a name, not an amount: a string, so no locale digit grouping.
    const code = answer.response.statusCode ?? 0;
    const status = String(code);
    if (code >= 200 && code <= 299)
      return { ok: true, status: code, message: t('app.http-action.done', { target, status }) };
    return { ok: false, status: code, message: t('app.http-action.failed-status', { target, status }) };
  }
  const target = httpActionTarget(action);
  // Refused before a byte went out to the first address; after a redirect (a name that resolved elsewhere this time),
  // the first hop was already sent, so confirming would send it twice: reported as a failure instead.
  if (answer.cause instanceof RefusedAddress) {
    const host = new URL(action.url).host;
    if (answer.url.href === new URL(action.url).href)
      return {
        ok: false,
        message: t('app.http-action.needs-confirmation', { target }),
        confirm: { method: action.method, host },
      };
    return { ok: false, message: t('app.http-action.internal-after-redirect', { target }) };
  }
  if (answer.kind === 'refused')
    return { ok: false, message: t('app.http-action.redirected-elsewhere', { target, host: answer.url.host }) };
  const failure = describeNetworkFailure(answer.cause);
  // Our own deadline: say how long was waited, which "no answer in time" leaves open.
  const message =
    failure.kind === 'timeout'
      ? t('app.http-action.timeout', { target, seconds: timeoutMs / 1000 })
      : t('app.http-action.failed', { target, reason: failure.words });
  return { ok: false, message };
}
