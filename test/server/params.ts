/**
 * Request parameters the ntfy way (docs/protocol.md#parameters): every name of a parameter is looked up first among
 * the headers (case-insensitive), then among the query parameters under its lowercase spelling only (`?Since=` is
 * ignored), so a header wins over the query. Values are trimmed; an empty value counts as absent.
 */
import type { IncomingHttpHeaders } from 'node:http';

export interface ParamSource {
  readonly headers: IncomingHttpHeaders;
  readonly query: URLSearchParams;
}

/** RFC 2047 encoded words (`=?UTF-8?B?…?=`), which ntfy decodes in header values (e.g. non-ASCII titles). */
const encodedWord = /=\?([^?]+)\?([BbQq])\?([^?]*)\?=/g;

function decodeEncodedWords(value: string): string {
  return value.replace(encodedWord, (whole, charset: string, encoding: string, text: string) => {
    const normalized = charset.toLowerCase();
    if (normalized !== 'utf-8' && normalized !== 'us-ascii' && normalized !== 'iso-8859-1') return whole;
    const bytes =
      encoding.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64')
        : Buffer.from(
            text
              .replaceAll('_', ' ')
              .replace(/=([0-9A-Fa-f]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))),
            'latin1',
          );
    return bytes.toString(normalized === 'iso-8859-1' ? 'latin1' : 'utf8');
  });
}

/**
 * Node hands header values over as Latin-1 (one character per byte); Go treats them as UTF-8 bytes. Re-decode so a
 * raw UTF-8 `Title:` header reads as its text.
 */
export function readHeader(headers: IncomingHttpHeaders, name: string): string | undefined {
  const raw = headers[name.toLowerCase()];
  const first = Array.isArray(raw) ? raw[0] : raw;
  if (first === undefined) return undefined;
  return decodeEncodedWords(Buffer.from(first, 'latin1').toString('utf8'));
}

/**
 * The RFC 9218 `Priority` request header (`u=1, i`, `u=3`), which proxies such as Cloudflare add. ntfy skips a
 * `Priority` header of exactly this shape, so the lookup goes on to the other names and the query; any other odd
 * value is still an invalid priority. Go's `\s` is `[\t\n\f\r ]`.
 */
const rfc9218Priority = /^u=\d,[\t\n\f\r ]*(?:i|\d)$|^u=\d$/;

function isIgnoredHeader(name: string, value: string): boolean {
  return name.toLowerCase() === 'priority' && rfc9218Priority.test(value);
}

/** ntfy's readParam: headers under every name first, then the query under every (lowercase) name. */
export function readParam(source: ParamSource, ...names: readonly string[]): string {
  for (const name of names) {
    const value = readHeader(source.headers, name)?.trim();
    if (value !== undefined && value !== '' && !isIgnoredHeader(name, value)) return value;
  }
  return readQueryParam(source, ...names);
}

export function readQueryParam(source: ParamSource, ...names: readonly string[]): string {
  for (const name of names) {
    const value = source.query.get(name.toLowerCase())?.trim();
    if (value !== undefined && value !== '') return value;
  }
  return '';
}

/** Booleans are true for `1`, `yes` and `true` (any case); absent means the default. */
export function readBoolParam(source: ParamSource, defaultValue: boolean, ...names: readonly string[]): boolean {
  const value = readParam(source, ...names).toLowerCase();
  if (value === '') return defaultValue;
  return value === '1' || value === 'yes' || value === 'true';
}

/** Comma list as ntfy splits it: empty elements dropped, the others NOT trimmed (`a, b` holds `" b"`). */
export function splitNoEmpty(value: string): string[] {
  return value.split(',').filter((part) => part !== '');
}

/** Publishing trims each element of a comma list (tags), unlike subscribing. */
export function readTrimmedList(source: ParamSource, ...names: readonly string[]): string[] {
  return splitNoEmpty(readParam(source, ...names))
    .map((part) => part.trim())
    .filter((part) => part !== '');
}

const priorityNames: Readonly<Record<string, number>> = {
  '1': 1,
  min: 1,
  '2': 2,
  low: 2,
  '3': 3,
  default: 3,
  '4': 4,
  high: 4,
  '5': 5,
  max: 5,
  urgent: 5,
};

/**
 * ntfy's ParsePriority: `1..5` or a name, case-insensitive and trimmed; empty is 0 (unset). Returns undefined when
 * invalid. (RFC 9218 `Priority: u=…` headers never get here: readParam skips them.)
 */
export function parsePriority(value: string): number | undefined {
  const normalized = value.trim().toLowerCase();
  if (normalized === '') return 0;
  return priorityNames[normalized];
}

/** Go's unicode.IsSpace set: unlike JavaScript's `\s` it has U+0085 and lacks U+FEFF. */
const goSpaceRun =
  /^[\t\n\v\f\r \u0085\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]+|[\t\n\v\f\r \u0085\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]+$/g;

/** Go's strings.TrimSpace, which ntfy applies to message bodies. */
export function goTrimSpace(value: string): string {
  return value.replace(goSpaceRun, '');
}
