/**
 * Why a publish failed, as a value, and in plain words. ntfy answers errors as `{code, http, error, link}`
 * (docs/protocol.md#errors); the codes below are ntfy's, with what they mean for someone sending a message.
 */
import { priorityInputHelp } from '../../../common/priority-names.ts';

export type PublishFailure =
  /** The server answered with an error status. `code` and `error` are ntfy's, when the body was its JSON. */
  | {
      readonly kind: 'refused';
      readonly status: number;
      readonly code?: number;
      readonly error?: string;
      /** The Retry-After header of a 429, as received. */
      readonly retryAfter?: string;
    }
  /** No answer: DNS, refused, reset, TLS, timeout. */
  | { readonly kind: 'network'; readonly message: string }
  /** Nothing could be sent: a credential with a line break, a redirect we do not follow, an answer we cannot read. */
  | { readonly kind: 'local'; readonly message: string };

/** ntfy's publish error codes in words (the server's own text is in `error`). */
const CODE_WORDS: Readonly<Record<number, string>> = {
  40001: 'this server does not send e-mail',
  40002: 'a delayed message must be kept on the server: leave out no-cache',
  40004: 'the server could not read the delay (try 30m, 2h, "tomorrow 9am" or a Unix time)',
  40005: 'the delay is too short: at least 10 seconds',
  40006: 'the delay is too long: at most 3 days on a default server',
  40007: `the priority is not one of ${priorityInputHelp()}`,
  40009: 'the topic name is not valid',
  40010: 'this topic name is reserved by the server',
  40013: 'the attachment URL is not a valid http(s) URL',
  40014: 'the server would take this as a file upload (a message over 4096 bytes, or a file name without a URL)',
  40018: 'the actions are not valid',
  40021: 'the icon URL is not a valid http(s) URL',
  40024: 'the server could not read the request',
  41303: 'the message is too large (the whole request may be at most 8192 bytes)',
  42901: 'too many messages: the server limits how often one may publish',
  42909: 'too many failed logins from here: the server refuses credentials for a while',
};

/** ntfy appends detail after a comma: "invalid request: actions invalid, only 3 actions allowed". */
function detailOf(error: string | undefined): string | undefined {
  if (error === undefined) return undefined;
  const comma = error.indexOf(', ');
  return comma === -1 ? undefined : error.slice(comma + 2);
}

function refusedWords(failure: Extract<PublishFailure, { kind: 'refused' }>): string {
  const { status, code } = failure;
  if (status === 403) return 'the topic is read-only for this user (or needs credentials)';
  if (status === 401) return 'the server did not accept the user name and password, or the token';
  const known = code === undefined ? undefined : CODE_WORDS[code];
  if (known !== undefined) {
    const detail = code === 40018 ? detailOf(failure.error) : undefined;
    return detail === undefined ? known : `${known}: ${detail}`;
  }
  if (status === 413) return 'the message is too large for this server';
  if (status === 429) return 'too many requests: the server asks to slow down';
  if (status >= 500) return 'the server failed';
  return failure.error === undefined ? `the server refused the message (HTTP ${status})` : failure.error;
}

/** One line for a person: what went wrong, then ntfy's code or the HTTP status in parentheses. */
export function describePublishFailure(failure: PublishFailure): string {
  if (failure.kind !== 'refused') return failure.message;
  const words = refusedWords(failure);
  const after = failure.retryAfter;
  // Retry-After is seconds or an HTTP date.
  const retry = after === undefined ? '' : `, retry after ${/^\d+$/.test(after) ? `${after} s` : after}`;
  const reference = failure.code === undefined ? `HTTP ${failure.status}` : `HTTP ${failure.status}, ${failure.code}`;
  return `${words} (${reference}${retry})`;
}
