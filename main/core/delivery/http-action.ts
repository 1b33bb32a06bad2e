/**
 * Runs an `http` action button from the main process (never from the renderer): method (default POST), headers
 * and body as the publisher gave them, a 15 s timeout, and a result the caller turns into a follow-up notification.
 */
import type { NotificationAction } from './notification-content.ts';

export type HttpActionResult =
  | { readonly ok: true; readonly status: number }
  | { readonly ok: false; readonly status?: number; readonly message: string };

export const HTTP_ACTION_TIMEOUT_MS = 15_000;

export async function runHttpAction(
  action: Extract<NotificationAction, { kind: 'http' }>,
  options: { readonly timeoutMs?: number } = {},
): Promise<HttpActionResult> {
  const timeoutMs = options.timeoutMs ?? HTTP_ACTION_TIMEOUT_MS;
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
    if (response.ok) return { ok: true, status: response.status };
    return {
      ok: false,
      status: response.status,
      message: `${action.label}: the server answered HTTP ${response.status}`,
    };
  } catch (error) {
    const timedOut = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
    const reason = timedOut
      ? `no answer within ${timeoutMs / 1000} s`
      : error instanceof Error
        ? error.message
        : String(error);
    return { ok: false, message: `${action.label}: ${reason}` };
  }
}
