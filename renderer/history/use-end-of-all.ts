import { useCallback, useEffect, useState, type RefObject } from 'react';

interface EndOfAllOptions {
  /** More pages may follow the loaded rows. */
  readonly hasMore: boolean;
  /** Rows loaded. */
  readonly count: number;
  /** The list's scroll container: focus is moved only while it is still in there. */
  readonly scrollRef: RefObject<HTMLElement | null>;
  /** Scrolls to row `index` and focuses it. */
  readonly moveTo: (index: number) => void;
  /** Asks for every page left (useMessages().loadAll). */
  readonly onLoadAll: () => void;
}

/**
 * End goes to the last message, not the last one loaded (a page of 100 of a longer history, issue 33 §8): while
 * pages follow, End moves to the last loaded row and asks for the rest, and once none is left focus moves on to the
 * very last row, unless the reader pressed another key or left the list meanwhile. Returns what the list's keydown
 * calls for each of its keys (`true` for End).
 */
export function useEndOfAll({ hasMore, count, scrollRef, moveTo, onLoadAll }: EndOfAllOptions): (end: boolean) => void {
  const [pending, setPending] = useState(false);
  useEffect(() => {
    if (!pending || hasMore) return;
    setPending(false);
    if (scrollRef.current?.contains(document.activeElement) === true && count > 0) moveTo(count - 1);
  }, [pending, hasMore, count, scrollRef, moveTo]);
  return useCallback(
    (end: boolean) => {
      setPending(end && hasMore);
      if (end && hasMore) onLoadAll();
    },
    [hasMore, onLoadAll],
  );
}
