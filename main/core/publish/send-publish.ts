/**
 * Sends one PublishRequest over node:http/https and reads the answer: the server's message JSON on success, a
 * PublishFailure otherwise. Header values are checked before anything is sent (a credential with a line break is a
 * local problem). A redirect is not followed: a publish must not be replayed somewhere the user did not name.
 */
import { t } from '../../../common/i18n/translate.ts';
import { readNtfyErrorBody } from '../protocol/error-body.ts';
import http from 'node:http';
import https from 'node:https';
import { parseStreamJson } from '../protocol/parse.ts';
import type { NtfyMessage } from '../protocol/types.ts';
import { headerProblem } from '../transports/http-get.ts';
import { readLimitedBody } from '../transports/error-body.ts';
import { isRedirectStatus } from '../transports/redirects.ts';
import { printableServerText, type PublishFailure } from './publish-failure.ts';
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
export const PUBLISH_TIMEOUT_MS = 30_000;
/**
 * An upload gets one more second per 32 KiB (a 15 MB file: 8 more minutes), so that a slow uplink (256 kbit/s)
 * still finishes; a stuck one still ends.
 */
const UPLOAD_BYTES_PER_EXTRA_SECOND = 32 * 1024;

/** The time a publish of `bytes` bytes may take: `baseMs` plus the upload allowance above. */
export function uploadTimeoutMs(baseMs: number, bytes: number): number {
  return baseMs + Math.ceil(bytes / UPLOAD_BYTES_PER_EXTRA_SECOND) * 1000;
}

interface SendPublishOptions {
  /** Whole request, milliseconds, plus the upload allowance above. Default 30 s. */
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
    const message =
      location === undefined
        ? t('rules.publish.redirected')
        : t('rules.publish.redirected-to', { location: printableServerText(location) });
    return { ok: false, failure: { kind: 'local', message } };
  }
  if (status < 200 || status > 299) return { ok: false, failure: readError(status, body, retry) };
  const raw = body.trim();
  const parsed = parseStreamJson(raw);
  if (parsed.type !== 'message') {
    return { ok: false, failure: { kind: 'local', message: t('rules.publish.not-a-message') } };
  }
  return { ok: true, message: parsed.message, raw };
}

/** Where a publish goes and how: the request of publish-input.ts without its body. */
export type PublishTarget = Omit<PublishRequest, 'body'>;

/** An opened publish: the caller writes `contentLength` bytes into `outgoing`; `outcome` settles with the answer. */
type OpenedPublish =
  | { readonly opened: true; readonly outgoing: http.ClientRequest; readonly outcome: Promise<PublishOutcome> }
  | { readonly opened: false; readonly outcome: Promise<PublishOutcome> };

/**
 * Sends the head of a publish of `contentLength` bytes, the whole request limited to `timeoutMs`. The answer may come before the body is complete (ntfy refuses a too-large Content-Length at once,
 * server.go handleBodyAsAttachment): `outcome` settles with it then.
 */
export function openPublish(target: PublishTarget, contentLength: number, timeoutMs: number): OpenedPublish {
  const problem = headerProblem(target.headers);
  if (problem !== undefined) {
    return { opened: false, outcome: Promise.resolve({ ok: false, failure: { kind: 'local', message: problem } }) };
  }
  const url = new URL(target.url);
  const client = url.protocol === 'https:' ? https : http;
  const outgoing = client.request(url, {
    method: target.method,
    headers: { ...target.headers, 'Content-Length': String(contentLength), Accept: 'application/json' },
    signal: AbortSignal.timeout(timeoutMs),
  });
  const outcome = new Promise<PublishOutcome>((resolve) => {
    let settled = false;
    const settle = (answer: PublishOutcome): void => {
      if (settled) return;
      settled = true;
      resolve(answer);
    };
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
      settle({
        ok: false,
        failure: { kind: 'network', message: t('rules.publish.unreachable', { host: url.host, words }) },
      });
    });
  });
  return { opened: true, outgoing, outcome };
}

function createSendPublish(options: SendPublishOptions = {}): SendPublish {
  const timeoutMs = options.timeoutMs ?? PUBLISH_TIMEOUT_MS;
  return (request) => {
    const body =
      typeof request.body === 'string'
        ? Buffer.from(request.body, 'utf8')
        : Buffer.from(request.body.buffer, request.body.byteOffset, request.body.byteLength);
    // Text publishes get no upload allowance: a JSON body is at most 8 KiB.
    const allowance = typeof request.body === 'string' ? 0 : body.length;
    const opened = openPublish(request, body.length, uploadTimeoutMs(timeoutMs, allowance));
    if (opened.opened) opened.outgoing.end(body);
    return opened.outcome;
  };
}

export const sendPublish: SendPublish = createSendPublish();
