/**
 * ntfy's HTTP errors (docs/protocol.md#errors-and-status-codes): body `{"code":…,"http":…,"error":"…","link":"…"}\n`,
 * Content-Type `application/json`, `link` omitted when empty, no `WWW-Authenticate`. Codes, texts and links as the ntfy
 * server defines them.
 */
import { encodeGoJsonLine } from './go-json.ts';

export interface NtfyErrorSpec {
  readonly code: number;
  readonly http: number;
  readonly error: string;
  readonly link?: string;
}

const docs = 'https://ntfy.sh/docs';

export const ntfyErrors = {
  emailDisabled: {
    code: 40001,
    http: 400,
    error: 'e-mail notifications are not enabled',
    link: `${docs}/config/#e-mail-notifications`,
  },
  delayNoCache: { code: 40002, http: 400, error: 'cannot disable cache for delayed message' },
  delayCannotParse: {
    code: 40004,
    http: 400,
    error: 'invalid delay parameter: unable to parse delay',
    link: `${docs}/publish/#scheduled-delivery`,
  },
  delayTooSmall: {
    code: 40005,
    http: 400,
    error: 'invalid delay parameter: too small, please refer to the docs',
    link: `${docs}/publish/#scheduled-delivery`,
  },
  delayTooLarge: {
    code: 40006,
    http: 400,
    error: 'invalid delay parameter: too large, please refer to the docs',
    link: `${docs}/publish/#scheduled-delivery`,
  },
  priorityInvalid: {
    code: 40007,
    http: 400,
    error: 'invalid priority parameter',
    link: `${docs}/publish/#message-priority`,
  },
  sinceInvalid: {
    code: 40008,
    http: 400,
    error: 'invalid since parameter',
    link: `${docs}/subscribe/api/#fetch-cached-messages`,
  },
  topicInvalid: { code: 40009, http: 400, error: 'invalid request: topic invalid' },
  topicDisallowed: { code: 40010, http: 400, error: 'invalid request: topic name is not allowed' },
  messageNotUtf8: { code: 40011, http: 400, error: 'invalid message: message must be UTF-8 encoded' },
  attachmentUrlInvalid: {
    code: 40013,
    http: 400,
    error: 'invalid request: attachment URL is invalid',
    link: `${docs}/publish/#attachments`,
  },
  attachmentsDisallowed: {
    code: 40014,
    http: 400,
    error: 'invalid request: attachments not allowed',
    link: `${docs}/config/#attachments`,
  },
  wsUpgradeMissing: {
    code: 40016,
    http: 400,
    error: 'invalid request: client not using the websocket protocol',
    link: `${docs}/subscribe/api/#websockets`,
  },
  actionsInvalid: {
    code: 40018,
    http: 400,
    error: 'invalid request: actions invalid',
    link: `${docs}/publish/#action-buttons`,
  },
  iconUrlInvalid: {
    code: 40021,
    http: 400,
    error: 'invalid request: icon URL is invalid',
    link: `${docs}/publish/#icons`,
  },
  jsonBodyInvalid: { code: 40024, http: 400, error: 'invalid request: request body must be valid JSON' },
  unauthorized: { code: 40101, http: 401, error: 'unauthorized', link: `${docs}/publish/#authentication` },
  forbidden: { code: 40301, http: 403, error: 'forbidden', link: `${docs}/publish/#authentication` },
  notFound: { code: 40401, http: 404, error: 'page not found' },
  attachmentTooLarge: {
    code: 41301,
    http: 413,
    error: 'attachment too large, or bandwidth limit reached',
    link: `${docs}/publish/#limitations`,
  },
  jsonBodyTooLarge: { code: 41303, http: 413, error: 'JSON body too large' },
  tooManyRequests: {
    code: 42901,
    http: 429,
    error: 'limit reached: too many requests',
    link: `${docs}/publish/#limitations`,
  },
  tooManySubscriptions: {
    code: 42903,
    http: 429,
    error: 'limit reached: too many active subscriptions',
    link: `${docs}/publish/#limitations`,
  },
  tooManyAuthFailures: {
    code: 42909,
    http: 429,
    error: 'limit reached: too many auth failures',
    link: `${docs}/publish/#limitations`,
  },
  internal: { code: 50001, http: 500, error: 'internal server error' },
} as const satisfies Record<string, NtfyErrorSpec>;

/** Thrown inside request handling; turned into the error body (or a bare status on a WebSocket upgrade). */
export class NtfyHttpError extends Error {
  readonly spec: NtfyErrorSpec;

  constructor(spec: NtfyErrorSpec, detail?: string) {
    // ntfy's errHTTP.Wrap appends detail after a comma: "invalid request: actions invalid, <detail>".
    const error = detail === undefined ? spec.error : `${spec.error}, ${detail}`;
    super(error);
    this.name = 'NtfyHttpError';
    this.spec = { ...spec, error };
  }
}

export function errorBody(spec: NtfyErrorSpec): string {
  const fields = new Map<string, string | number>([
    ['code', spec.code],
    ['http', spec.http],
    ['error', spec.error],
  ]);
  if (spec.link !== undefined && spec.link !== '') fields.set('link', spec.link);
  return encodeGoJsonLine(fields);
}
