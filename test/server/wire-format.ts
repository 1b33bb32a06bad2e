/**
 * How one event looks on each stream format (docs/protocol.md#stream-formats, the table). Every function returns
 * exactly the bytes of one event, which the stream handlers write with a single `write` so that each event is one HTTP
 * chunk.
 */
import { encodeGoJsonLine, goStringMap, type GoJsonObject, type GoJsonValue } from './go-json.ts';
import type { NtfyAction, NtfyAttachment, NtfyMessage, StreamTransport } from './types.ts';

export const contentTypes = {
  json: 'application/x-ndjson; charset=utf-8',
  sse: 'text/event-stream; charset=utf-8',
  raw: 'text/plain; charset=utf-8',
} as const satisfies Record<Exclude<StreamTransport, 'ws'>, string>;

/** Builds a Go struct: fields in the given order, `omitempty` ones dropped when empty (Go's definition of empty). */
class GoStruct {
  readonly fields = new Map<string, GoJsonValue>();

  always(name: string, value: GoJsonValue): this {
    this.fields.set(name, value);
    return this;
  }

  omitEmpty(name: string, value: GoJsonValue | undefined): this {
    const empty =
      value === undefined ||
      value === null ||
      value === '' ||
      value === 0 ||
      value === false ||
      (Array.isArray(value) && value.length === 0) ||
      (value instanceof Map && value.size === 0);
    if (!empty) this.fields.set(name, value);
    return this;
  }
}

function actionJson(action: NtfyAction): GoJsonObject {
  return new GoStruct()
    .always('id', action.id)
    .always('action', action.action)
    .always('label', action.label)
    .always('clear', action.clear)
    .omitEmpty('url', action.url)
    .omitEmpty('method', action.method)
    .omitEmpty('headers', action.headers && goStringMap(action.headers))
    .omitEmpty('body', action.body)
    .omitEmpty('intent', action.intent)
    .omitEmpty('extras', action.extras && goStringMap(action.extras))
    .omitEmpty('value', action.value).fields;
}

function attachmentJson(attachment: NtfyAttachment): GoJsonObject {
  return new GoStruct()
    .always('name', attachment.name)
    .omitEmpty('type', attachment.type)
    .omitEmpty('size', attachment.size)
    .omitEmpty('expires', attachment.expires)
    .always('url', attachment.url).fields;
}

/** The message as the Go struct ntfy encodes (field order of docs/protocol.md#message-json, newer fields when set). */
export function messageJson(message: NtfyMessage): GoJsonObject {
  return new GoStruct()
    .always('id', message.id)
    .omitEmpty('sequence_id', message.sequence_id)
    .always('time', message.time)
    .omitEmpty('expires', message.expires)
    .always('event', message.event)
    .always('topic', message.topic)
    .omitEmpty('title', message.title)
    .omitEmpty('message', message.message)
    .omitEmpty('priority', message.priority)
    .omitEmpty('tags', message.tags)
    .omitEmpty('click', message.click)
    .omitEmpty('icon', message.icon)
    .omitEmpty('actions', message.actions?.map(actionJson))
    .omitEmpty('attachment', message.attachment && attachmentJson(message.attachment))
    .omitEmpty('poll_id', message.poll_id)
    .omitEmpty('content_type', message.content_type)
    .omitEmpty('encoding', message.encoding)
    .omitEmpty('percentage', message.percentage)
    .omitEmpty('end', message.end).fields;
}

/** `json.NewEncoder(w).Encode(msg)`: the JSON and a trailing newline. Used for /json, /ws and publish answers. */
export function encodeMessageLine(message: NtfyMessage): string {
  return encodeGoJsonLine(messageJson(message));
}

/**
 * SSE: ntfy writes an `event:` line only for events other than `message`; newer servers also leave it out for
 * `message_delete` / `message_clear`, so a client must take the kind from the JSON. No `id:` or `retry:` lines.
 */
const sseEventsWithoutEventLine = new Set(['message', 'message_delete', 'message_clear']);

export function encodeSseFrame(message: NtfyMessage): string {
  const json = encodeMessageLine(message);
  return sseEventsWithoutEventLine.has(message.event) ? `data: ${json}\n` : `event: ${message.event}\ndata: ${json}\n`;
}

/** Raw: the message body with every `\n` turned into a space, or a bare newline for every other event. */
export function encodeRawLine(message: NtfyMessage): string {
  if (message.event !== 'message') return '\n';
  return `${(message.message ?? '').replaceAll('\n', ' ')}\n`;
}

export function encodeForTransport(transport: StreamTransport, message: NtfyMessage): string {
  switch (transport) {
    case 'json':
    case 'ws':
      return encodeMessageLine(message);
    case 'sse':
      return encodeSseFrame(message);
    case 'raw':
      return encodeRawLine(message);
  }
}
