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

export type NetworkFailureKind = 'refused' | 'dns' | 'reset' | 'timeout' | 'tls' | 'unknown';

export interface NetworkFailure {
  readonly kind: NetworkFailureKind;
  /** Short, lower-case words to put after "failed: " ("connection refused", "host not found"). */
  readonly words: string;
}

const WORDS: Readonly<Record<Exclude<NetworkFailureKind, 'tls' | 'unknown'>, string>> = {
  refused: 'connection refused',
  dns: 'host not found',
  reset: 'connection reset',
  timeout: 'no answer in time',
};

const KIND_BY_CODE: Readonly<Record<string, Exclude<NetworkFailureKind, 'tls' | 'unknown'>>> = {
  ECONNREFUSED: 'refused',
  ENOTFOUND: 'dns',
  // A temporary resolver failure (no DNS server reachable): to the user the name still was not found.
  EAI_AGAIN: 'dns',
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
const TLS_DETAIL: Readonly<Record<string, string>> = {
  CERT_HAS_EXPIRED: 'certificate has expired',
  CERT_NOT_YET_VALID: 'certificate is not valid yet',
  DEPTH_ZERO_SELF_SIGNED_CERT: 'self-signed certificate',
  SELF_SIGNED_CERT_IN_CHAIN: 'self-signed certificate in the chain',
  UNABLE_TO_VERIFY_LEAF_SIGNATURE: 'certificate issuer not trusted',
  UNABLE_TO_GET_ISSUER_CERT_LOCALLY: 'certificate issuer not trusted',
  ERR_TLS_CERT_ALTNAME_INVALID: 'certificate is for a different name',
  // OpenSSL refused the handshake itself (e.g. plain HTTP on an https URL: "wrong version number").
  EPROTO: 'secure connection could not be set up',
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

function classify(link: Link): NetworkFailure | undefined {
  const { code, name, message } = link;
  if (code !== undefined) {
    const kind = KIND_BY_CODE[code];
    if (kind !== undefined) return { kind, words: WORDS[kind] };
    const tls = TLS_DETAIL[code];
    if (tls !== undefined) return { kind: 'tls', words: `TLS certificate problem: ${tls}` };
    if (/^ERR_(SSL|TLS)_|CERT/.test(code)) {
      return {
        kind: 'tls',
        words: `TLS certificate problem: ${message === undefined || message === '' ? code : message}`,
      };
    }
  }
  if (name !== undefined && TIMEOUT_NAMES.has(name)) return { kind: 'timeout', words: WORDS.timeout };
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
