import { useCallback, useEffect, useState, type RefObject } from 'react';
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

  useEffect(() => {
    setPending([]);
    return api.onMessagesReceived((received) => {
      refreshUnreadCounts();
      // Where the reader is now, read from the element: a scroll event comes only with the next frame, so a
      // message arriving right after a jump down would otherwise be placed by the old position (seen under load).
      const placement = placeArrivals(received, { filter, readerAtTop: isAtTop(scrollRef.current?.scrollTop ?? 0) });
      if (placement.kind === 'show') prepend(placement.messages);
      else if (placement.kind === 'hold') setPending((previous) => holdArrivals(previous, placement.messages));
    });
  }, [api, filter, scrollRef, prepend, refreshUnreadCounts]);

  const showPending = useCallback(() => {
    prepend(pending);
    setPending([]);
    scrollRef.current?.scrollTo({ top: 0 });
  }, [pending, prepend, scrollRef]);

  const onScroll = () => {
    if (isAtTop(scrollRef.current?.scrollTop ?? 0) && pending.length > 0) showPending();
  };

  return { pendingCount: heldCount(pending), showPending, onScroll };
}
