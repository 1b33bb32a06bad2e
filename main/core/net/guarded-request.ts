/**
 * One HTTP(S) request to a URL a publisher chose (an attachment, an http action), checked where it matters: the
 * address the socket actually connects to — not only the name, which may resolve anywhere, and again on every
 * redirect — must not be internal (loopback, private, link-local: address-class.ts) unless the caller allows it, and
 * every hop passes the caller's own check (same origin, http(s) only). Redirects are followed here, one hop at a
 * time, never by the HTTP client. The resolver and the classifier are injectable: in tests every server is on
 * 127.0.0.1, and a test names which host plays the internet.
 */
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { errorMessage } from '../../../common/error-message.ts';
import { type AddressClass, classifyAddress, isInternalAddress } from './address-class.ts';

export interface AddressGuard {
  /** All addresses of a host name; default the system resolver (dns.lookup, as Node's HTTP client uses). */
  readonly resolve?: (host: string) => Promise<readonly string[]>;
  /** The class of an address `host` resolved to (or of an IP literal); default classifyAddress. */
  readonly classify?: (address: string, host: string) => AddressClass;
}

export interface GuardedRequestOptions extends AddressGuard {
  readonly method?: string;
  readonly headers?: Readonly<Record<string, string>>;
  readonly body?: string;
  /** Whether internal addresses may be reached (the subscription's own server is one). */
  readonly allowInternal: boolean;
  /** How many redirects to follow; a redirect beyond them is answered as it is. */
  readonly maxRedirects: number;
  /** Checked for the first URL and every redirect target before it is requested: a reason refuses it. */
  readonly checkHop?: (url: URL) => string | undefined;
  readonly signal: AbortSignal;
}

export type GuardedResponse =
  | { readonly ok: true; readonly response: IncomingMessage; readonly url: URL }
  | {
      readonly ok: false;
      /** `refused`: a check said no (nothing was sent to that hop); `failed`: the network or the server. */
      readonly kind: 'refused' | 'failed';
      readonly reason: string;
      /** What failed (the network error as thrown), for callers that word failures themselves. */
      readonly cause?: unknown;
      /** The URL refused or failed (after redirects). */
      readonly url: URL;
    };

/** The error a request ends with when it would have reached an internal address it may not (nothing was sent). */
export class RefusedAddress extends Error {}

const REDIRECTS: ReadonlySet<number> = new Set([301, 302, 303, 307, 308]);

function defaultResolve(host: string): Promise<readonly string[]> {
  return new Promise((resolve, reject) => {
    dnsLookup(host, { all: true }, (error, addresses: LookupAddress[]) => {
      if (error === null) resolve(addresses.map((entry) => entry.address));
      else reject(error);
    });
  });
}

/** Unbracketed host of a URL: `[::1]` → `::1`. */
function hostOf(url: URL): string {
  return url.hostname.replace(/^\[(.*)\]$/, '$1');
}

/** Whether `host` (a name or an address) is internal; a name that does not resolve counts as public. */
export async function isInternalHost(host: string, guard: AddressGuard = {}): Promise<boolean> {
  const classify = guard.classify ?? ((address: string) => classifyAddress(address) ?? 'public');
  const bare = host.replace(/^\[(.*)\]$/, '$1');
  if (isIP(bare) !== 0) return isInternalAddress(classify(bare, bare));
  try {
    const addresses = await (guard.resolve ?? defaultResolve)(bare);
    return addresses.some((address) => isInternalAddress(classify(address, bare)));
  } catch {
    return false;
  }
}

/** A `lookup` for the HTTP client that only ever hands it addresses the guard allows. */
function guardedLookup(
  options: GuardedRequestOptions,
  classify: NonNullable<AddressGuard['classify']>,
): LookupFunction {
  return (hostname, lookupOptions, callback) => {
    (options.resolve ?? defaultResolve)(hostname)
      .then((addresses) => {
        const allowed = addresses.filter(
          (address) => options.allowInternal || !isInternalAddress(classify(address, hostname)),
        );
        const first = allowed[0];
        if (first === undefined) throw new RefusedAddress(`${hostname} resolves to an internal address`);
        const entries = allowed.map((address) => ({ address, family: isIP(address) === 6 ? 6 : 4 }));
        if (lookupOptions.all === true) callback(null, entries);
        else callback(null, first, isIP(first) === 6 ? 6 : 4);
      })
      .catch((error: unknown) => {
        callback(error instanceof Error ? error : new Error(String(error)), '', 4);
      });
  };
}

function requestOnce(url: URL, options: GuardedRequestOptions, method: string, body: string | undefined) {
  const classify = options.classify ?? ((address: string) => classifyAddress(address) ?? 'public');
  const host = hostOf(url);
  if (isIP(host) !== 0 && !options.allowInternal && isInternalAddress(classify(host, host)))
    return Promise.reject(new RefusedAddress(`${host} is an internal address`));
  const client = url.protocol === 'https:' ? https : http;
  return new Promise<IncomingMessage>((resolve, reject) => {
    const request = client.request(url, {
      method,
      // Node sends a DELETE's (or OPTIONS') body without a length unless told; the server would misread it.
      headers:
        body === undefined
          ? options.headers
          : { ...options.headers, 'Content-Length': String(Buffer.byteLength(body)) },
      signal: options.signal,
      lookup: guardedLookup(options, classify),
    });
    request.once('response', resolve);
    request.once('error', reject);
    request.end(body);
  });
}

/** Sends the request, following allowed redirects; never throws. */
export async function guardedRequest(input: string | URL, options: GuardedRequestOptions): Promise<GuardedResponse> {
  let url = new URL(input);
  let method = (options.method ?? 'GET').toUpperCase();
  let body = options.body;
  for (let hop = 0; ; hop++) {
    if (url.protocol !== 'http:' && url.protocol !== 'https:')
      return { ok: false, kind: 'refused', reason: `scheme ${url.protocol} is not allowed`, url };
    const refusal = options.checkHop?.(url);
    if (refusal !== undefined) return { ok: false, kind: 'refused', reason: refusal, url };
    let response: IncomingMessage;
    try {
      response = await requestOnce(url, options, method, body);
    } catch (error) {
      const kind = error instanceof RefusedAddress ? 'refused' : 'failed';
      return { ok: false, kind, reason: errorMessage(error), cause: error, url };
    }
    const location = response.headers.location;
    if (!REDIRECTS.has(response.statusCode ?? 0) || location === undefined || hop >= options.maxRedirects)
      return { ok: true, response, url };
    response.resume(); // the redirect's own body is not read
    try {
      url = new URL(location, url);
    } catch {
      return { ok: false, kind: 'failed', reason: `redirect to an invalid address`, url };
    }
    // As browsers do: 303 (and 301/302 after POST) turn into a GET without a body; 307/308 keep both.
    if (response.statusCode === 303 || ((response.statusCode ?? 0) < 303 && method === 'POST')) {
      method = 'GET';
      body = undefined;
    }
  }
}
