/**
 * Defensive parsing of stream items. Everything here is untrusted network input: a malformed item becomes a
 * `ParseFailure` with a reason (the caller logs and skips it), optional fields of the wrong type are dropped, and
 * nothing throws. See docs/protocol.md#message-json.
 */
import type { NtfyAction, NtfyAttachment, NtfyMessage, NtfyMessageChange, ParseResult, Priority } from './types.ts';
import { isActionKind } from '../../../common/action-kinds.ts';
import { errorMessage } from '../../../common/error-message.ts';

type JsonObject = Readonly<Record<string, unknown>>;

/**
 * The longest id, topic or sequence id taken: they key stored rows and their indexes, so a longer one is a malformed
 * item, not something to cut (a cut id could merge two messages). ntfy's ids are 12 characters, topics at most 64.
 */
const MAX_IDENTITY_LENGTH = 256;

const LIVENESS_EVENTS = new Set(['open', 'keepalive', 'poll_request'] as const);

function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function optionalString(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}

function optionalNumber(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
}

function stringRecord(value: unknown): Record<string, string> | undefined {
  if (!isObject(value)) return undefined;
  const entries = Object.entries(value).filter((entry): entry is [string, string] => typeof entry[1] === 'string');
  return entries.length > 0 ? Object.fromEntries(entries) : undefined;
}

/** Adds `key: value` only when value is defined, as exactOptionalPropertyTypes wants. */
function withOptional<T extends object>(target: T, key: string, value: unknown): T {
  if (value !== undefined) Object.assign(target, { [key]: value });
  return target;
}

/** Omitted priority means 3; anything outside 1..5 is treated as 3 rather than dropping the message. */
export function parsePriority(value: unknown): Priority {
  return value === 1 || value === 2 || value === 3 || value === 4 || value === 5 ? value : 3;
}

export function parseAction(value: unknown): NtfyAction | undefined {
  if (!isObject(value)) return undefined;
  const { id, action, label } = value;
  if (!isActionKind(action) || typeof label !== 'string') return undefined;
  const parsed: NtfyAction = {
    id: typeof id === 'string' ? id : '',
    action,
    label,
    clear: value['clear'] === true,
  };
  withOptional(parsed, 'url', optionalString(value['url']));
  withOptional(parsed, 'method', optionalString(value['method']));
  withOptional(parsed, 'headers', stringRecord(value['headers']));
  withOptional(parsed, 'body', optionalString(value['body']));
  withOptional(parsed, 'intent', optionalString(value['intent']));
  withOptional(parsed, 'extras', stringRecord(value['extras']));
  return withOptional(parsed, 'value', optionalString(value['value']));
}

export function parseAttachment(value: unknown): NtfyAttachment | undefined {
  if (!isObject(value)) return undefined;
  const name = optionalString(value['name']);
  const url = optionalString(value['url']);
  if (name === undefined || url === undefined) return undefined;
  const parsed: NtfyAttachment = { name, url };
  withOptional(parsed, 'type', optionalString(value['type']));
  withOptional(parsed, 'size', optionalNumber(value['size']));
  return withOptional(parsed, 'expires', optionalNumber(value['expires']));
}

function parseMessage(raw: JsonObject, id: string, time: number, topic: string): ParseResult {
  const body = raw['message'];
  if (typeof body !== 'string' || body === '') return { type: 'invalid', reason: 'message event without a message' };
  const tags = Array.isArray(raw['tags'])
    ? raw['tags'].filter((tag): tag is string => typeof tag === 'string' && tag !== '')
    : [];
  const actions = Array.isArray(raw['actions'])
    ? raw['actions'].map(parseAction).filter((action) => action !== undefined)
    : [];
  const message: NtfyMessage = {
    id,
    time,
    topic,
    message: body,
    priority: parsePriority(raw['priority']),
    tags,
    actions,
    raw,
  };
  withOptional(message, 'sequenceId', optionalString(raw['sequence_id']));
  withOptional(message, 'expires', optionalNumber(raw['expires']));
  withOptional(message, 'title', optionalString(raw['title']));
  withOptional(message, 'click', optionalString(raw['click']));
  withOptional(message, 'icon', optionalString(raw['icon']));
  withOptional(message, 'attachment', parseAttachment(raw['attachment']));
  withOptional(message, 'contentType', optionalString(raw['content_type']));
  withOptional(message, 'encoding', optionalString(raw['encoding']));
  return { type: 'message', message };
}

/** Parses one already-decoded JSON value (one line of /json, one SSE data field, one WebSocket message). */
export function parseStreamObject(raw: unknown): ParseResult {
  if (!isObject(raw)) return { type: 'invalid', reason: 'not a JSON object' };
  const event = raw['event'];
  if (typeof event !== 'string' || event === '') return { type: 'invalid', reason: 'missing event kind' };
  if (LIVENESS_EVENTS.has(event as 'open')) {
    const time = optionalNumber(raw['time']);
    return time === undefined
      ? { type: 'liveness', event: event as 'open' }
      : { type: 'liveness', event: event as 'open', time };
  }
  if (event !== 'message' && event !== 'message_delete' && event !== 'message_clear') {
    return { type: 'unknown', event };
  }
  const tooLong = ['id', 'topic', 'sequence_id'].find((key) => {
    const value = raw[key];
    return typeof value === 'string' && value.length > MAX_IDENTITY_LENGTH;
  });
  if (tooLong !== undefined)
    return {
      type: 'invalid',
      reason: `${event} event with a ${tooLong} over ${String(MAX_IDENTITY_LENGTH)} characters`,
    };
  const id = optionalString(raw['id']);
  if (id === undefined) return { type: 'invalid', reason: `${event} event without an id` };
  const time = optionalNumber(raw['time']);
  if (time === undefined) return { type: 'invalid', reason: `${event} event without a time` };
  const topic = optionalString(raw['topic']);
  if (topic === undefined) return { type: 'invalid', reason: `${event} event without a topic` };
  if (event === 'message') return parseMessage(raw, id, time, topic);
  const sequenceId = optionalString(raw['sequence_id']);
  if (sequenceId === undefined) return { type: 'invalid', reason: `${event} event without a sequence_id` };
  const change: NtfyMessageChange = { kind: event, id, sequenceId, time, topic, raw };
  return { type: 'change', change };
}

/**
 * Parses one JSON text; invalid JSON is a ParseFailure, never an exception. A message or change keeps the text as
 * it came (`rawText`), less its line end, as ntfy's client keeps `m.Raw` (bufio.Scanner's line: `\n` or `\r\n` off).
 */
export function parseStreamJson(text: string): ParseResult {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return { type: 'invalid', reason: `invalid JSON: ${errorMessage(error)}` };
  }
  const result = parseStreamObject(value);
  const rawText = text.replace(/\r?\n$/, '');
  if (result.type === 'message') return { ...result, message: { ...result.message, rawText } };
  if (result.type === 'change') return { ...result, change: { ...result.change, rawText } };
  return result;
}
