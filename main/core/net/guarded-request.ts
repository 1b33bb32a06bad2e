/**
 * One HTTP(S) request to a URL a publisher chose (an attachment, an http action), checked where it matters: the
 * addresses the socket may connect to — every address the name resolves to, not only the name, and again on every
 * redirect — must not be internal (loopback, private, link-local, or any address of this machine's own interfaces:
 * address-class.ts) unless the caller allows it for that hop, and every hop passes the caller's own check (same
 * origin, http(s) only). The name is resolved once per hop, inside the HTTP client's `lookup`, and the client connects
 * to exactly the addresses that were checked: no second lookup that could answer differently. Redirects are followed
 * here, one hop at a time, never by the HTTP client. Resolver, classifier and interface list are injectable: in tests
 * every server is on 127.0.0.1, and a test names which host plays the internet.
 */
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { errorMessage } from '../../../common/error-message.ts';
import {
  type AddressClass,
  classifyAddress,
  interfaceAddresses,
  isInternalAddress,
  isOwnAddress,
} from './address-class.ts';

export interface AddressGuard {
  /** All addresses of a host name; default the system resolver (dns.lookup, as Node's HTTP client uses). */
  readonly resolve?: (host: string) => Promise<readonly string[]>;
  /** The class of an address `host` resolved to (or of an IP literal) by its range; default classifyAddress. */
  readonly classify?: (address: string, host: string) => AddressClass;
  /**
   * This machine's own addresses, internal whatever their range (a public address on an interface reaches every
   * service bound to 0.0.0.0 there, as 127.0.0.1 does); default every network interface's, read on each check.
   */
  readonly interfaces?: () => readonly string[];
}

interface GuardedRequestOptions extends AddressGuard {
  readonly method?: string;
  readonly headers?: Readonly<Record<string, string>>;
  readonly body?: string;
  /**
   * Whether this hop (the first URL or a redirect target) may reach internal addresses: the user confirmed it, or it
   * is the subscription's own server.
   */
  readonly mayReachInternal: (hop: URL) => boolean;
  /** How many redirects to follow; a redirect beyond them is answered as it is. */
  readonly maxRedirects: number;
  /** Checked for the first URL and every redirect target before it is requested: a reason refuses it. */
  readonly checkHop?: (url: URL) => string | undefined;
  readonly signal: AbortSignal;
}

type GuardedResponse =
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

/** Whether an address `host` resolved to (or an IP literal) is internal: by its range, or as this machine's own. */
function internalCheck(guard: AddressGuard): (address: string, host: string) => boolean {
  const classify = guard.classify ?? ((address: string) => classifyAddress(address) ?? 'public');
  const own = (guard.interfaces ?? interfaceAddresses)();
  return (address, host) => isInternalAddress(classify(address, host)) || isOwnAddress(address, own);
}

function family(address: string): 4 | 6 {
  return isIP(address) === 6 ? 6 : 4;
}

/**
 * A `lookup` for the HTTP client: resolves once and hands it the addresses it checked, all of them or none. A name
 * with any internal address is refused when internal is not allowed, even beside public ones: which one the client
 * would pick is not ours to know.
 */
function guardedLookup(guard: AddressGuard, internalAllowed: boolean): LookupFunction {
  return (hostname, lookupOptions, callback) => {
    (guard.resolve ?? defaultResolve)(hostname)
      .then((addresses) => {
        const first = addresses[0];
        if (first === undefined) throw new Error(`${hostname} has no address`);
        const isInternal = internalCheck(guard);
        if (!internalAllowed && addresses.some((address) => isInternal(address, hostname)))
          throw new RefusedAddress(`${hostname} resolves to an internal address`);
        if (lookupOptions.all === true)
          callback(
            null,
            addresses.map((address) => ({ address, family: family(address) })),
          );
        else callback(null, first, family(first));
      })
      .catch((error: unknown) => {
        callback(error instanceof Error ? error : new Error(String(error)), '', 4);
      });
  };
}

/**
 * Headers the request itself decides, never a publisher: the framing (one Content-Length, set here, never beside a
 * Transfer-Encoding), the target host (the URL's), and the connection (no upgrade, no 100-continue wait, no
 * keep-alive tricks). A publisher's own copies of them are dropped, in any letter case.
 */
const REQUEST_OWNED_HEADERS: ReadonlySet<string> = new Set([
  'host',
  'content-length',
  'transfer-encoding',
  'te',
  'trailer',
  'connection',
  'keep-alive',
  'proxy-connection',
  'upgrade',
  'expect',
]);

function requestHeaders(headers: Readonly<Record<string, string>> | undefined, body: string | undefined) {
  const kept = Object.entries(headers ?? {}).filter(([name]) => !REQUEST_OWNED_HEADERS.has(name.toLowerCase()));
  // Node sends a DELETE's (or OPTIONS') body without a length unless told; the server would misread it.
  return Object.fromEntries(
    body === undefined ? kept : [...kept, ['Content-Length', String(Buffer.byteLength(body))]],
  ) as Record<string, string>;
}

function requestOnce(url: URL, options: GuardedRequestOptions, method: string, body: string | undefined) {
  const host = hostOf(url);
  const internalAllowed = options.mayReachInternal(url);
  if (isIP(host) !== 0 && !internalAllowed && internalCheck(options)(host, host))
    return Promise.reject(new RefusedAddress(`${host} is an internal address`));
  const client = url.protocol === 'https:' ? https : http;
  return new Promise<IncomingMessage>((resolve, reject) => {
    const request = client.request(url, {
      method,
      headers: requestHeaders(options.headers, body),
      signal: options.signal,
      lookup: guardedLookup(options, internalAllowed),
      // A socket of its own, checked by the lookup above: a pooled one, opened for a request that could reach
      // internal addresses (a confirmed action), would carry the next one there unchecked.
      agent: false,
    });
    request.once('response', resolve);
    request.once('error', reject);
    // A 101 (or a tunnel) is no answer to us: Node hands the socket over or drops it, and no 'response' ever comes.
    request.once('close', () => {
      reject(new Error('the connection closed without an answer'));
    });
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
