/**
 * Reading JSON objects the way Go's encoding/json fills a struct, which ntfy relies on for `POST /` bodies and for
 * JSON actions: a key matches a field exactly or case-insensitively (`"Topic"` fills `topic`), and when several keys
 * match, the later one wins because each assignment overwrites the previous.
 */

export type JsonRecord = Readonly<Record<string, unknown>>;

export function isJsonRecord(value: unknown): value is JsonRecord {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The value Go would decode into the struct field `name` (lowercase JSON name), or undefined when no key matches. */
export function goJsonField(record: JsonRecord, name: string): unknown {
  let value: unknown;
  for (const [key, item] of Object.entries(record)) {
    if (key.toLowerCase() === name) value = item;
  }
  return value;
}
