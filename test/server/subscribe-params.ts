/**
 * Subscribe parameters (docs/protocol.md#parameters): poll, since, scheduled and the filters, with ntfy's names,
 * defaults and errors. Parsing happens before any byte of the stream is written, so an invalid value is a plain 400.
 */
import { parseGoDuration } from './durations.ts';
import { NtfyHttpError, ntfyErrors } from './errors.ts';
import { parsePriority, readBoolParam, readParam, splitNoEmpty, type ParamSource } from './params.ts';
import type { NtfyMessage } from './types.ts';

export type Since =
  | { readonly kind: 'all' }
  | { readonly kind: 'none' }
  | { readonly kind: 'latest' }
  | { readonly kind: 'id'; readonly id: string }
  /** Inclusive: messages with `time >= unix`. */
  | { readonly kind: 'time'; readonly unix: number };

export interface MessageFilters {
  readonly id: string;
  readonly message: string;
  readonly title: string;
  readonly priorities: readonly number[];
  readonly tags: readonly string[];
}

export interface SubscribeParams {
  readonly poll: boolean;
  readonly scheduled: boolean;
  readonly since: Since;
  /** The since value as sent, `none`/`all` when absent. */
  readonly sinceRaw: string;
  readonly filters: MessageFilters;
}

/** Message ids are 12 characters of [A-Za-z0-9]; a 12-digit number is therefore an id, not a timestamp. */
export function isMessageId(value: string): boolean {
  return /^[A-Za-z0-9]{12}$/.test(value);
}

/**
 * A point in time as ntfy's since marker. Quirk of the real server: its "no messages" marker IS the time Unix(1)
 * (and "all" is Unix(0)), and the handler compares the parsed marker with it, so `since=1` (or a duration that
 * lands on second 1) replays nothing, exactly like `since=none`.
 */
function sinceTime(unix: number): Since {
  if (unix === 1) return { kind: 'none' };
  return unix === 0 ? { kind: 'all' } : { kind: 'time', unix };
}

/** ntfy's parseSince: keywords, then id, then integer Unix seconds, then a Go duration before now. */
export function parseSince(value: string, poll: boolean, nowMs: number): Since {
  if (value === '') return poll ? { kind: 'all' } : { kind: 'none' };
  if (value === 'all') return { kind: 'all' };
  if (value === 'latest') return { kind: 'latest' };
  if (value === 'none') return { kind: 'none' };
  if (isMessageId(value)) return { kind: 'id', id: value };
  // strconv.ParseInt: optional sign, decimal digits, within int64.
  if (/^[+-]?\d{1,19}$/.test(value) && Number.isSafeInteger(Number(value))) return sinceTime(Number(value));
  const durationMs = parseGoDuration(value);
  // time.Now().Add(-d).Unix(): whole seconds, rounded down.
  if (durationMs !== undefined) return sinceTime(Math.floor((nowMs - durationMs) / 1000));
  throw new NtfyHttpError(ntfyErrors.sinceInvalid);
}

export function parseFilters(source: ParamSource): MessageFilters {
  const priorities = splitNoEmpty(readParam(source, 'x-priority', 'priority', 'prio', 'p')).map((value) => {
    const priority = parsePriority(value);
    if (priority === undefined) throw new NtfyHttpError(ntfyErrors.priorityInvalid);
    return priority;
  });
  return {
    id: readParam(source, 'x-id', 'id'),
    message: readParam(source, 'x-message', 'message', 'm'),
    title: readParam(source, 'x-title', 'title', 't'),
    priorities,
    tags: splitNoEmpty(readParam(source, 'x-tags', 'tags', 'tag', 'ta')),
  };
}

export function parseSubscribeParams(source: ParamSource, nowMs: number): SubscribeParams {
  const poll = readBoolParam(source, false, 'x-poll', 'poll', 'po');
  const scheduled = readBoolParam(source, false, 'x-scheduled', 'scheduled', 'sched');
  const sinceRaw = readParam(source, 'x-since', 'since', 'si');
  const since = parseSince(sinceRaw, poll, nowMs);
  const filters = parseFilters(source);
  return { poll, scheduled, since, sinceRaw: sinceRaw === '' ? since.kind : sinceRaw, filters };
}

/** Filters apply to `message` events only; an unset priority counts as 3; tags are an exact AND list. */
export function passesFilters(filters: MessageFilters, message: NtfyMessage): boolean {
  if (message.event !== 'message') return true;
  if (filters.id !== '' && message.id !== filters.id) return false;
  if (filters.message !== '' && message.message !== filters.message) return false;
  if (filters.title !== '' && message.title !== filters.title) return false;
  const priority = message.priority === undefined || message.priority === 0 ? 3 : message.priority;
  if (filters.priorities.length > 0 && !filters.priorities.includes(priority)) return false;
  const tags = message.tags ?? [];
  return filters.tags.every((tag) => tags.includes(tag));
}
