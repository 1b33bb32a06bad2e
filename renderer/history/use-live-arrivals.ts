import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import type { BridgeApi, MessageDto } from '../../common/ipc.ts';
import { heldCount, holdArrivals, isAtTop, placeArrivals, type HistoryFilter } from './live-arrival.ts';

export interface LiveArrivalsOptions {
  readonly api: BridgeApi;
  /** The list's filter: live messages outside it are not shown (the counts still change). */
  readonly filter: HistoryFilter;
  /** The list's scroll container: where the reader is decides whether new rows go in now. */
  readonly scrollRef: RefObject<HTMLDivElement | null>;
  /** Puts messages on top of the list (useMessages().prepend). */
  readonly prepend: (messages: readonly MessageDto[]) => void;
  readonly refreshUnreadCounts: () => void;
}

export interface LiveArrivals {
  /** Messages waiting behind the "N new" pill (distinct). */
  readonly pendingCount: number;
  /** Puts the waiting messages on top and scrolls there (the pill's button). */
  readonly showPending: () => void;
  /** For the list's scroll events: back at the top, the waiting messages go in. */
  readonly onScroll: () => void;
}

/** Live messages from the bridge into the list, without moving the list under someone reading further down. */
export function useLiveArrivals({
  api,
  filter,
  scrollRef,
  prepend,
  refreshUnreadCounts,
}: LiveArrivalsOptions): LiveArrivals {
  const [pending, setPending] = useState<readonly MessageDto[]>([]);
  // A ref, not state: the push listener reads it and must not be re-subscribed on every scroll.
  const atTop = useRef(true);

  useEffect(() => {
    setPending([]);
    return api.onMessagesReceived((received) => {
      refreshUnreadCounts();
      const placement = placeArrivals(received, { filter, readerAtTop: atTop.current });
      if (placement.kind === 'show') prepend(placement.messages);
      else if (placement.kind === 'hold') setPending((previous) => holdArrivals(previous, placement.messages));
    });
  }, [api, filter, prepend, refreshUnreadCounts]);

  const showPending = useCallback(() => {
    prepend(pending);
    setPending([]);
    scrollRef.current?.scrollTo({ top: 0 });
  }, [pending, prepend, scrollRef]);

  const onScroll = () => {
    atTop.current = isAtTop(scrollRef.current?.scrollTop ?? 0);
    if (atTop.current && pending.length > 0) showPending();
  };

  return { pendingCount: heldCount(pending), showPending, onScroll };
}
