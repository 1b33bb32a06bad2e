/**
 * Building events the way ntfy does: random ids, open/keepalive shapes, action normalisation, and turning publish
 * options into the stored message plus what to do with it (cache? delay?).
 */
import { randomInt } from 'node:crypto';
import { parseFutureTime } from './durations.ts';
import { NtfyHttpError, ntfyErrors } from './errors.ts';
import { goJsonField, isJsonRecord, type JsonRecord } from './go-json-fields.ts';
import type { NtfyAction, NtfyAttachment, NtfyMessage, PublishOptions } from './types.ts';

const idAlphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

export function randomId(length: number): string {
  let id = '';
  for (let i = 0; i < length; i++) id += idAlphabet.charAt(randomInt(idAlphabet.length));
  return id;
}

/** Message ids are 12 characters; action ids 10 (ntfy's messageIDLength and actionIDLength). */
export const newMessageId = (): string => randomId(12);

export const unixSeconds = (ms: number): number => Math.floor(ms / 1000);

/** `open` and `keepalive` carry the raw topic list of the path as `topic`, and nothing else beyond id/time/event. */
export function streamEvent(event: 'open' | 'keepalive', topicsRaw: string, nowMs: number): NtfyMessage {
  return { id: newMessageId(), time: unixSeconds(nowMs), event, topic: topicsRaw };
}

const actionKinds = new Set(['view', 'broadcast', 'http', 'copy']);
/** ntfy allows this many actions per message. */
const maxActions = 3;

function invalidAction(detail: string): NtfyHttpError {
  return new NtfyHttpError(ntfyErrors.actionsInvalid, detail);
}

function optionalString(record: JsonRecord, key: string): string | undefined {
  const value = goJsonField(record, key);
  if (value === undefined || value === null || value === '') return undefined;
  if (typeof value !== 'string') throw invalidAction(`parameter '${key}' must be a string`);
  return value;
}

/** A string map; an empty one is left out, as Go's `omitempty` does. */
function optionalStringMap(record: JsonRecord, key: string): Record<string, string> | undefined {
  const value = goJsonField(record, key);
  if (value === undefined || value === null) return undefined;
  if (!isJsonRecord(value)) throw invalidAction(`parameter '${key}' must be an object`);
  const entries = Object.entries(value);
  if (entries.some(([, item]) => typeof item !== 'string')) throw invalidAction(`values of '${key}' must be strings`);
  return entries.length === 0 ? undefined : (Object.fromEntries(entries) as Record<string, string>);
}

/** Reads one action's fields (type errors only); ntfy lowercases `action` and uppercases `method` before validating. */
function readAction(item: unknown): NtfyAction {
  if (!isJsonRecord(item)) throw invalidAction('action must be an object');
  const clear = goJsonField(item, 'clear');
  if (clear !== undefined && clear !== null && typeof clear !== 'boolean')
    throw invalidAction("'clear' must be a boolean");
  const action: NtfyAction = {
    id: randomId(10),
    action: (optionalString(item, 'action') ?? '').toLowerCase(),
    label: optionalString(item, 'label') ?? '',
    clear: clear === true,
  };
  const optional = {
    url: optionalString(item, 'url'),
    method: optionalString(item, 'method')?.toUpperCase(),
    headers: optionalStringMap(item, 'headers'),
    body: optionalString(item, 'body'),
    intent: optionalString(item, 'intent'),
    extras: optionalStringMap(item, 'extras'),
    value: optionalString(item, 'value'),
  };
  for (const [key, value] of Object.entries(optional)) {
    if (value !== undefined) Object.assign(action, { [key]: value });
  }
  return action;
}

function validateAction({ action: kind, label, url, method, body }: NtfyAction): void {
  if (!actionKinds.has(kind)) {
    throw invalidAction(
      `parameter 'action' cannot be '${kind}', valid values are 'view', 'broadcast', 'http' and 'copy'`,
    );
  }
  if (label === '') throw invalidAction("parameter 'label' is required");
  if ((kind === 'view' || kind === 'http') && url === undefined) {
    throw invalidAction(`parameter 'url' is required for action '${kind}'`);
  }
  if (kind === 'http' && (method === 'GET' || method === 'HEAD') && body !== undefined) {
    throw invalidAction(`parameter 'body' cannot be set if method is ${method}`);
  }
}

/**
 * ntfy's parseActions after the JSON or simple form is read: every action gets a fresh 10-character `id`, `action`
 * is lowercased and `method` uppercased (`method` stays absent unless given), `clear` defaults to false; then at
 * most 3, `label` required, `url` required for view and http, no `body` with GET/HEAD.
 */
export function normaliseActions(input: readonly unknown[]): NtfyAction[] {
  const actions = input.map(readAction);
  if (actions.length > maxActions) throw invalidAction(`only ${String(maxActions)} actions allowed`);
  actions.forEach(validateAction);
  return actions;
}

const httpUrl = /^https?:\/\/.+/;

/** An attachment by URL: the name is `filename`, else the URL's last path segment, else "attachment". */
export function attachmentFromUrl(url: string, filename: string | undefined): NtfyAttachment {
  if (!httpUrl.test(url)) throw new NtfyHttpError(ntfyErrors.attachmentUrlInvalid);
  let name = filename ?? '';
  if (name === '' && URL.canParse(url)) {
    const base = new URL(url).pathname.split('/').pop() ?? '';
    name = base === '.' ? '' : decodeURIComponent(base);
  }
  return { name: name === '' ? 'attachment' : name, url };
}

