/**
 * JSON written the way Go's `encoding/json` Encoder writes it (docs/protocol.md#message-json): struct fields in
 * declaration order, map keys sorted, HTML-significant characters escaped (`<` `>` `&` → `\u003c` `\u003e` `\u0026`),
 * U+2028 and U+2029 escaped, control characters as `\n` `\r` `\t` `\b` `\f` or lowercase `\u00xx`, and anything that is
 * not valid UTF-8 (in JavaScript: a lone surrogate) replaced by `\ufffd`.
 *
 * Objects are `Map`s rather than plain objects because a plain object reorders integer-like keys, and the order of
 * fields is part of what the test server must reproduce byte for byte.
 */

export type GoJsonValue = string | number | boolean | null | readonly GoJsonValue[] | GoJsonObject;
export type GoJsonObject = ReadonlyMap<string, GoJsonValue>;

const shortEscapes: Readonly<Record<string, string>> = {
  '"': '\\"',
  '\\': '\\\\',
  '\n': '\\n',
  '\r': '\\r',
  '\t': '\\t',
  // Go 1.22+ writes \b and \f in their short form (ntfy v2.13 is built with a newer Go).
  '\b': '\\b',
  '\f': '\\f',
};

function unicodeEscape(codeUnit: number): string {
  return `\\u${codeUnit.toString(16).padStart(4, '0')}`;
}

/** Encodes one string, quotes included. */
export function encodeGoJsonString(value: string): string {
  let out = '"';
  for (let i = 0; i < value.length; i++) {
    const char = value.charAt(i);
    const code = value.charCodeAt(i);
    const short = shortEscapes[char];
    if (short !== undefined) {
      out += short;
    } else if (code < 0x20 || char === '<' || char === '>' || char === '&' || code === 0x2028 || code === 0x2029) {
      out += unicodeEscape(code);
    } else if (code >= 0xd800 && code <= 0xdbff) {
      const next = value.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        out += value.slice(i, i + 2);
        i++;
      } else {
        out += '\\ufffd';
      }
    } else if (code >= 0xdc00 && code <= 0xdfff) {
      out += '\\ufffd';
    } else {
      out += char;
    }
  }
  return `${out}"`;
}

function encodeNumber(value: number): string {
  if (!Number.isFinite(value)) {
    // Go's encoder refuses NaN and ±Inf with an UnsupportedValueError; a test server bug should fail loudly too.
    throw new RangeError(`go-json: unsupported number ${value}`);
  }
  return JSON.stringify(value);
}

function isGoJsonObject(value: GoJsonValue): value is GoJsonObject {
  return value instanceof Map;
}

/** Compact encoding of a value (what `json.Marshal` returns). */
export function encodeGoJson(value: GoJsonValue): string {
  if (value === null) return 'null';
  if (typeof value === 'string') return encodeGoJsonString(value);
  if (typeof value === 'number') return encodeNumber(value);
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (isGoJsonObject(value)) {
    const parts: string[] = [];
    for (const [key, item] of value) parts.push(`${encodeGoJsonString(key)}:${encodeGoJson(item)}`);
    return `{${parts.join(',')}}`;
  }
  return `[${value.map(encodeGoJson).join(',')}]`;
}

/** What `json.NewEncoder(w).Encode(v)` writes: the compact encoding followed by a newline. */
export function encodeGoJsonLine(value: GoJsonValue): string {
  return `${encodeGoJson(value)}\n`;
}

/**
 * A Go `map[string]string` as JSON: keys sorted by their UTF-8 bytes, which is how Go orders map keys when encoding.
 */
export function goStringMap(record: Readonly<Record<string, string>>): GoJsonObject {
  const keys = Object.keys(record).sort((a, b) => Buffer.compare(Buffer.from(a), Buffer.from(b)));
  return new Map(keys.map((key) => [key, record[key] ?? '']));
}
