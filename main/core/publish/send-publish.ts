/**
 * Sends one PublishRequest over node:http/https and reads the answer: the server's message JSON on success, a
 * PublishFailure otherwise. Header values are checked before anything is sent (a credential with a line break is a
 * local problem). A redirect is not followed: a POST must not be replayed somewhere the user did not name.
 */
import { readNtfyErrorBody } from '../protocol/error-body.ts';
import http from 'node:http';
import https from 'node:https';
import { parseStreamJson } from '../protocol/parse.ts';
import type { NtfyMessage } from '../protocol/types.ts';
import { headerProblem } from '../transports/http-get.ts';
import { readLimitedBody } from '../transports/error-body.ts';
import { isRedirectStatus } from '../transports/redirects.ts';
import type { PublishFailure } from './publish-failure.ts';
import type { PublishRequest } from './publish-input.ts';
import { describeNetworkFailure } from '../../../common/network-failure.ts';

export type PublishOutcome =
  | {
      readonly ok: true;
      readonly message: NtfyMessage;
      /** The server's answer as it came, without the trailing newline (for `--json`). */
      readonly raw: string;
    }
  | { readonly ok: false; readonly failure: PublishFailure };

export type SendPublish = (request: PublishRequest) => Promise<PublishOutcome>;

/** 30 s for the whole request: ntfy answers a publish at once. */
const PUBLISH_TIMEOUT_MS = 30_000;

export interface SendPublishOptions {
  /** Whole request, milliseconds. Default 30 s. */
  readonly timeoutMs?: number;
}

function readError(status: number, body: string, retryAfter: string | undefined): PublishFailure {
  return {
    kind: 'refused',
    status,
    ...readNtfyErrorBody(body),
    ...(retryAfter === undefined || retryAfter === '' ? {} : { retryAfter }),
  };
}

function readAnswer(status: number, location: string | undefined, body: string, retry?: string): PublishOutcome {
  if (isRedirectStatus(status)) {
    const where = location === undefined ? '' : ` to ${location}`;
    return {
      ok: false,
      failure: { kind: 'local', message: `the server redirected the message${where}: use that URL` },
    };
  }
  if (status < 200 || status > 299) return { ok: false, failure: readError(status, body, retry) };
  const raw = body.trim();
  const parsed = parseStreamJson(raw);
  if (parsed.type !== 'message') {
    return { ok: false, failure: { kind: 'local', message: 'the server answered, but not with a message' } };
  }
  return { ok: true, message: parsed.message, raw };
}

export function createSendPublish(options: SendPublishOptions = {}): SendPublish {
  const timeoutMs = options.timeoutMs ?? PUBLISH_TIMEOUT_MS;
  return (request) =>
    new Promise<PublishOutcome>((resolve) => {
      const problem = headerProblem(request.headers);
      if (problem !== undefined) {
        resolve({ ok: false, failure: { kind: 'local', message: problem } });
        return;
      }
      const url = new URL(request.url);
      const client = url.protocol === 'https:' ? https : http;
      const body = Buffer.from(request.body, 'utf8');
      let settled = false;
      const settle = (outcome: PublishOutcome): void => {
        if (settled) return;
        settled = true;
        resolve(outcome);
      };
      const outgoing = client.request(url, {
        method: 'POST',
        headers: { ...request.headers, 'Content-Length': String(body.length), Accept: 'application/json' },
        signal: AbortSignal.timeout(timeoutMs),
      });
      outgoing.on('response', (response) => {
        const status = response.statusCode ?? 0;
        const retryAfter = response.headers['retry-after'];
        readLimitedBody(response, (text) => {
          settle(readAnswer(status, response.headers.location, text, retryAfter));
        });
      });
      outgoing.on('error', (error) => {
        // Plain words ("connection refused", "host not found"), never an errno code, with the host it was for.
        const { words } = describeNetworkFailure(error);
        settle({ ok: false, failure: { kind: 'network', message: `cannot reach ${url.host}: ${words}` } });
      });
      outgoing.end(body);
    });
}

export const sendPublish: SendPublish = createSendPublish();
