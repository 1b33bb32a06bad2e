/**
 * Reading a publish request: `PUT/POST /<topic>` with headers or lowercase query parameters (ntfy's names and
 * aliases), and `POST /` with a JSON body. The result is the same PublishOptions that in-process publishing uses.
 */
import { NtfyHttpError, ntfyErrors } from './errors.ts';
import { goTrimSpace, parsePriority, readBoolParam, readParam, readTrimmedList, type ParamSource } from './params.ts';
import type { PublishInput } from './messages.ts';

/** Bodies up to this many bytes are messages; larger ones would be attachments (ntfy's message size limit). */
const messageSizeLimit = 4096;

function actionsFromParam(value: string): unknown[] | undefined {
  if (value === '') return undefined;
  // ntfy also has a "simple" comma/semicolon action format; this server implements the JSON form only.
  if (!value.startsWith('[')) throw new NtfyHttpError(ntfyErrors.actionsInvalid, 'only the JSON form is supported');
  let parsed: unknown;
  try {
    parsed = JSON.parse(value);
  } catch (error) {
    throw new NtfyHttpError(ntfyErrors.actionsInvalid, error instanceof Error ? error.message : 'invalid JSON');
  }
  if (!Array.isArray(parsed)) throw new NtfyHttpError(ntfyErrors.actionsInvalid, 'actions must be an array');
  return parsed as unknown[];
}

function messageFromBody(body: Buffer, unifiedPush: boolean): { message?: string; encoding?: string } {
  if (body.length === 0) return {};
  const text = new TextDecoder('utf-8', { fatal: false }).decode(body);
  const validUtf8 = Buffer.from(text, 'utf8').equals(body);
  if (validUtf8 && body.length <= messageSizeLimit) return { message: goTrimSpace(text) };
  // UnifiedPush senders may post binary: ntfy then sends it base64-encoded with encoding "base64".
  if (unifiedPush && body.length <= messageSizeLimit) return { message: body.toString('base64'), encoding: 'base64' };
  // Anything else would become an uploaded attachment; this server, like ntfy without an attachment cache, refuses.
  throw new NtfyHttpError(ntfyErrors.attachmentsDisallowed);
}

/** ntfy's parsePublishParams plus the body rules (trimmed text body wins over the `message` parameter). */
export function publishOptionsFromRequest(source: ParamSource, body: Buffer, newerEvents: boolean): PublishInput {
  const priority = parsePriority(readParam(source, 'x-priority', 'priority', 'prio', 'p'));
  if (priority === undefined) throw new NtfyHttpError(ntfyErrors.priorityInvalid);
  const contentType = readParam(source, 'content-type', 'content_type').toLowerCase();
  const fromBody = messageFromBody(body, readBoolParam(source, false, 'x-unifiedpush', 'unifiedpush', 'up'));
  const options: PublishInput = {
    // In the message parameter, a literal backslash-n stands for a newline.
    message: fromBody.message ?? readParam(source, 'x-message', 'message', 'm').replaceAll('\\n', '\n'),
    title: readParam(source, 'x-title', 'title', 'ti', 't'),
    priority,
    tags: readTrimmedList(source, 'x-tags', 'tags', 'tag', 'ta'),
    click: readParam(source, 'x-click', 'click'),
    icon: readParam(source, 'x-icon', 'icon'),
    attach: readParam(source, 'x-attach', 'attach', 'a'),
    filename: readParam(source, 'x-filename', 'filename', 'file', 'f'),
    markdown: readBoolParam(source, false, 'x-markdown', 'markdown', 'md') || contentType === 'text/markdown',
    delay: readParam(source, 'x-delay', 'delay', 'x-at', 'at', 'x-in', 'in'),
    cache: readBoolParam(source, true, 'x-cache', 'cache'),
    pollId: readParam(source, 'x-poll-id', 'poll-id'),
  };
  const actions = actionsFromParam(readParam(source, 'x-actions', 'actions', 'action'));
  if (actions !== undefined) options.actions = actions;
  if (fromBody.encoding !== undefined) options.encoding = fromBody.encoding;
  if (newerEvents) {
    const sequenceId = readParam(source, 'x-sequence-id', 'sequence-id', 'sequence_id', 'sid');
    if (sequenceId !== '') options.sequenceId = sequenceId;
  }
  return options;
}

export interface JsonPublish {
  readonly topic: string;
  readonly options: PublishInput;
}

function field<T>(
  record: Readonly<Record<string, unknown>>,
  key: string,
  check: (value: unknown) => value is T,
): T | undefined {
  const value = record[key];
  if (value === undefined || value === null) return undefined;
  if (!check(value)) throw new NtfyHttpError(ntfyErrors.jsonInvalid);
  return value;
}

const isString = (value: unknown): value is string => typeof value === 'string';
const isNumber = (value: unknown): value is number => typeof value === 'number';
const isBoolean = (value: unknown): value is boolean => typeof value === 'boolean';
const isStringArray = (value: unknown): value is string[] => Array.isArray(value) && value.every(isString);
const isArray = (value: unknown): value is unknown[] => Array.isArray(value);

/** `POST /` with `{topic, message, title, priority, tags, click, icon, actions, attach, filename, delay, markdown, cache}`. */
export function publishFromJson(body: Buffer, newerEvents: boolean): JsonPublish {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body.toString('utf8'));
  } catch {
    throw new NtfyHttpError(ntfyErrors.jsonInvalid);
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw new NtfyHttpError(ntfyErrors.jsonInvalid);
  }
  const json = parsed as Readonly<Record<string, unknown>>;
  const cache = field(json, 'cache', (value): value is string | boolean => isString(value) || isBoolean(value));
  const options: PublishInput = {
    message: field(json, 'message', isString) ?? '',
    title: field(json, 'title', isString) ?? '',
    priority: field(json, 'priority', isNumber) ?? 0,
    tags: field(json, 'tags', isStringArray) ?? [],
    click: field(json, 'click', isString) ?? '',
    icon: field(json, 'icon', isString) ?? '',
    actions: field(json, 'actions', isArray) ?? [],
    attach: field(json, 'attach', isString) ?? '',
    filename: field(json, 'filename', isString) ?? '',
    delay: field(json, 'delay', isString) ?? '',
    markdown: field(json, 'markdown', isBoolean) ?? false,
    cache: cache === undefined ? true : cache === true || ['1', 'yes', 'true'].includes(String(cache).toLowerCase()),
  };
  const sequenceId = field(json, 'sequence_id', isString);
  if (newerEvents && sequenceId !== undefined && sequenceId !== '') options.sequenceId = sequenceId;
  return { topic: field(json, 'topic', isString) ?? '', options };
}
