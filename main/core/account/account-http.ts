/**
 * One request to an ntfy server's account API over node:http/https: JSON in, JSON (or nothing) out, the answer as a
 * value. Redirects are not followed (a password must not be replayed somewhere the user did not name); header
 * values are checked before anything is sent.
 */
import { readNtfyErrorBody } from '../protocol/error-body.ts';
import http from 'node:http';
import https from 'node:https';
import { t } from '../../../common/i18n/translate.ts';
import { describeNetworkFailure } from '../../../common/network-failure.ts';
import { readLimitedBody } from '../transports/error-body.ts';
import { headerProblem } from '../transports/http-get.ts';

/** How a request to the account API failed, in terms the caller can act on. */
export type AccountFailure =
  | { readonly kind: 'unauthorized'; readonly status: number }
  | { readonly kind: 'unreachable'; readonly message: string }
  | { readonly kind: 'refused'; readonly status: number; readonly code?: number; readonly error?: string }
  | { readonly kind: 'local'; readonly message: string };

type AccountAnswer =
  { readonly ok: true; readonly body: unknown } | { readonly ok: false; readonly failure: AccountFailure };

export interface AccountHttpRequest {
  readonly method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  /** Full URL. */
  readonly url: string;
  readonly headers: Readonly<Record<string, string>>;
  readonly json?: unknown;
  readonly timeoutMs: number;
}

/** An account with hundreds of subscriptions is a few tens of KiB; more than this is not an account answer. */
const MAX_ANSWER_BYTES = 1 << 20;

function parseJson(text: string): unknown {
  if (text.trim() === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    if (error instanceof SyntaxError) return undefined; // a proxy's page: the status says enough
    throw error;
  }
}

function failureOf(status: number, body: unknown): AccountFailure {
  // ntfy answers 401 to unknown credentials and 403 where they are known but not allowed; both end a session.
  if (status === 401 || status === 403) return { kind: 'unauthorized', status };
  return { kind: 'refused', status, ...readNtfyErrorBody(body) };
}

export function sendAccountRequest(request: AccountHttpRequest): Promise<AccountAnswer> {
  return new Promise((resolve) => {
    const problem = headerProblem(request.headers);
    if (problem !== undefined) {
      resolve({ ok: false, failure: { kind: 'local', message: problem } });
      return;
    }
    const url = new URL(request.url);
    const client = url.protocol === 'https:' ? https : http;
    const body = request.json === undefined ? undefined : Buffer.from(JSON.stringify(request.json), 'utf8');
    let settled = false;
    const settle = (answer: AccountAnswer): void => {
      if (settled) return;
      settled = true;
      resolve(answer);
    };
    const outgoing = client.request(url, {
      method: request.method,
      headers: {
        ...request.headers,
        Accept: 'application/json',
        ...(body === undefined ? {} : { 'Content-Type': 'application/json', 'Content-Length': String(body.length) }),
      },
      signal: AbortSignal.timeout(request.timeoutMs),
    });
    outgoing.on('response', (response) => {
      const status = response.statusCode ?? 0;
      readLimitedBody(
        response,
        (text) => {
          const parsed = parseJson(text);
          if (status >= 300 && status < 400) {
            const message = t('core.account.redirected', { status: String(status) });
            settle({ ok: false, failure: { kind: 'local', message } });
          } else if (status < 200 || status > 299) {
            settle({ ok: false, failure: failureOf(status, parsed) });
          } else {
            settle({ ok: true, body: parsed });
          }
        },
        MAX_ANSWER_BYTES,
      );
    });
    outgoing.on('error', (error) => {
      const { words } = describeNetworkFailure(error);
      const message = t('core.account.unreachable', { host: url.host, reason: words });
      settle({ ok: false, failure: { kind: 'unreachable', message } });
    });
    outgoing.end(body);
  });
}
