import { t } from './i18n/translate.ts';
import type { RuleError } from './rule-error.ts';

/**
 * ntfy server base URLs in one form, so that every layer compares, keys and stores them alike: lower-case scheme and
 * host (the URL parser does that), no trailing slashes, no query or fragment, a base path kept
 * (`https://Ntfy.sh/` → `https://ntfy.sh`, `https://host/ntfy//` → `https://host/ntfy`). User info is never part
 * of it: credentials live in the keychain, never in a URL we keep.
 */
export function normalizeServerUrl(server: string): string {
  const url = new URL(server); // throws a TypeError when it is not a URL at all
  return `${url.protocol}//${url.host}${url.pathname.replace(/\/+$/, '')}`;
}

/**
 * A server as people read it: its host and base path (`https://ntfy.example.com` → `ntfy.example.com`), with the
 * scheme kept when another server of `known` has the same host and path under another scheme, so
 * `https://127.0.0.1:18090` and `http://127.0.0.1:18090` never read the same. Not a URL: the text as it is.
 */
export function serverLabel(server: string, known: readonly string[] = []): string {
  if (!URL.canParse(server)) return server;
  const url = new URL(server);
  const withoutScheme = (parsed: URL) => `${parsed.host}${parsed.pathname.replace(/\/+$/, '')}`;
  const label = withoutScheme(url);
  const twin = known.some((other) => {
    if (!URL.canParse(other)) return false;
    const parsed = new URL(other);
    return parsed.protocol !== url.protocol && withoutScheme(parsed) === label;
  });
  return twin ? `${url.protocol}//${label}` : label;
}

/** Said of a server that is not an http(s) URL; reads after the field name ("server must be …"). */
export function invalidServerUrl(): RuleError<'invalid-server-url'> {
  return { code: 'invalid-server-url', message: t('rules.field.invalid-server-url') };
}

/** Said of a server URL with a user name or password in it (they belong in the keychain). */
export function serverUrlWithCredentials(): RuleError<'server-url-with-credentials'> {
  return { code: 'server-url-with-credentials', message: t('rules.field.server-url-with-credentials') };
}

function parseHttpUrl(text: string): URL | undefined {
  if (!URL.canParse(text)) return undefined;
  const url = new URL(text);
  return url.protocol === 'http:' || url.protocol === 'https:' ? url : undefined;
}

/** The normalized form of an http(s) server URL, or undefined for anything else (to key what the user typed). */
export function serverUrlOf(text: string): string | undefined {
  return parseHttpUrl(text) === undefined ? undefined : normalizeServerUrl(text);
}

/** What is wrong with `text` as a server URL to keep, or undefined when nothing is. */
export function serverUrlError(
  text: string,
): RuleError<'invalid-server-url' | 'server-url-with-credentials'> | undefined {
  const url = parseHttpUrl(text);
  if (url === undefined) return invalidServerUrl();
  return url.username !== '' || url.password !== '' ? serverUrlWithCredentials() : undefined;
}
