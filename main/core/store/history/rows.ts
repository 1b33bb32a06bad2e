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
import { isCutField } from '../../../../common/message-cuts.ts';
import { storedRawJson } from './stored-bounds.ts';

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
  'cut',
] as const;

/** Where the JSON of the tags is in `messageInsertValues` (the search index takes it as it is). */
export const TAGS_VALUE_INDEX = INSERT_COLUMNS.indexOf('tags');

/** What `rowToStoredMessage` reads; `m.` so that it also works in joins. */
export const SELECT_COLUMNS = [...INSERT_COLUMNS.map((column) => `m.${column}`), 'm.read', 'm.pk'].join(', ');

/**
 * Positional values for `INSERT … (${INSERT_COLUMNS}) VALUES (?, …)`: positional binding is the cheapest. `message`
 * is one already within the stored bounds (boundForStorage).
 */
export function messageInsertValues(server: string, message: NtfyMessage, receivedAt: number): SQLInputValue[] {
  return [
    server,
    message.topic,
    message.id,
    message.sequenceId ?? null,
    message.time,
    message.expires ?? null,
    message.title ?? null,
    message.message,
    message.priority,
    JSON.stringify(message.tags),
    message.click ?? null,
    message.icon ?? null,
    JSON.stringify(message.actions),
    message.attachment === undefined ? null : JSON.stringify(message.attachment),
    message.contentType ?? null,
    message.encoding ?? null,
    // The object as received, re-serialized (the parser kept the object, not the bytes), while it is small.
    storedRawJson(message.raw),
    receivedAt,
    message.cut === undefined ? null : JSON.stringify(message.cut),
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

/** A message in ntfy's JSON form (docs/protocol.md#message-json), from its parsed fields. */
function wireObject(message: NtfyMessage): Record<string, unknown> {
  const { id, time, expires, topic, title, priority, tags, click, icon, actions, attachment } = message;
  const wire = { id, time, expires, event: 'message', topic, title, message: message.message, priority, tags, click };
  const rest = { icon, actions, attachment, content_type: message.contentType, encoding: message.encoding };
  const all = Object.entries({ ...wire, ...rest, sequence_id: message.sequenceId });
  return Object.fromEntries(all.filter(([, value]) => value !== undefined));
}

export function rowToStoredMessage(row: Row): StoredMessage {
  const tags = parseJson(text(row, 'tags'));
  const actions = parseJson(text(row, 'actions'));
  const raw = parseJson(text(row, 'raw'));
  const cut = parseJson(text(row, 'cut'));
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
  put(message, 'cut', Array.isArray(cut) ? cut.filter(isCutField) : undefined);
  return {
    server: text(row, 'server') ?? '',
    // Too big to keep as received: the stored fields stand in for it, in the names ntfy sends.
    message: isRecord(raw) ? message : { ...message, raw: wireObject(message) },
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
