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
  /**
   * showPending, and what arrives next goes in on top too until the reader scrolls away: after sending, the message
   * may come back from the server before or after the send's answer (either order happens under load).
   */
  readonly showNewest: () => void;
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
  // The latest held messages for callbacks made in an earlier render (a send's answer calls the onSent it had).
  const pendingRef = useRef(pending);
  pendingRef.current = pending;
  /** The reader asked for the newest (showNewest) and has not scrolled away since. */
  const following = useRef(false);

  useEffect(() => {
    setPending([]);
    following.current = false;
    return api.onMessagesReceived((received) => {
      refreshUnreadCounts();
      // Where the reader is now, read from the element: a scroll event comes only with the next frame, so a
      // message arriving right after a jump down would otherwise be placed by the old position (seen under load).
      const readerAtTop = following.current || isAtTop(scrollRef.current?.scrollTop ?? 0);
      const placement = placeArrivals(received, { filter, readerAtTop });
      if (placement.kind === 'show') {
        prepend(placement.messages);
        if (following.current) scrollRef.current?.scrollTo({ top: 0 });
      } else if (placement.kind === 'hold') setPending((previous) => holdArrivals(previous, placement.messages));
    });
  }, [api, filter, scrollRef, prepend, refreshUnreadCounts]);

  const showPending = useCallback(() => {
    prepend(pendingRef.current);
    pendingRef.current = [];
    setPending([]);
    scrollRef.current?.scrollTo({ top: 0 });
  }, [prepend, scrollRef]);

  const showNewest = useCallback(() => {
    following.current = true;
    showPending();
  }, [showPending]);

  const onScroll = () => {
    const atTop = isAtTop(scrollRef.current?.scrollTop ?? 0);
    if (!atTop) following.current = false;
    if (atTop && pendingRef.current.length > 0) showPending();
  };

  return { pendingCount: heldCount(pending), showPending, showNewest, onScroll };
}