export interface PublishContext {
  readonly nowMs: number;
  readonly cacheDurationMs: number;
  readonly newerEvents: boolean;
  /** Undefined: no min/max checks (in-process publishing). */
  readonly delayLimits: { minMs: number; maxMs: number } | undefined;
}

/**
 * Publish options as the HTTP side produces them: actions still unvalidated JSON, plus the body encoding.
 * PublishOptions (the in-process API) is assignable to it.
 */
export type PublishInput = Omit<PublishOptions, 'actions'> & { actions?: readonly unknown[]; encoding?: string };

/** What to do with a message: fan out now or when due, and whether to cache it. */
export interface PublishPlan {
  readonly message: NtfyMessage;
  readonly cache: boolean;
  readonly expiresAtMs: number | undefined;
  /** Set for delayed messages: not fanned out until this epoch ms. */
  readonly dueAtMs: number | undefined;
}

function resolveDueAt(delay: number | string | undefined, context: PublishContext): number | undefined {
  if (delay === undefined || delay === '') return undefined;
  const dueAtMs = typeof delay === 'number' ? context.nowMs + delay : parseFutureTime(delay, context.nowMs);
  if (dueAtMs === undefined) throw new NtfyHttpError(ntfyErrors.delayCannotParse);
  const limits = context.delayLimits;
  if (limits !== undefined && dueAtMs < context.nowMs + limits.minMs) throw new NtfyHttpError(ntfyErrors.delayTooSmall);
  if (limits !== undefined && dueAtMs > context.nowMs + limits.maxMs) throw new NtfyHttpError(ntfyErrors.delayTooLarge);
  return dueAtMs > context.nowMs ? dueAtMs : undefined;
}

function optionalFields(options: PublishInput): Partial<NtfyMessage> {
  const fields: Partial<NtfyMessage> = {};
  if (options.title !== undefined && options.title !== '') fields.title = options.title;
  if (options.priority !== undefined && options.priority !== 0) fields.priority = options.priority;
  if (options.tags !== undefined && options.tags.length > 0) fields.tags = [...options.tags];
  if (options.click !== undefined && options.click !== '') fields.click = options.click;
  if (options.icon !== undefined && options.icon !== '') {
    if (!httpUrl.test(options.icon)) throw new NtfyHttpError(ntfyErrors.iconUrlInvalid);
    fields.icon = options.icon;
  }
  if (options.actions !== undefined && options.actions.length > 0) fields.actions = normaliseActions(options.actions);
  if (options.attach !== undefined && options.attach !== '') {
    fields.attachment = attachmentFromUrl(options.attach, options.filename);
  }
  if (options.markdown === true) fields.content_type = 'text/markdown';
  if (options.encoding !== undefined && options.encoding !== '') fields.encoding = options.encoding;
  return fields;
}

/** Turns publish options into the message ntfy would store, validating like ntfy (errors are NtfyHttpError). */
export function planPublish(topic: string, options: PublishInput, context: PublishContext): PublishPlan {
  const priority = options.priority;
  if (priority !== undefined && !(Number.isInteger(priority) && priority >= 0 && priority <= 5)) {
    throw new NtfyHttpError(ntfyErrors.priorityInvalid);
  }
  const dueAtMs = resolveDueAt(options.delay, context);
  if (dueAtMs !== undefined && (options.cache === false || context.cacheDurationMs === 0)) {
    throw new NtfyHttpError(ntfyErrors.delayNoCache);
  }
  const id = options.id ?? newMessageId();
  const time = options.time ?? unixSeconds(dueAtMs ?? context.nowMs);
  const sequence = context.newerEvents && options.sequenceId !== undefined ? { sequence_id: options.sequenceId } : {};
  if (options.pollId !== undefined && options.pollId !== '') {
    // poll_request events are live-only: never cached, no expires (PROTOCOL.md "Events").
    const message: NtfyMessage = {
      id,
      time,
      event: 'poll_request',
      topic,
      message: 'New message',
      poll_id: options.pollId,
    };
    return { message, cache: false, expiresAtMs: undefined, dueAtMs: undefined };
  }
  const fields = optionalFields(options);
  let text = options.message ?? '';
  if (text === '' && fields.attachment !== undefined) text = `You received a file: ${fields.attachment.name}`;
  if (text === '') text = 'triggered';
  const cache = options.cache !== false && context.cacheDurationMs > 0;
  // Expiry counts from the message's own time (ntfy stores expires = time + cache duration).
  const baseMs = options.time === undefined ? (dueAtMs ?? context.nowMs) : options.time * 1000;
  const expiresAtMs = cache ? baseMs + context.cacheDurationMs : undefined;
  const message: NtfyMessage = {
    id,
    ...sequence,
    time,
    ...(expiresAtMs === undefined ? {} : { expires: unixSeconds(expiresAtMs) }),
    event: 'message',
    topic,
    message: text,
    ...fields,
  };
  return { message, cache, expiresAtMs, dueAtMs };
}

/** message_delete / message_clear (newer): a new id, the target's sequence_id, no message; cached like messages. */
export function planSequenceEvent(
  topic: string,
  event: 'message_delete' | 'message_clear',
  sequenceId: string,
  context: PublishContext,
): PublishPlan {
  const time = unixSeconds(context.nowMs);
  const cache = context.cacheDurationMs > 0;
  const expiresAtMs = cache ? context.nowMs + context.cacheDurationMs : undefined;
  const message: NtfyMessage = {
    id: newMessageId(),
    sequence_id: sequenceId,
    time,
    ...(expiresAtMs === undefined ? {} : { expires: unixSeconds(expiresAtMs) }),
    event,
    topic,
  };
  return { message, cache, expiresAtMs, dueAtMs: undefined };
}
