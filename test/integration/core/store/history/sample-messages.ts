/**
 * Realistic messages for store tests and bench/store.ts: the shapes servers send (titles, tags, priorities,
 * some actions, attachments and markdown), words drawn from a skewed vocabulary so that searches hit common
 * and rare words alike. Deterministic for a given seed.
 */
import type { NtfyAction, NtfyMessage, NtfyMessageChange, Priority } from '../../../../../main/core/protocol/types.ts';

/** mulberry32: small, fast, good enough to vary test data reproducibly. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** A 12-character id like the server's, unique per `n`. */
export function messageId(n: number, prefix = ''): string {
  let id = '';
  let rest = n;
  for (let i = 0; i < 12 - prefix.length; i++) {
    id = (ALPHABET[rest % ALPHABET.length] ?? 'A') + id;
    rest = Math.floor(rest / ALPHABET.length);
  }
  return prefix + id;
}

/** In about 40% of the words of a message: each is in a large share of all messages. */
export const COMMON_WORDS = [
  'backup',
  'finished',
  'server',
  'disk',
  'error',
  'started',
  'job',
  'deploy',
  'failed',
  'update',
];
const SYLLABLES = ['ka', 'lo', 'mi', 'ne', 'ru', 'ta', 'vo', 'ze', 'pi', 'su', 'de', 'go', 'ha', 'ji', 'bu', 'fe'];
/** 4,000 made-up words of two to four syllables: prefixes spread the way a real vocabulary's do. */
export const RARE_WORDS = Array.from({ length: 4000 }, (_, i) => {
  let word = '';
  for (let rest = i + SYLLABLES.length; rest > 0; rest = Math.floor(rest / SYLLABLES.length)) {
    word += SYLLABLES[rest % SYLLABLES.length] ?? '';
  }
  return word;
});
const TAGS = ['warning', 'white_check_mark', 'rotating_light', 'floppy_disk', 'skull', 'tada', 'cd', 'house'];

function pick<T>(random: () => number, items: readonly T[]): T {
  return items[Math.floor(random() * items.length)] as T;
}

/** Mostly common words, with a long tail of rare ones (a crude Zipf). */
function sentence(random: () => number, words: number): string {
  return Array.from({ length: words }, () =>
    random() < 0.4 ? pick(random, COMMON_WORDS) : pick(random, RARE_WORDS),
  ).join(' ');
}

export interface SampleOptions {
  readonly count: number;
  readonly topics?: readonly string[];
  /** Unix seconds of the first message; each next one is 0–2 s later. */
  readonly startTime?: number;
  readonly seed?: number;
  /** Offsets the ids, for several disjoint sets. */
  readonly firstId?: number;
}

export function sampleMessages(options: SampleOptions): NtfyMessage[] {
  const random = seededRandom(options.seed ?? 1);
  const topics = options.topics ?? ['alerts', 'backups', 'deploys', 'home'];
  let time = options.startTime ?? 1_700_000_000;
  return Array.from({ length: options.count }, (_, i) => {
    time += Math.floor(random() * 3);
    const id = messageId((options.firstId ?? 0) + i);
    const topic = pick(random, topics);
    const priority = pick(random, [3, 3, 3, 3, 2, 4, 4, 5, 1] as const satisfies readonly Priority[]);
    const title = random() < 0.7 ? `${pick(random, COMMON_WORDS)} ${sentence(random, 2)}` : undefined;
    const body = sentence(random, 6 + Math.floor(random() * 14));
    const tags = random() < 0.5 ? [pick(random, TAGS), ...(random() < 0.3 ? [pick(random, TAGS)] : [])] : [];
    const actions: NtfyAction[] =
      random() < 0.1 ? [{ id: `a${i}`, action: 'view', label: 'Open', clear: false, url: 'https://example.com/' }] : [];
    const raw: Record<string, unknown> = {
      id,
      time,
      expires: time + 43_200,
      event: 'message',
      topic,
      message: body,
      ...(title === undefined ? {} : { title }),
      ...(priority === 3 ? {} : { priority }),
      ...(tags.length > 0 ? { tags } : {}),
      ...(actions.length > 0 ? { actions } : {}),
    };
    const message: NtfyMessage = {
      id,
      time,
      expires: time + 43_200,
      topic,
      message: body,
      priority,
      tags,
      actions,
      raw,
      ...(title === undefined ? {} : { title }),
    };
    return message;
  });
}

/** One message with every optional field set, and an unknown field in `raw`, for round trips. */
export function messageWithEverything(): NtfyMessage {
  const actions: NtfyAction[] = [
    { id: 'x', action: 'view', label: 'Open', clear: true, url: 'https://example.com/' },
    {
      id: 'y',
      action: 'http',
      label: 'Post',
      clear: false,
      url: 'https://example.com/hook',
      method: 'PUT',
      headers: { 'X-A': 'b' },
      body: '{}',
    },
  ];
  const attachment = { name: 'a.png', url: 'https://example.com/a.png', type: 'image/png', size: 1234, expires: 1 };
  const common = {
    id: 'Everything01',
    time: 1_700_000_123,
    expires: 1_700_043_323,
    topic: 'everything',
    title: 'A title',
    message: '**bold** body',
    priority: 5,
    tags: ['warning', 'a b'],
    click: 'https://example.com/click',
    icon: 'https://example.com/icon.png',
    actions,
    attachment,
  } as const;
  return {
    ...common,
    sequenceId: 'seq-1',
    contentType: 'text/markdown',
    raw: {
      ...common,
      sequence_id: 'seq-1',
      event: 'message',
      content_type: 'text/markdown',
      unknown_field: [1, { nested: true }],
    },
  };
}

/** A plain message with just the given fields (and a matching raw object). */
export function simpleMessage(fields: {
  readonly id: string;
  readonly topic?: string;
  readonly time?: number;
  readonly message?: string;
  readonly title?: string;
  readonly sequenceId?: string;
  readonly priority?: Priority;
  readonly tags?: readonly string[];
  readonly encoding?: string;
}): NtfyMessage {
  const topic = fields.topic ?? 't';
  const time = fields.time ?? 1_700_000_000;
  const body = fields.message ?? `message ${fields.id}`;
  const message: NtfyMessage = {
    id: fields.id,
    time,
    topic,
    message: body,
    priority: fields.priority ?? 3,
    tags: fields.tags ?? [],
    actions: [],
    raw: { id: fields.id, time, event: 'message', topic, message: body },
    ...(fields.title === undefined ? {} : { title: fields.title }),
    ...(fields.sequenceId === undefined ? {} : { sequenceId: fields.sequenceId }),
    ...(fields.encoding === undefined ? {} : { encoding: fields.encoding }),
  };
  return message;
}

export function changeEvent(fields: {
  readonly kind: NtfyMessageChange['kind'];
  readonly id: string;
  readonly sequenceId: string;
  readonly topic?: string;
  readonly time?: number;
}): NtfyMessageChange {
  const topic = fields.topic ?? 't';
  const time = fields.time ?? 1_700_000_000;
  return {
    kind: fields.kind,
    id: fields.id,
    sequenceId: fields.sequenceId,
    time,
    topic,
    raw: { id: fields.id, sequence_id: fields.sequenceId, time, event: fields.kind, topic },
  };
}
