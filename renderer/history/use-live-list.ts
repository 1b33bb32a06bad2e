import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import type { MessageListHandle } from './MessageList.tsx';
import { useLiveArrivals, type LiveArrivalsOptions } from './use-live-arrivals.ts';

interface LiveList {
  /** For MessageList's ref. */
  readonly listRef: RefObject<MessageListHandle | null>;
  /** Messages waiting behind the "N new" pill. */
  readonly pendingCount: number;
  /** The pill's button: the waiting messages go on top and focus goes to the newest (the pill goes with the click). */
  readonly showPending: () => void;
  /** After a send: the list goes to its top, where the sent message arrives. */
  readonly revealNewest: () => void;
  /** For the list's scroll events. */
  readonly onScroll: () => void;
}

/** The list as live messages arrive (useLiveArrivals), moved through its handle. */
export function useLiveList(options: Omit<LiveArrivalsOptions, 'scrollToTop'>): LiveList {
  const listRef = useRef<MessageListHandle>(null);
  const scrollToTop = useCallback(() => {
    listRef.current?.scrollToTop();
  }, []);
  const live = useLiveArrivals({ ...options, scrollToTop });
  const { showPending: showWaiting, showNewest } = live;
  const showPending = useCallback(() => {
    showWaiting();
    listRef.current?.focusNewest();
  }, [showWaiting]);

  // After a send the list goes to its top, where the message arrives (held ones go in first, as the pill would do):
  // once the closed form has left the layout, so that its going cannot move the list away from the top again.
  const [revealRequest, setRevealRequest] = useState(0);
  const revealed = useRef(0);
  useEffect(() => {
    if (revealRequest === revealed.current) return;
    revealed.current = revealRequest;
    showNewest();
  }, [revealRequest, showNewest]);
  const revealNewest = useCallback(() => {
    setRevealRequest((count) => count + 1);
  }, []);

  return { listRef, pendingCount: live.pendingCount, showPending, revealNewest, onScroll: live.onScroll };
}
