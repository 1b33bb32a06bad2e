/**
 * What one stored message may hold, in UTF-16 code units: every field has a bound, and so has the whole row. A real
 * ntfy server sends at most a 4,096-byte body (longer ones become attachments), 3 actions and an 8,192-byte JSON
 * publish; anything far beyond comes from a publisher or server that wants to fill the disk (up to the transports'
 * 1 MiB line cap per message). Text that is only read (body, title, tags, labels, a file's name) is cut, ending in
 * `…`; a value that is acted on (a URL, a request's method, headers or body, a copy button's text) would mean
 * something else when cut, so what holds it is left out instead. The stored message lists the fields that were cut
 * or left out (`cut`), for the window to say so (docs/security.md, "Storage").
 */
import { CUT_FIELDS, type CutField } from '../../../../common/message-cuts.ts';
import type { NtfyAction, NtfyAttachment, NtfyMessage, NtfyMessageChange } from '../../protocol/types.ts';

export const STORED_BOUNDS = {
  /** 16 times ntfy's body limit. */
  message: 65_536,
  title: 4_096,
  /** How many tags, and the length of each. */
  tags: 32,
  tag: 128,
  /** A click, icon, attachment or action URL: longer ones are left out. */
  url: 4_096,
  /** An action's label, an attachment's name: cut. */
  label: 256,
  /** content_type, encoding, an attachment's type: longer ones are left out (only short values mean anything). */
  token: 64,
  /** How many actions: ntfy sends at most 3 (server/actions.go, actionsMax); other servers get some room. */
  actions: 8,
  /** One action as JSON (method, headers, body, value…); a bigger one is left out: ntfy's JSON publish limit. */
  action: 8_192,
  /** The message as received, kept for `--json` when at most this long; else rebuilt from the stored fields. */
  raw: 16_384,
  /** The whole row: every column, the message as received included; the body is cut further to fit. */
  whole: 98_304,
} as const;

/** `text` cut to at most `max` code units, ending in `…`, never splitting a surrogate pair. */
export function cutText(text: string, max: number): string {
  if (text.length <= max) return text;
  let end = Math.max(0, max - 1);
  const last = text.charCodeAt(end - 1);
  if (last >= 0xd800 && last <= 0xdbff) end -= 1;
  return `${text.slice(0, end)}…`;
}

/* Each step below returns its input itself when it was within bounds: `!==` tells what was cut. */

const fitsToken = (value: string | undefined): boolean => value === undefined || value.length <= STORED_BOUNDS.token;
const fitsUrl = (value: string | undefined): boolean => value === undefined || value.length <= STORED_BOUNDS.url;

function boundTags(tags: readonly string[]): readonly string[] {
  if (tags.length <= STORED_BOUNDS.tags && tags.every((tag) => tag.length <= STORED_BOUNDS.tag)) return tags;
  return tags.slice(0, STORED_BOUNDS.tags).map((tag) => cutText(tag, STORED_BOUNDS.tag));
}

function boundAction(action: NtfyAction): NtfyAction | undefined {
  if (!fitsUrl(action.url)) return undefined;
  const id = cutText(action.id, STORED_BOUNDS.token);
  const label = cutText(action.label, STORED_BOUNDS.label);
  const bounded = id === action.id && label === action.label ? action : { ...action, id, label };
  return JSON.stringify(bounded).length <= STORED_BOUNDS.action ? bounded : undefined;
}

function boundActions(actions: readonly NtfyAction[]): readonly NtfyAction[] {
  const bounded = actions
    .slice(0, STORED_BOUNDS.actions)
    .map(boundAction)
    .filter((action) => action !== undefined);
  const same = bounded.length === actions.length && bounded.every((action, index) => action === actions[index]);
  return same ? actions : bounded;
}

function boundAttachment(attachment: NtfyAttachment): NtfyAttachment | undefined {
  if (!fitsUrl(attachment.url)) return undefined;
  const name = cutText(attachment.name, STORED_BOUNDS.label);
  if (name === attachment.name && fitsToken(attachment.type)) return attachment;
  const { type: _type, ...rest } = attachment;
  return {
    ...rest,
    name,
    ...(fitsToken(attachment.type) && attachment.type !== undefined ? { type: attachment.type } : {}),
  };
}

