/**
 * Building events the way ntfy does: random ids, open/keepalive shapes, and turning publish options into the
 * stored message plus what to do with it (cache? delay?).
 */
import { uploadedAttachment, type UploadContext } from './attachments.ts';
import { parseFutureTime } from './durations.ts';
import { normaliseActions } from './actions.ts';
import { NtfyHttpError, ntfyErrors } from './errors.ts';
import { newMessageId } from './ids.ts';
import type { NtfyAttachment, NtfyMessage, PublishOptions } from './types.ts';

export const unixSeconds = (ms: number): number => Math.floor(ms / 1000);

/** `open` and `keepalive` carry the raw topic list of the path as `topic`, and nothing else beyond id/time/event. */
export function streamEvent(event: 'open' | 'keepalive', topicsRaw: string, nowMs: number): NtfyMessage {
  return { id: newMessageId(), time: unixSeconds(nowMs), event, topic: topicsRaw };
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
  /** Where an upload goes; undefined when the server keeps no attachments. */
  readonly uploads?: UploadContext | undefined;
}

/**
 * Publish options as the HTTP side produces them: actions still unvalidated JSON, plus the body encoding.
 * PublishOptions (the in-process API) is assignable to it.
 */
export type PublishInput = Omit<PublishOptions, 'actions'> & {
  actions?: readonly unknown[];
  encoding?: string;
  /** The body, to store as the attachment (publish-request.ts decides). */
  upload?: Buffer;
};

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
    // poll_request events are live-only: never cached, no expires (docs/protocol.md#open-and-keepalive-events).
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
  if (options.upload !== undefined) {
    if (context.uploads === undefined) throw new NtfyHttpError(ntfyErrors.attachmentsDisallowed);
    fields.attachment = uploadedAttachment(id, options.upload, options.filename ?? '', context.uploads, context.nowMs);
  }
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
