/**
 * `ntfy-tray login` asks the server before storing anything: `GET /<topic>/auth` when a topic was given (answers
 * `{"success":true}`, 401 for wrong credentials, 403 for a user who may not read the topic: docs/protocol.md,
 * Authentication), else `GET /v1/account` (200 for a known user or token, 401 otherwise). Through httpGet, so the
 * header checks and redirect rules of every other request apply.
 */
import { authorizationHeader, type Credentials } from '../protocol/subscribe-request.ts';
import { httpGet } from '../transports/http-get.ts';
import type { LoginTarget } from './login-args.ts';

/** What the server answered; `status`/`statusText` as received, for saying it back to the user. */
export type CredentialCheck =
  | { readonly kind: 'answer'; readonly status: number; readonly statusText: string; readonly path: string }
  | { readonly kind: 'unreachable'; readonly detail: string };

export type CheckCredentials = (target: LoginTarget, credentials: Credentials) => Promise<CredentialCheck>;

/** 15 s: the server answers these at once; a person is waiting at the prompt. */
const CHECK_TIMEOUT_MS = 15_000;

function checkPathFor(target: LoginTarget): string {
  return target.topic === undefined ? '/v1/account' : `/${encodeURIComponent(target.topic)}/auth`;
}

export const checkCredentials: CheckCredentials = (target, credentials) =>
  new Promise((resolve) => {
    const path = checkPathFor(target);
    const header = authorizationHeader(credentials);
    httpGet({
      url: `${target.server}${path}`,
      headers: header === undefined ? {} : { Authorization: header },
      signal: AbortSignal.timeout(CHECK_TIMEOUT_MS),
      onResult: (result) => {
        if (result.kind !== 'response') {
          resolve({ kind: 'unreachable', detail: result.message });
          return;
        }
        result.response.resume(); // the status is the answer; the body is not needed
        const status = result.response.statusCode ?? 0;
        resolve({ kind: 'answer', status, statusText: result.response.statusMessage ?? '', path });
      },
    });
  });
