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
