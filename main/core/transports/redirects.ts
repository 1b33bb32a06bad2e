/**
 * Which redirects we follow. Only within the same server (same host and port, or the http→https upgrade of the same
 * host): our requests carry credentials, and sending them to whatever host a server names would hand them to a
 * stranger — while following it silently without them (what fetch does) turns an auth error into a mystery. A
 * redirect to another server is a permanent answer: the user should subscribe there instead.
 */
import { t } from '../../../common/i18n/translate.ts';
import { shortenUrl } from '../../../common/short-text.ts';

/** Hops per request, counting the first redirect as 1. */
export const MAX_REDIRECTS = 5;

type RedirectDecision =
  { readonly kind: 'follow'; readonly url: URL } | { readonly kind: 'fatal'; readonly message: string };

const HTTP_EQUIVALENT: Readonly<Record<string, string>> = { 'ws:': 'http:', 'wss:': 'https:' };
const WS_EQUIVALENT: Readonly<Record<string, string>> = { 'http:': 'ws:', 'https:': 'wss:' };
const DEFAULT_PORT: Readonly<Record<string, string>> = { 'http:': '80', 'https:': '443' };

export function isRedirectStatus(status: number): boolean {
  return status === 301 || status === 302 || status === 303 || status === 307 || status === 308;
}

function asHttp(url: URL): URL {
  const copy = new URL(url);
  const protocol = HTTP_EQUIVALENT[copy.protocol];
  if (protocol !== undefined) copy.protocol = protocol;
  return copy;
}

function portOf(url: URL): string {
  return url.port === '' ? (DEFAULT_PORT[url.protocol] ?? '') : url.port;
}

function isSameServer(from: URL, to: URL): boolean {
  if (from.hostname !== to.hostname) return false;
  if (from.protocol === to.protocol) return portOf(from) === portOf(to);
  // An upgrade to TLS may move to the https port; a downgrade to plain http would expose the credentials.
  return from.protocol === 'http:' && to.protocol === 'https:' && (to.port === '' || to.port === from.port);
}

/**
 * The target without its query: that may hold an `auth=` value, and this text ends up in logs and the UI; cut
 * short, since the path may list a thousand topics.
 */
function describeTarget(url: URL): string {
  return shortenUrl(`${url.origin}${url.pathname}`);
}

/**
 * `from` is the URL just requested (http(s) or ws(s)), `location` the Location header, `hops` how many redirects
 * were followed before this one. A followed URL keeps `from`'s scheme family and its `auth=` query value.
 */
export function decideRedirect(from: URL, location: string, hops: number): RedirectDecision {
  let target: URL;
  try {
    target = asHttp(new URL(location, asHttp(from)));
  } catch {
    return { kind: 'fatal', message: t('core.transport.redirect-invalid', { location: location.slice(0, 200) }) };
  }
  const source = asHttp(from);
  if (!isSameServer(source, target)) {
    return {
      kind: 'fatal',
      message: t('core.transport.redirect-other-server', { target: describeTarget(target) }),
    };
  }
  if (hops >= MAX_REDIRECTS) {
    return {
      kind: 'fatal',
      message: t('core.transport.too-many-redirects', { count: MAX_REDIRECTS, target: describeTarget(target) }),
    };
  }
  const auth = from.searchParams.get('auth');
  if (auth !== null && !target.searchParams.has('auth')) target.searchParams.set('auth', auth);
  const wsProtocol = WS_EQUIVALENT[target.protocol];
  if (from.protocol in HTTP_EQUIVALENT && wsProtocol !== undefined) target.protocol = wsProtocol;
  target.hash = '';
  return { kind: 'follow', url: target };
}
