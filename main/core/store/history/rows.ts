/**
 * Between NtfyMessage and a `messages` row. Writing stores what the parser produced (JSON for the structured
 * fields); reading re-checks the decoded JSON with the protocol parsers, so a row edited by hand cannot smuggle a
 * value of the wrong type into the app.
 */
import type { SQLInputValue, SQLOutputValue } from 'node:sqlite';
import { parseAction, parseAttachment, parsePriority } from '../../protocol/parse.ts';
import type { NtfyMessage } from '../../protocol/types.ts';
import type { StoredMessage } from './types.ts';
import type { ResumePoint } from '../../ports.ts';
import { isNtfyMessageId } from '../../protocol/resume-key.ts';

export type Row = Record<string, SQLOutputValue>;

/** The columns an INSERT fills, in the order of `messageInsertValues`. */
export const INSERT_COLUMNS = [
  'server',
  'topic',
  'id',
  'sequence_id',
  'time',
  'expires',
  'title',
  'message',
  'priority',
  'tags',
  'click',
  'icon',
  'actions',
  'attachment',
  'content_type',
  'encoding',
  'raw',
  'received_at',
] as const;

/** Where the JSON of the tags is in `messageInsertValues` (the search index takes it as it is). */
export const TAGS_VALUE_INDEX = INSERT_COLUMNS.indexOf('tags');

/** What `rowToStoredMessage` reads; `m.` so that it also works in joins. */
export const SELECT_COLUMNS = [...INSERT_COLUMNS.map((column) => `m.${column}`), 'm.read', 'm.pk'].join(', ');

/**
 * What one stored message may hold, in UTF-16 code units. ntfy turns a body over 4,096 bytes into an attachment, so
 * a longer title or body (up to the 1 MiB line cap of the transports) comes from a publisher or server that wants to
 * fill the disk: each is cut at 16 times ntfy's limit, and the message as received (`raw`, for `--json` output) is
 * kept only while it is small; otherwise the fields this app understands stand in for it (docs/security.md).
 */
export const MAX_STORED_TEXT = 65_536;
export const MAX_STORED_RAW = 4 * MAX_STORED_TEXT;

function capped(text: string): string {
  return text.length <= MAX_STORED_TEXT ? text : `${text.slice(0, MAX_STORED_TEXT - 1)}…`;
}

/** The JSON kept as the message received: the original when small, else the parsed fields with the caps applied. */
function storedRaw(message: NtfyMessage): string {
  const raw = JSON.stringify(message.raw);
  if (raw.length <= MAX_STORED_RAW) return raw;
  const { raw: _original, ...fields } = message;
  const reduced = JSON.stringify({
    ...fields,
    event: 'message',
    message: capped(message.message),
    ...(message.title === undefined ? {} : { title: capped(message.title) }),
  });
  return reduced.length <= MAX_STORED_RAW ? reduced : JSON.stringify({ id: message.id, event: 'message' });
}

/** Positional values for `INSERT … (${INSERT_COLUMNS}) VALUES (?, …)`: positional binding is the cheapest. */
export function messageInsertValues(server: string, message: NtfyMessage, receivedAt: number): SQLInputValue[] {
  return [
    server,
    message.topic,
    message.id,
    message.sequenceId ?? null,
    message.time,
    message.expires ?? null,
    message.title === undefined ? null : capped(message.title),
    capped(message.message),
    message.priority,
    JSON.stringify(message.tags),
    message.click ?? null,
    message.icon ?? null,
    JSON.stringify(message.actions),
    message.attachment === undefined ? null : JSON.stringify(message.attachment),
    message.contentType ?? null,
    message.encoding ?? null,
    // The object as received, re-serialized: the parser kept the object, not the bytes.
    storedRaw(message),
    receivedAt,
  ];
}

function text(row: Row, column: string): string | undefined {
  const value = row[column];
  return typeof value === 'string' ? value : undefined;
}

function num(row: Row, column: string): number | undefined {
  const value = row[column];
  return typeof value === 'number' ? value : undefined;
}

/** These columns are only ever written with JSON.stringify: invalid JSON means a damaged file, and throws. */
function parseJson(value: string | undefined): unknown {
  return value === undefined ? undefined : JSON.parse(value);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function put(target: object, key: string, value: unknown): void {
  if (value !== undefined) Object.assign(target, { [key]: value });
}

export function rowToStoredMessage(row: Row): StoredMessage {
  const tags = parseJson(text(row, 'tags'));
  const actions = parseJson(text(row, 'actions'));
  const raw = parseJson(text(row, 'raw'));
  const message: NtfyMessage = {
    id: text(row, 'id') ?? '',
    time: num(row, 'time') ?? 0,
    topic: text(row, 'topic') ?? '',
    message: text(row, 'message') ?? '',
    priority: parsePriority(num(row, 'priority')),
    tags: Array.isArray(tags) ? tags.filter((tag): tag is string => typeof tag === 'string') : [],
    actions: Array.isArray(actions) ? actions.map(parseAction).filter((action) => action !== undefined) : [],
    raw: isRecord(raw) ? raw : {},
  };
  put(message, 'sequenceId', text(row, 'sequence_id'));
  put(message, 'expires', num(row, 'expires'));
  put(message, 'title', text(row, 'title'));
  put(message, 'click', text(row, 'click'));
  put(message, 'icon', text(row, 'icon'));
  put(message, 'attachment', parseAttachment(parseJson(text(row, 'attachment'))));
  put(message, 'contentType', text(row, 'content_type'));
  put(message, 'encoding', text(row, 'encoding'));
  return {
    server: text(row, 'server') ?? '',
    message,
    receivedAt: num(row, 'received_at') ?? 0,
    read: row['read'] === 1,
  };
}

/** A `resume_points` row's point; an id not of ntfy's form is never sent as `since=`, so it is left out. */
export function storedPoint(
  lastId: SQLOutputValue | undefined,
  lastTime: SQLOutputValue | undefined,
  startTime?: SQLOutputValue,
): ResumePoint {
  return {
    ...(typeof lastId === 'string' && isNtfyMessageId(lastId) ? { lastId } : {}),
    ...(typeof lastTime === 'number' ? { lastTime } : {}),
    ...(typeof startTime === 'number' ? { startTime } : {}),
  };
}
