/**
 * Why a publish failed, as a value, and in plain words. ntfy answers errors as `{code, http, error, link}`
 * (docs/protocol.md#errors); the codes below are ntfy's, with what they mean for someone sending a message.
 */
import { t } from '../../../common/i18n/translate.ts';
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

/** ntfy's publish error codes in words (the server's own text is in `error`); computed when asked, in the active language. */
const CODE_WORDS: Readonly<Record<number, () => string>> = {
  40001: () => t('rules.publish.code.40001'),
  40002: () => t('rules.publish.code.40002'),
  40004: () => t('rules.publish.code.40004'),
  // ntfy's limits: a delay of 10 s to 3 days (https://docs.ntfy.sh/publish/#scheduled-delivery).
  40005: () => t('rules.publish.code.40005', { count: 10 }),
  40006: () => t('rules.publish.code.40006', { count: 3 }),
  40007: () => t('rules.publish.code.40007', { help: priorityInputHelp() }),
  40009: () => t('rules.publish.code.40009'),
  40010: () => t('rules.publish.code.40010'),
  40013: () => t('rules.publish.code.40013'),
  40014: () => t('rules.publish.code.40014'),
  40018: () => t('rules.publish.code.40018'),
  40021: () => t('rules.publish.code.40021'),
  40024: () => t('rules.publish.code.40024'),
  41301: () => t('rules.publish.code.41301'),
  41303: () => t('rules.publish.code.41303'),
  42901: () => t('rules.publish.code.42901'),
  42909: () => t('rules.publish.code.42909'),
};

/** Longest stretch of the server's own words shown, characters: an error page must not flood the terminal. */
const SERVER_TEXT_MAX_CHARS = 300;

/**
 * Text from the server (its `error`, a redirect's Location) made safe to print: control characters (escape
 * sequences, line breaks) become spaces, and a long text is cut with an ellipsis.
 */
export function printableServerText(text: string): string {
  // eslint-disable-next-line no-control-regex -- replacing control characters is the point
  const flat = text.replace(/[\u0000-\u001f\u007f-\u009f]+/g, ' ').trim();
  return flat.length > SERVER_TEXT_MAX_CHARS ? `${flat.slice(0, SERVER_TEXT_MAX_CHARS)}…` : flat;
}

/** What was sent that helps explain a refusal. */
interface PublishSent {
  /** The delay as typed (`--delay`, `--at`, `--in`). */
  readonly delay?: string;
}

/**
 * ntfy reads a delay that is a whole number as a Unix time, and one in the past as nothing at all (40004,
 * util/time.go parseUnixTime): name the time it stands for instead of suggesting a Unix time.
 */
function pastUnixTime(delay: string | undefined): string | undefined {
  const typed = delay?.trim() ?? '';
  if (!/^[+-]?\d{1,15}$/.test(typed)) return undefined;
  const time = new Date(Number(typed) * 1000);
  // ISO 8601 (UTC) in every language, as the scheduled line gives a due time.
  return Number.isNaN(time.getTime()) ? undefined : time.toISOString();
}

/** ntfy appends detail after a comma: "invalid request: actions invalid, only 3 actions allowed". */
function detailOf(error: string | undefined): string | undefined {
  if (error === undefined) return undefined;
  const comma = error.indexOf(', ');
  return comma === -1 ? undefined : error.slice(comma + 2);
}

function refusedWords(failure: Extract<PublishFailure, { kind: 'refused' }>, sent: PublishSent): string {
  const { status, code } = failure;
  if (status === 403) return t('rules.publish.read-only');
  if (status === 401) return t('rules.publish.unauthorized');
  const past = code === 40004 ? pastUnixTime(sent.delay) : undefined;
  if (past !== undefined) return t('rules.publish.delay-in-past', { delay: sent.delay?.trim() ?? '', time: past });
  const known = code === undefined ? undefined : CODE_WORDS[code];
  if (known !== undefined) {
    const detail = code === 40018 ? detailOf(failure.error) : undefined;
    return detail === undefined ? known() : t('rules.publish.code.40018-detail', { detail });
  }
  if (status === 413) return t('rules.publish.too-large');
  if (status === 429) return t('rules.publish.too-many-requests');
  // The server's own words say what happened (a 507 "insufficient storage", an unknown 400): quoted, never dropped.
  const said = failure.error === undefined ? '' : printableServerText(failure.error);
  if (status >= 500) {
    return said === '' ? t('rules.publish.server-failed') : t('rules.publish.server-failed-saying', { said });
  }
  return said === ''
    ? t('rules.publish.refused', { status: String(status) })
    : t('rules.publish.refused-saying', { said });
}

/**
 * One line for a person: what went wrong, then ntfy's code or the HTTP status in parentheses. `sent` is what the
 * request carried, for refusals that are clearer with it (a delay in the past).
 */
export function describePublishFailure(failure: PublishFailure, sent: PublishSent = {}): string {
  if (failure.kind !== 'refused') return failure.message;
  const words = refusedWords(failure, sent);
  // Status and ntfy code are identifiers, not quantities: passed as text so no locale groups their digits.
  const status = String(failure.status);
  const code = failure.code === undefined ? undefined : String(failure.code);
  const after = failure.retryAfter;
  if (after === undefined) {
    return code === undefined
      ? t('rules.publish.line.status', { words, status })
      : t('rules.publish.line.status-code', { words, status, code });
  }
  // Retry-After is seconds or an HTTP date (shown as received).
  const retry = /^\d+$/.test(after) ? t('rules.publish.retry-seconds', { seconds: after }) : after;
  return code === undefined
    ? t('rules.publish.line.status-retry', { words, status, retry })
    : t('rules.publish.line.status-code-retry', { words, status, code, retry });
}
