import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import type { BridgeApi, MessageDto } from '../../common/ipc.ts';
import { heldCount, holdArrivals, isAtTop, placeArrivals, type HistoryFilter } from './live-arrival.ts';

export interface LiveArrivalsOptions {
  readonly api: BridgeApi;
  /** The list's filter: live messages outside it are not shown (the counts still change). */
  readonly filter: HistoryFilter;
  /** The list's scroll container: where the reader is decides whether new rows go in now. */
  readonly scrollRef: RefObject<HTMLDivElement | null>;
  /**
   * Scrolls the list to its top through its virtualizer (MessageListHandle.scrollToTop), never by writing the
   * element's scrollTop: the virtualizer would learn of such a jump only with the next scroll event, and a row
   * measured before it came was corrected against the old offset, which scrolled the list back down (seen under
   * load after a send from far down the list).
   */
  readonly scrollToTop: () => void;
  /** Puts messages on top of the list (useMessages().prepend). */
  readonly prepend: (messages: readonly MessageDto[]) => void;
  readonly refreshUnreadCounts: () => void;
}

interface LiveArrivals {
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
  scrollToTop,
  prepend,
  refreshUnreadCounts,
}: LiveArrivalsOptions): LiveArrivals {
  /**
   * The held messages, changed only here and read only from here: a copy taken at render time was stale when a
   * message arrived between a render and its effects (showNewest after a send ran from such an effect, prepended the
   * old copy and then emptied the held list, so the message was lost: neither shown nor behind the pill). The state
   * is only the pill's count.
   */
  const pendingRef = useRef<readonly MessageDto[]>([]);
  const [pendingCount, setPendingCount] = useState(0);
  const setHeld = useCallback((held: readonly MessageDto[]) => {
    pendingRef.current = held;
    setPendingCount(heldCount(held));
  }, []);
  /** The reader asked for the newest (showNewest) and has not scrolled away since. */
  const following = useRef(false);

  useEffect(() => {
    setHeld([]);
    following.current = false;
    return api.onMessagesReceived((received) => {
      refreshUnreadCounts();
      // Where the reader is now, read from the element: a scroll event comes only with the next frame, so a
      // message arriving right after a jump down would otherwise be placed by the old position (seen under load).
      const readerAtTop = following.current || isAtTop(scrollRef.current?.scrollTop ?? 0);
      const placement = placeArrivals(received, { filter, readerAtTop });
      if (placement.kind === 'show') {
        prepend(placement.messages);
        if (following.current) scrollToTop();
      } else if (placement.kind === 'hold') setHeld(holdArrivals(pendingRef.current, placement.messages));
    });
  }, [api, filter, scrollRef, scrollToTop, prepend, refreshUnreadCounts, setHeld]);

  const showPending = useCallback(() => {
    const held = pendingRef.current;
    setHeld([]);
    prepend(held);
    scrollToTop();
  }, [prepend, scrollToTop, setHeld]);

  const showNewest = useCallback(() => {
    following.current = true;
    showPending();
  }, [showPending]);

  const onScroll = () => {
    const atTop = isAtTop(scrollRef.current?.scrollTop ?? 0);
    if (!atTop) following.current = false;
    if (atTop && pendingRef.current.length > 0) showPending();
  };

  return { pendingCount, showPending, showNewest, onScroll };
}
