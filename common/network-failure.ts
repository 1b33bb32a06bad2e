/**
 * Why a network request failed, in a few plain words, from what Node's fetch (undici) or `net`/`tls` threw.
 *
 * Node's fetch rejects with `TypeError: fetch failed` and puts the real reason in `error.cause` (an errno error such
 * as `connect ECONNREFUSED 127.0.0.1:8080`, or an undici error with a `UND_ERR_*` code); a connect to several
 * addresses (happy eyeballs) gives an `AggregateError` whose `errors` hold one failure per address; a fetch aborted
 * by `AbortSignal.timeout()` rejects with a `TimeoutError` DOMException. So the whole chain is read, not the top.
 * Codes: https://nodejs.org/api/errors.html#common-system-errors, https://undici.nodejs.org/#/docs/api/Errors,
 * TLS: https://nodejs.org/api/tls.html (OpenSSL verify codes such as CERT_HAS_EXPIRED).
 */
import { t, type MessageKey } from './i18n/translate.ts';

export type NetworkFailureKind = 'refused' | 'dns' | 'unreachable' | 'reset' | 'timeout' | 'tls' | 'unknown';

interface NetworkFailure {
  readonly kind: NetworkFailureKind;
  /** Short, lower-case words to put after "failed: " ("connection refused", "host not found"), in the active language. */
  readonly words: string;
}

type WordsKind = Exclude<NetworkFailureKind, 'tls' | 'unknown'>;

const WORDS: Readonly<Record<WordsKind, `rules.network.${WordsKind}`>> = {
  refused: 'rules.network.refused',
  dns: 'rules.network.dns',
  unreachable: 'rules.network.unreachable',
  reset: 'rules.network.reset',
  timeout: 'rules.network.timeout',
};

const KIND_BY_CODE: Readonly<Record<string, Exclude<NetworkFailureKind, 'tls' | 'unknown'>>> = {
  ECONNREFUSED: 'refused',
  ENOTFOUND: 'dns',
  // A temporary resolver failure (no DNS server reachable): to the user the name still was not found.
  EAI_AGAIN: 'dns',
  // No route to the server from this network (a Wi-Fi without internet, a VPN down, a firewall's reject).
  ENETUNREACH: 'unreachable',
  EHOSTUNREACH: 'unreachable',
  ENETDOWN: 'unreachable',
  EHOSTDOWN: 'unreachable',
  ECONNRESET: 'reset',
  EPIPE: 'reset',
  // undici's "other side closed" (the server dropped the socket before answering).
  UND_ERR_SOCKET: 'reset',
  ETIMEDOUT: 'timeout',
  UND_ERR_CONNECT_TIMEOUT: 'timeout',
  UND_ERR_HEADERS_TIMEOUT: 'timeout',
  UND_ERR_BODY_TIMEOUT: 'timeout',
};

/** TLS failures as a person can act on them; OpenSSL's own text for the rest. */
const TLS_DETAIL: Readonly<Record<string, Extract<MessageKey, `rules.network.tls.${string}`>>> = {
  CERT_HAS_EXPIRED: 'rules.network.tls.expired',
  CERT_NOT_YET_VALID: 'rules.network.tls.not-yet-valid',
  DEPTH_ZERO_SELF_SIGNED_CERT: 'rules.network.tls.self-signed',
  SELF_SIGNED_CERT_IN_CHAIN: 'rules.network.tls.self-signed-in-chain',
  UNABLE_TO_VERIFY_LEAF_SIGNATURE: 'rules.network.tls.issuer-not-trusted',
  UNABLE_TO_GET_ISSUER_CERT_LOCALLY: 'rules.network.tls.issuer-not-trusted',
  ERR_TLS_CERT_ALTNAME_INVALID: 'rules.network.tls.wrong-name',
  // OpenSSL refused the handshake itself (e.g. plain HTTP on an https URL: "wrong version number").
  EPROTO: 'rules.network.tls.handshake',
};

/** Names a timeout carries instead of a code: AbortSignal.timeout() and an abort on our own deadline. */
const TIMEOUT_NAMES: ReadonlySet<string> = new Set(['TimeoutError', 'AbortError']);

/** Enough for any real chain (fetch → undici → net is three); stops a cyclic `cause` from looping. */
const MAX_LINKS = 16;

interface Link {
  readonly code?: string;
  readonly name?: string;
  readonly message?: string;
}

function stringField(value: object, key: string): string | undefined {
  const field: unknown = (value as Record<string, unknown>)[key];
  return typeof field === 'string' ? field : undefined;
}

/** The error, its `cause` chain and any `errors` of an AggregateError, outermost first. */
function linksOf(error: unknown): Link[] {
  const links: Link[] = [];
  const seen = new Set<unknown>();
  const queue: unknown[] = [error];
  while (queue.length > 0 && links.length < MAX_LINKS) {
    const current = queue.shift();
    if (typeof current !== 'object' || current === null || seen.has(current)) continue;
    seen.add(current);
    const code = stringField(current, 'code');
    const name = stringField(current, 'name');
    const message = stringField(current, 'message');
    links.push({
      ...(code === undefined ? {} : { code }),
      ...(name === undefined ? {} : { name }),
      ...(message === undefined ? {} : { message }),
    });
    const record = current as Record<string, unknown>;
    if ('cause' in current) queue.push(record.cause);
    const errors = record.errors;
    if (Array.isArray(errors)) queue.push(...(errors as unknown[]));
  }
  return links;
}

function wordsOf(kind: keyof typeof WORDS): string {
  return t(WORDS[kind]);
}

function classify(link: Link): NetworkFailure | undefined {
  const { code, name, message } = link;
  if (code !== undefined) {
    const kind = KIND_BY_CODE[code];
    if (kind !== undefined) return { kind, words: wordsOf(kind) };
    const tls = TLS_DETAIL[code];
    if (tls !== undefined) return { kind: 'tls', words: t('rules.network.tls', { detail: t(tls) }) };
    if (/^ERR_(SSL|TLS)_|CERT/.test(code)) {
      return {
        kind: 'tls',
        // OpenSSL's own text (English) for a code without words of ours.
        words: t('rules.network.tls', { detail: message === undefined || message === '' ? code : message }),
      };
    }
  }
  if (name !== undefined && TIMEOUT_NAMES.has(name)) return { kind: 'timeout', words: wordsOf('timeout') };
  return undefined;
}

/** What failed, from anything a network call threw; `unknown` carries the innermost message there is. */
export function describeNetworkFailure(error: unknown): NetworkFailure {
  const links = linksOf(error);
  for (const link of links) {
    const known = classify(link);
    if (known !== undefined) return known;
  }
  const innermost = links.findLast((link) => link.message !== undefined && link.message !== '')?.message;
  return { kind: 'unknown', words: innermost ?? String(error) };
}
