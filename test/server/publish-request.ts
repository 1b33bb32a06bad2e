/**
 * Reading a publish request: `PUT/POST /<topic>` with headers or lowercase query parameters (ntfy's names and
 * aliases), and `POST /` with a JSON body, which ntfy turns into headers plus a body before the same handling. The
 * result is the PublishInput that in-process publishing uses too.
 */
import { isUtf8 } from 'node:buffer';
import type { IncomingHttpHeaders } from 'node:http';
import { NtfyHttpError, ntfyErrors } from './errors.ts';
import { goJsonField, isJsonRecord, type JsonRecord } from './go-json-fields.ts';
import type { PublishInput } from './messages.ts';
import { goTrimSpace, parsePriority, readBoolParam, readParam, readTrimmedList, type ParamSource } from './params.ts';
import { parseSimpleActions } from './simple-actions.ts';

/** Bodies up to this many bytes are messages; larger ones would be attachments (ntfy's message size limit). */
const messageSizeLimit = 4096;
/** A `POST /` JSON body may be twice the message size limit (ntfy's allowance for the JSON overhead). */
const jsonBodyLimit = 2 * messageSizeLimit;
/** What ntfy puts in place of an empty JSON `message` before handling the body. */
const emptyMessageBody = 'triggered';

/** ntfy's parseActions input: a JSON array if it starts with `[`, else the simple `view, Label, url; …` form. */
function actionsFromParam(value: string): unknown[] | undefined {
  const text = goTrimSpace(value);
  if (text === '') return undefined;
  if (!text.startsWith('[')) return parseSimpleActions(text);
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    const detail = error instanceof Error ? error.message : 'invalid JSON';
    throw new NtfyHttpError(ntfyErrors.actionsInvalid, `JSON error: ${detail}`);
  }
  if (!Array.isArray(parsed))
    throw new NtfyHttpError(ntfyErrors.actionsInvalid, 'JSON error: actions must be an array');
  return parsed as unknown[];
}

interface BodyRules {
  readonly pollRequest: boolean;
  readonly unifiedPush: boolean;
  readonly attach: string;
  readonly filename: string;
  /** The server has an attachment cache: uploads are stored, not refused. */
  readonly attachments: boolean;
}

interface BodyMessage {
  readonly message?: string;
  readonly encoding?: string;
  /** The body is a file to store as the attachment. */
  readonly upload?: Buffer;
}

function upload(body: Buffer, rules: BodyRules): BodyMessage {
  if (!rules.attachments) throw new NtfyHttpError(ntfyErrors.attachmentsDisallowed);
  return { upload: body };
}

function textMessage(body: Buffer): BodyMessage {
  if (!isUtf8(body)) throw new NtfyHttpError(ntfyErrors.messageNotUtf8);
  // An empty body does not override the `message` parameter (publishing via GET).
  return body.length === 0 ? {} : { message: goTrimSpace(body.toString('utf8')) };
}

/**
 * ntfy's handleBodyAsMessageAutoDetect (server/server.go): the body as read up to the message size limit (longer
 * ones are cut there, not refused: util.Peek), kept exactly as sent — never trimmed, an empty body empty (it then
 * becomes "triggered" like any empty message, the `message` parameter notwithstanding) — and binary as base64 with
 * encoding "base64".
 */
function unifiedPushMessage(body: Buffer): BodyMessage {
  const peeked = body.subarray(0, messageSizeLimit);
  return isUtf8(peeked)
    ? { message: peeked.toString('utf8') }
    : { message: peeked.toString('base64'), encoding: 'base64' };
}

/**
 * ntfy's handlePublishBody, in its order: a poll request discards the body; UnifiedPush may be binary; with an
 * external `Attach` URL the body is the message (cut to the size limit); a `Filename` without `Attach` means the body
 * is a file to upload; otherwise a short UTF-8 body is the message and anything else an upload. Without the
 * `attachments` option this server, like ntfy without an attachment cache, refuses uploads with 40014.
 */
