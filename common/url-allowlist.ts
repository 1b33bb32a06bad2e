/**
 * The one place that decides whether a URL from a message (click, view action, http action, attachment, icon) may be
 * opened or fetched. Here in common/ so the window greys out exactly what the core refuses. Message fields are
 * untrusted: only http, https and mailto pass; `file:`, `javascript:`, `data:`, custom protocol handlers
 * (`ms-settings:`, `vscode:`, …) and anything unparsable are refused with a reason to log.
 */
import { t } from './i18n/translate.ts';

type UrlCheck = { readonly ok: true; readonly url: string } | { readonly ok: false; readonly reason: string };

const ALLOWED_SCHEMES: ReadonlySet<string> = new Set(['http:', 'https:', 'mailto:']);
/** Fetching (attachments, icons, http actions) never follows mailto. */
const FETCHABLE_SCHEMES: ReadonlySet<string> = new Set(['http:', 'https:']);

function check(input: unknown, schemes: ReadonlySet<string>): UrlCheck {
  if (typeof input !== 'string') return { ok: false, reason: t('rules.url.not-string') };
  // Browsers ignore leading/trailing C0 controls and spaces and tabs/newlines inside schemes; the WHATWG parser
  // does the same, so "java\tscript:" would parse as javascript:. Refuse control characters outright instead.
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(input)) return { ok: false, reason: t('rules.url.control-characters') };
  let url: URL;
  try {
    url = new URL(input.trim());
  } catch {
    return { ok: false, reason: t('rules.url.not-absolute') };
  }
  if (!schemes.has(url.protocol))
    return { ok: false, reason: t('rules.url.scheme-not-allowed', { scheme: url.protocol }) };
  if ((url.protocol === 'http:' || url.protocol === 'https:') && url.hostname === '') {
    return { ok: false, reason: t('rules.url.no-host') };
  }
  return { ok: true, url: url.protocol === 'mailto:' ? plainMailto(url) : url.href };
}

/**
 * The fields of a mailto: link a mail program only fills in for the user to read before sending. Others are dropped:
 * some mail programs act on them unasked (`attach=` a local file, extra headers), and a publisher writes the link.
 */
const MAILTO_FIELDS: ReadonlySet<string> = new Set(['subject', 'body', 'cc', 'bcc']);

function plainMailto(url: URL): string {
  const kept = new URLSearchParams();
  for (const [name, value] of url.searchParams) {
    if (MAILTO_FIELDS.has(name.toLowerCase())) kept.append(name.toLowerCase(), value);
  }
  const query = kept.toString().replace(/\+/g, '%20'); // mail programs read + literally
  return `mailto:${url.pathname}${query === '' ? '' : `?${query}`}`;
}

/** May this URL be handed to the OS to open (shell.openExternal, xdg-open)? */
export function isAllowedExternalUrl(input: unknown): UrlCheck {
  return check(input, ALLOWED_SCHEMES);
}

/** May the app itself send a request to this URL (image attachments, icons, http actions)? */
export function isFetchableUrl(input: unknown): UrlCheck {
  return check(input, FETCHABLE_SCHEMES);
}
