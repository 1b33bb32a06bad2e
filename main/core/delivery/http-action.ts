/**
 * Runs an `http` action button from the main process (never from the renderer): method (default POST), headers
 * and body as the publisher gave them, a 15 s timeout, and a result the caller shows as it is (a follow-up popup's
 * body, the window's line next to the button). The text names the request and says what happened once, without the
 * button's label: the popup's title and the window's button already show that.
 */
import { t } from '../../../common/i18n/translate.ts';
import { describeNetworkFailure } from '../../../common/network-failure.ts';
import type { NotificationAction } from './notification-content.ts';

export type HttpActionResult =
  | { readonly ok: true; readonly status: number; readonly message: string }
  | { readonly ok: false; readonly status?: number; readonly message: string };

type HttpAction = Extract<NotificationAction, { kind: 'http' }>;

export const HTTP_ACTION_TIMEOUT_MS = 15_000;

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

export async function runHttpAction(
  action: HttpAction,
  options: { readonly timeoutMs?: number } = {},
): Promise<HttpActionResult> {
  const timeoutMs = options.timeoutMs ?? HTTP_ACTION_TIMEOUT_MS;
  const target = httpActionTarget(action);
  try {
    const response = await fetch(action.url, {
      method: action.method,
      headers: action.headers,
      // GET and HEAD cannot carry a body; ntfy's clients drop it there too.
      ...(action.body !== undefined && action.method !== 'GET' && action.method !== 'HEAD'
        ? { body: action.body }
        : {}),
      signal: AbortSignal.timeout(timeoutMs),
      redirect: 'follow',
    });
    await response.body?.cancel();
    // A status code is a name, not an amount: a string, so no locale digit grouping.
    const status = String(response.status);
    if (response.ok)
      return { ok: true, status: response.status, message: t('app.http-action.done', { target, status }) };
    return { ok: false, status: response.status, message: t('app.http-action.failed-status', { target, status }) };
  } catch (error) {
    const failure = describeNetworkFailure(error);
    // Our own deadline: say how long was waited, which "no answer in time" leaves open.
    const message =
      failure.kind === 'timeout'
        ? t('app.http-action.timeout', { target, seconds: timeoutMs / 1000 })
        : t('app.http-action.failed', { target, reason: failure.words });
    return { ok: false, message };
  }
}