function messageFromBody(body: Buffer, rules: BodyRules): BodyMessage {
  if (rules.pollRequest) return {};
  if (rules.unifiedPush) return unifiedPushMessage(body);
  if (rules.attach !== '') return textMessage(body.subarray(0, messageSizeLimit));
  if (rules.filename !== '') return upload(body, rules);
  if (body.length <= messageSizeLimit && isUtf8(body)) return textMessage(body);
  return upload(body, rules);
}

/** ntfy's parsePublishParams plus the body rules (trimmed text body wins over the `message` parameter). */
export function publishOptionsFromRequest(
  source: ParamSource,
  body: Buffer,
  server: { readonly newerEvents: boolean; readonly attachments: boolean },
): PublishInput {
  // No SMTP here: ntfy refuses any e-mail request when it has no mail sender configured.
  if (readParam(source, 'x-email', 'x-e-mail', 'email', 'e-mail', 'mail', 'e') !== '') {
    throw new NtfyHttpError(ntfyErrors.emailDisabled);
  }
  const priority = parsePriority(readParam(source, 'x-priority', 'priority', 'prio', 'p'));
  if (priority === undefined) throw new NtfyHttpError(ntfyErrors.priorityInvalid);
  const contentType = readParam(source, 'content-type', 'content_type').toLowerCase();
  const attach = readParam(source, 'x-attach', 'attach', 'a');
  const filename = readParam(source, 'x-filename', 'filename', 'file', 'f');
  const pollId = readParam(source, 'x-poll-id', 'poll-id');
  const actions = actionsFromParam(readParam(source, 'x-actions', 'actions', 'action'));
  // ntfy's parsePublishParams: an aes128gcm body (Web Push) is UnifiedPush too.
  const unifiedPush =
    readBoolParam(source, false, 'x-unifiedpush', 'unifiedpush', 'up') ||
    readParam(source, 'content-encoding') === 'aes128gcm';
  const bodyRules = { pollRequest: pollId !== '', unifiedPush, attach, filename, attachments: server.attachments };
  const fromBody = messageFromBody(body, bodyRules);
  const options: PublishInput = {
    // In the message parameter, a literal backslash-n stands for a newline.
    message: fromBody.message ?? readParam(source, 'x-message', 'message', 'm').replaceAll('\\n', '\n'),
    title: readParam(source, 'x-title', 'title', 'ti', 't'),
    priority,
    tags: readTrimmedList(source, 'x-tags', 'tags', 'tag', 'ta'),
    click: readParam(source, 'x-click', 'click'),
    icon: readParam(source, 'x-icon', 'icon'),
    attach,
    filename,
    markdown: readBoolParam(source, false, 'x-markdown', 'markdown', 'md') || contentType === 'text/markdown',
    delay: readParam(source, 'x-delay', 'delay', 'x-at', 'at', 'x-in', 'in'),
    cache: readBoolParam(source, true, 'x-cache', 'cache'),
    pollId,
  };
  if (actions !== undefined) options.actions = actions;
  if (fromBody.encoding !== undefined) options.encoding = fromBody.encoding;
  if (fromBody.upload !== undefined) options.upload = fromBody.upload;
  if (server.newerEvents) {
    const sequenceId = readParam(source, 'x-sequence-id', 'sequence-id', 'sequence_id', 'sid');
    if (sequenceId !== '') options.sequenceId = sequenceId;
  }
  return options;
}

/** A `POST /` body turned into what a `POST /<topic>` request with headers would carry. */
export interface JsonPublish {
  readonly topic: string;
  readonly source: ParamSource;
  readonly body: Buffer;
}

/** Go's json.Decoder fills typed struct fields: a value of the wrong type fails the whole body (40024). */
function field<T>(record: JsonRecord, key: string, check: (value: unknown) => value is T): T | undefined {
  const value = goJsonField(record, key);
  if (value === undefined || value === null) return undefined;
  if (!check(value)) throw new NtfyHttpError(ntfyErrors.jsonBodyInvalid);
  return value;
}