/** `message` without `key` (exactOptionalPropertyTypes: absent, not undefined). */
function without(message: NtfyMessage, key: 'title' | 'click' | 'icon' | 'attachment' | 'contentType' | 'encoding') {
  const { [key]: _left, ...rest } = message;
  return rest as NtfyMessage;
}

/** One step per field, in CUT_FIELDS order: the message with that field within its bound (itself when it was). */
const FIELD_BOUNDS: Readonly<Record<CutField, (message: NtfyMessage) => NtfyMessage>> = {
  title: (m) =>
    m.title === undefined || m.title.length <= STORED_BOUNDS.title
      ? m
      : { ...m, title: cutText(m.title, STORED_BOUNDS.title) },
  message: (m) =>
    m.message.length <= STORED_BOUNDS.message ? m : { ...m, message: cutText(m.message, STORED_BOUNDS.message) },
  tags: (m) => {
    const tags = boundTags(m.tags);
    return tags === m.tags ? m : { ...m, tags };
  },
  click: (m) => (fitsUrl(m.click) ? m : without(m, 'click')),
  icon: (m) => (fitsUrl(m.icon) ? m : without(m, 'icon')),
  attachment: (m) => {
    if (m.attachment === undefined) return m;
    const attachment = boundAttachment(m.attachment);
    if (attachment === m.attachment) return m;
    return attachment === undefined ? without(m, 'attachment') : { ...m, attachment };
  },
  actions: (m) => {
    const actions = boundActions(m.actions);
    return actions === m.actions ? m : { ...m, actions };
  },
  content_type: (m) => (fitsToken(m.contentType) ? m : without(m, 'contentType')),
  encoding: (m) => (fitsToken(m.encoding) ? m : without(m, 'encoding')),
};

/** The JSON kept as the message received: the original while it is small, else nothing (`null`: rebuilt on read). */
export function storedRawJson(raw: Readonly<Record<string, unknown>>): string {
  const json = JSON.stringify(raw);
  return json.length <= STORED_BOUNDS.raw ? json : 'null';
}

/** A change event's JSON as received while small; else the fields that identify it. */
export function storedChangeRawJson(change: NtfyMessageChange): string {
  const json = JSON.stringify(change.raw);
  if (json.length <= STORED_BOUNDS.raw) return json;
  const { id, time, kind, topic, sequenceId } = change;
  return JSON.stringify({ id, time, event: kind, topic, sequence_id: sequenceId });
}

/** Every column's length but the body's (the message as received included): what the whole-row bound leaves the body. */
function lengthBesideBody(message: NtfyMessage): number {
  const { id, topic, sequenceId, title, click, icon, contentType, encoding } = message;
  const texts = [id, topic, sequenceId, title, click, icon, contentType, encoding];
  const json = [message.tags, message.actions, message.attachment ?? null].map((value) => JSON.stringify(value));
  return [...texts, ...json].reduce((sum, text) => sum + (text?.length ?? 0), storedRawJson(message.raw).length);
}

/**
 * The message as it may be stored: each field within its bound, the whole row within `whole` (the body cut further
 * when the rest leaves it less room), and `cut` naming what was cut or left out. A message within every bound comes
 * back as it is (the same object, without `cut`).
 */
export function boundForStorage(message: NtfyMessage): NtfyMessage {
  const cut: CutField[] = [];
  let bounded = message;
  for (const field of CUT_FIELDS) {
    const next = FIELD_BOUNDS[field](bounded);
    if (next !== bounded) cut.push(field);
    bounded = next;
  }
  const room = Math.max(1, STORED_BOUNDS.whole - lengthBesideBody(bounded));
  if (bounded.message.length > room) {
    bounded = { ...bounded, message: cutText(bounded.message, room) };
    if (!cut.includes('message')) cut.push('message');
  }
  return cut.length === 0 ? message : { ...bounded, cut: CUT_FIELDS.filter((field) => cut.includes(field)) };
}
