/**
 * Where live messages go in the history list (pure: no DOM, unit-tested under Node). A reader at the top sees new
 * rows straight away; a reader further down keeps their place and is offered an "N new" pill instead.
 */
import type { MessageDto, MessageQuery } from '../../common/ipc.ts';
import { messageKey } from './format.ts';

/** The part of the list's query that live messages are checked against (search and paging do not apply). */
export type HistoryFilter = Pick<MessageQuery, 'subscription' | 'unreadOnly' | 'minPriority'>;

/** Within this many pixels of the top the reader sees the newest rows, so live messages may go straight in. */
const atTopThresholdPx = 8;

export function isAtTop(scrollTopPx: number): boolean {
  return scrollTopPx < atTopThresholdPx;
}

export function matchesFilter(filter: HistoryFilter, message: MessageDto): boolean {
  if (filter.unreadOnly === true && message.read) return false;
  if (filter.minPriority !== undefined && message.priority < filter.minPriority) return false;
  const subscription = filter.subscription;
  return subscription === undefined || (subscription.server === message.server && subscription.topic === message.topic);
}

/**
 * The list's order (the store's: time, then arrival, newest first) for a batch that comes in arrival order. The
 * core hands over everything stored in one transaction as one batch, and messages of the same second are common.
 */
export function newestFirst(messages: readonly MessageDto[]): MessageDto[] {
  return [...messages].reverse().sort((a, b) => b.time - a.time);
}

/** What one batch of live messages does to the list: nothing, rows on top now, or rows held behind the pill. */
type ArrivalPlacement =
  | { readonly kind: 'ignore' }
  | { readonly kind: 'show'; readonly messages: readonly MessageDto[] }
  | { readonly kind: 'hold'; readonly messages: readonly MessageDto[] };

interface PlaceArrivalsOptions {
  readonly filter: HistoryFilter;
  /** The reader is at the top of the list (isAtTop of its scroll offset). */
  readonly readerAtTop: boolean;
}

export function placeArrivals(
  received: readonly MessageDto[],
  { filter, readerAtTop }: PlaceArrivalsOptions,
): ArrivalPlacement {
  const relevant = newestFirst(received.filter((message) => matchesFilter(filter, message)));
  if (relevant.length === 0) return { kind: 'ignore' };
  return { kind: readerAtTop ? 'show' : 'hold', messages: relevant };
}

/** Held messages, newest first: a later batch goes on top of the earlier ones. */
export function holdArrivals(held: readonly MessageDto[], incoming: readonly MessageDto[]): readonly MessageDto[] {
  return [...incoming, ...held];
}

/** The number the pill shows: distinct messages, as the list shows a message pushed twice once (prepend). */
export function heldCount(held: readonly MessageDto[]): number {
  return new Set(held.map(messageKey)).size;
}