const isString = (value: unknown): value is string => typeof value === 'string';
const isInteger = (value: unknown): value is number => Number.isSafeInteger(value);
const isBoolean = (value: unknown): value is boolean => typeof value === 'boolean';
const isStringArray = (value: unknown): value is string[] => Array.isArray(value) && value.every(isString);
const isStringMap = (value: unknown): boolean => isJsonRecord(value) && Object.values(value).every(isString);
const actionStringFields = ['action', 'label', 'url', 'method', 'body', 'intent', 'value'];

/** The fields of ntfy's action struct, typed: strings, a boolean `clear`, string maps `headers` and `extras`. */
function isActionShape(value: unknown): boolean {
  if (!isJsonRecord(value)) return false;
  const fits = (key: string, check: (item: unknown) => boolean): boolean => {
    const item = goJsonField(value, key);
    return item === undefined || item === null || check(item);
  };
  return (
    actionStringFields.every((key) => fits(key, isString)) &&
    fits('clear', isBoolean) &&
    fits('headers', isStringMap) &&
    fits('extras', isStringMap)
  );
}

const isActionArray = (value: unknown): value is unknown[] => Array.isArray(value) && value.every(isActionShape);

/** Node hands header values over as Latin-1 and readHeader re-decodes them as UTF-8: store text the same way. */
const asHeaderValue = (text: string): string => Buffer.from(text, 'utf8').toString('latin1');

function parseJsonBody(body: Buffer): JsonRecord | null {
  if (body.length > jsonBodyLimit) throw new NtfyHttpError(ntfyErrors.jsonBodyTooLarge);
  let parsed: unknown;
  try {
    parsed = JSON.parse(body.toString('utf8'));
  } catch {
    throw new NtfyHttpError(ntfyErrors.jsonBodyInvalid);
  }
  // Go decodes `null` into an empty struct (then the topic is missing); other non-objects are errors.
  if (parsed !== null && !isJsonRecord(parsed)) throw new NtfyHttpError(ntfyErrors.jsonBodyInvalid);
  return parsed;
}

/**
 * ntfy's transformBodyJSON for `POST /` with `{topic, message, title, priority, tags, click, icon, actions, attach,
 * filename, email, delay}` (plus `markdown`, `cache` and newer `sequence_id`): the fields become the X- headers of
 * the request, the message its body, and the request then goes through the normal header publish. So a message
 * over 4096 bytes or a `filename` without `attach` would be an upload (40014), and `email` is refused (40001).
 */
export function publishFromJson(body: Buffer, request: ParamSource): JsonPublish {
  const json = parseJsonBody(body) ?? {};
  const headers: IncomingHttpHeaders = { ...request.headers };
  const setHeader = (name: string, value: string | undefined): void => {
    if (value !== undefined && value !== '') headers[name] = asHeaderValue(value);
  };
  const topic = field(json, 'topic', isString) ?? '';
  const message = field(json, 'message', isString) ?? '';
  const priority = field(json, 'priority', isInteger);
  const tags = field(json, 'tags', isStringArray);
  const actions = field(json, 'actions', isActionArray);
  const cache = field(json, 'cache', (value): value is string | boolean => isString(value) || isBoolean(value));
  setHeader('x-title', field(json, 'title', isString));
  setHeader('x-priority', priority === undefined || priority === 0 ? undefined : String(priority));
  setHeader('x-tags', tags?.join(','));
  setHeader('x-attach', field(json, 'attach', isString));
  setHeader('x-filename', field(json, 'filename', isString));
  setHeader('x-click', field(json, 'click', isString));
  setHeader('x-icon', field(json, 'icon', isString));
  setHeader('x-actions', actions === undefined || actions.length === 0 ? undefined : JSON.stringify(actions));
  setHeader('x-email', field(json, 'email', isString));
  setHeader('x-delay', field(json, 'delay', isString));
  setHeader('x-markdown', field(json, 'markdown', isBoolean) === true ? 'yes' : undefined);
  setHeader('x-cache', cache === undefined ? undefined : String(cache));
  setHeader('x-sequence-id', field(json, 'sequence_id', isString));
  const messageBody = Buffer.from(message === '' ? emptyMessageBody : message, 'utf8');
  return { topic, source: { headers, query: request.query }, body: messageBody };
}
