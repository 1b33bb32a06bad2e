/**
 * The argument check of `publishMessage` (for dispatch.ts's table): a PublishInputDto of exactly its shape, with
 * bounds a send form never reaches, or InvalidArgument naming the field. What ntfy itself validates (delay range,
 * URLs, message size) is left to the server, which says it in its own words.
 */
import {
  UPLOAD_PART_BYTES,
  type PublishActionDto,
  type PublishInputDto,
  type UploadStartDto,
} from '../../../common/ipc.ts';
import { ACTION_KINDS, isActionKind } from '../../../common/action-kinds.ts';
import { t } from '../../../common/i18n/translate.ts';
import { integer, InvalidArgument, isPlainObject, text } from './guards.ts';

/** ntfy allows 3 actions per message; the form's editor offers no more. */
const MAX_ACTIONS = 3;
/** Headers of an http action or extras of a broadcast: a bound no real action comes near. */
const MAX_MAP_ENTRIES = 20;

/** Plain data with only `keys`, or with any keys when `keys` is left out (a map of names to texts). */
function plainRecord(value: unknown, field: string, keys?: readonly string[]): Readonly<Record<string, unknown>> {
  if (!isPlainObject(value)) throw new InvalidArgument(field, t('rules.settings.object'));
  const record = value as Readonly<Record<string, unknown>>;
  const extra = keys === undefined ? undefined : Object.keys(record).find((key) => !keys.includes(key));
  if (extra !== undefined) throw new InvalidArgument(`${field}.${extra}`, t('core.bridge.not-expected'));
  return record;
}

function optionalText(value: unknown, field: string, max: number): string | undefined {
  return value === undefined ? undefined : text(value, field, { max, allowEmpty: true });
}

function optionalBoolean(value: unknown, field: string): boolean | undefined {
  if (value !== undefined && typeof value !== 'boolean') throw new InvalidArgument(field, t('rules.settings.boolean'));
  return value;
}

function textMap(value: unknown, field: string): Record<string, string> | undefined {
  if (value === undefined) return undefined;
  const entries = Object.entries(plainRecord(value, field));
  if (entries.length > MAX_MAP_ENTRIES) {
    throw new InvalidArgument(field, t('core.bridge.too-many-entries', { max: MAX_MAP_ENTRIES }));
  }
  return Object.fromEntries(entries.map(([key, item]) => [key, text(item, `${field}.${key}`, { allowEmpty: true })]));
}

/** Drops undefined fields, as exactOptionalPropertyTypes wants. */
function defined(value: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(value).filter(([, item]) => item !== undefined));
}

function action(value: unknown, field: string): PublishActionDto {
  const keys = ['action', 'label', 'url', 'clear', 'method', 'headers', 'body', 'intent', 'extras', 'value'];
  const r = plainRecord(value, field, keys);
  const kind = r['action'];
  if (!isActionKind(kind)) {
    throw new InvalidArgument(`${field}.action`, t('rules.settings.one-of', { options: ACTION_KINDS.join(', ') }));
  }
  return defined({
    action: kind,
    label: text(r['label'], `${field}.label`, { max: 256 }),
    url: optionalText(r['url'], `${field}.url`, 8192),
    clear: optionalBoolean(r['clear'], `${field}.clear`),
    method: optionalText(r['method'], `${field}.method`, 16),
    headers: textMap(r['headers'], `${field}.headers`),
    body: optionalText(r['body'], `${field}.body`, 4096),
    intent: optionalText(r['intent'], `${field}.intent`, 256),
    extras: textMap(r['extras'], `${field}.extras`),
    value: optionalText(r['value'], `${field}.value`, 4096),
  }) as unknown as PublishActionDto;
}

function list<T>(value: unknown, field: string, max: number, read: (item: unknown, at: string) => T): T[] | undefined {
  if (value === undefined) return undefined;
  if (!Array.isArray(value) || value.length > max) {
    throw new InvalidArgument(field, t('core.bridge.list-too-long', { max }));
  }
  // Array.from visits holes (as undefined), where map would skip them.
  return Array.from(value as readonly unknown[], (item, index) => read(item, `${field}[${index}]`));
}

export function publishInput(value: unknown): PublishInputDto {
  const keys = ['server', 'topic', 'message', 'title', 'priority', 'tags', 'click', 'icon', 'attach', 'filename'];
  const r = plainRecord(value, 'input', [...keys, 'delay', 'markdown', 'noCache', 'actions']);
  const priority = r['priority'];
  if (
    priority !== undefined &&
    !(Number.isInteger(priority) && (priority as number) >= 1 && (priority as number) <= 5)
  ) {
    throw new InvalidArgument('input.priority', t('rules.settings.whole-number', { min: '1', max: '5' }));
  }
  return defined({
    server: text(r['server'], 'input.server', { max: 2048 }),
    topic: text(r['topic'], 'input.topic', { max: 64 }),
    // Twice ntfy's 4096-byte limit in characters: the server says when it is too long.
    message: optionalText(r['message'], 'input.message', 8192),
    title: optionalText(r['title'], 'input.title', 1024),
    priority,
    tags: list(r['tags'], 'input.tags', 50, (item, at) => text(item, at, { max: 256 })),
    click: optionalText(r['click'], 'input.click', 8192),
    icon: optionalText(r['icon'], 'input.icon', 8192),
    attach: optionalText(r['attach'], 'input.attach', 8192),
    filename: optionalText(r['filename'], 'input.filename', 256),
    delay: optionalText(r['delay'], 'input.delay', 256),
    markdown: optionalBoolean(r['markdown'], 'input.markdown'),
    noCache: optionalBoolean(r['noCache'], 'input.noCache'),
    actions: list(r['actions'], 'input.actions', MAX_ACTIONS, action),
  }) as unknown as PublishInputDto;
}

/**
 * `startUpload`'s input: a publish without `attach` (the file is the attachment), with the file's `filename` and its
 * `size` in bytes. How large a file the server takes is the server's to say (and the core asks it first).
 */
export function uploadStartInput(value: unknown): UploadStartDto {
  const { size, filename, ...rest } = plainRecord(value, 'input');
  if (rest['attach'] !== undefined) throw new InvalidArgument('input.attach', t('core.bridge.not-expected'));
  return {
    ...publishInput(rest),
    filename: text(filename, 'input.filename', { max: 256 }),
    size: integer(size, 'input.size', 0, Number.MAX_SAFE_INTEGER),
  };
}

/** The longest base64 text of one part: UPLOAD_PART_BYTES encoded. */
const MAX_PART_CHARS = Math.ceil(UPLOAD_PART_BYTES / 3) * 4;

/** One part of an upload as base64 (`uploadChunk`), decoded; refused when it is not base64 or over the part size. */
export function uploadPart(value: unknown): string {
  const part = text(value, 'part', { max: MAX_PART_CHARS });
  if (part.length % 4 !== 0 || !/^[A-Za-z0-9+/]*={0,2}$/.test(part)) {
    throw new InvalidArgument('part', t('core.bridge.not-base64'));
  }
  return part;
}
