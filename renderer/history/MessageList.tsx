import { defaultRangeExtractor, useVirtualizer, type Range } from '@tanstack/react-virtual';
import {
  useCallback,
  useEffect,
  useImperativeHandle,
  useMemo,
  type KeyboardEvent,
  type Ref,
  type RefObject,
} from 'react';
import type { MessageDto } from '../../common/ipc.ts';
import type { ListEntry } from './list-entries.ts';
import { messageKey } from './format.ts';
import { MessageRow } from './MessageRow.tsx';
import { isRovingKey, nextRowIndex, rowsPerPage } from './roving-focus.ts';
import { useEndOfAll } from './use-end-of-all.ts';
import { useRovingRows } from './use-roving-rows.ts';

/** What the view may ask of the list from outside it. */
export interface MessageListHandle {
  /** Focuses the newest row once it is rendered (after the "N new" pill put the waiting messages on top). */
  readonly focusNewest: () => void;
  /**
   * Scrolls to the top through the virtualizer, so that it knows the new offset at once (use-live-arrivals.ts
   * says why a write to the element's scrollTop is not enough).
   */
  readonly scrollToTop: () => void;
}

interface MessageListProps {
  readonly entries: readonly ListEntry[];
  readonly hasMore: boolean;
  readonly nowMs: number;
  readonly label: string;
  readonly scrollRef: RefObject<HTMLDivElement | null>;
  readonly onNearEnd: () => void;
  /** End was pressed while more pages may follow: load them all, so that End reaches the very last message. */
  readonly onLoadAll: () => void;
  readonly onScroll: () => void;
  readonly onActivate: (message: MessageDto) => void;
  /** The message open in the detail pane, the selected row; when it closes, focus returns to its row. */
  readonly currentKey?: string | undefined;
  /** Rows name their subscription (All subscriptions); inside one topic its header says it once. */
  readonly showTopic: boolean;
  readonly ref?: Ref<MessageListHandle>;
}

const estimatedRowHeight = 96; // px, a row with a title and one line of body; rows are measured once shown
const loadAheadRows = 20;

/**
 * Only the rows in view (plus a few, plus the focusable one) are in the DOM, so long histories stay smooth.
 * The list is one Tab stop; arrows, Home/End and PageUp/PageDown move between rows, Enter opens one.
 */
export function MessageList({
  entries,
  hasMore,
  nowMs,
  label,
  scrollRef,
  onNearEnd,
  onLoadAll,
  onScroll,
  onActivate,
  currentKey,
  showTopic,
  ref,
}: MessageListProps) {
  const keys = useMemo(() => entries.map((entry) => messageKey(entry.message)), [entries]);
  const { activeIndex, keepRendered, focusRow, onFocus, onBlur } = useRovingRows({
    keys,
    listRef: scrollRef,
    currentKey,
  });
  // The Tab stop row stays rendered wherever the list is scrolled, so focus never falls to <body> when its row
  // leaves the view (https://tanstack.com/virtual/latest/docs/api/virtualizer#rangeextractor).
  const rangeExtractor = useCallback(
    (range: Range) => {
      const indexes = defaultRangeExtractor(range);
      if (keepRendered < 0 || indexes.includes(keepRendered)) return indexes;
      return [...indexes, keepRendered].sort((a, b) => a - b);
    },
    [keepRendered],
  );
  const virtualizer = useVirtualizer({
    count: entries.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => estimatedRowHeight,
    getItemKey: (index) => keys[index] ?? index,
    overscan: 6,
    rangeExtractor,
  });
  const items = virtualizer.getVirtualItems();
  const lastIndex = items.at(-1)?.index ?? -1;

  useEffect(() => {
    if (hasMore && lastIndex >= entries.length - loadAheadRows) onNearEnd();
  }, [hasMore, lastIndex, entries.length, onNearEnd]);

  useImperativeHandle(
    ref,
    () => ({
      focusNewest: () => {
        virtualizer.scrollToIndex(0);
        focusRow(0);
      },
      scrollToTop: () => {
        virtualizer.scrollToOffset(0);
      },
    }),
    [focusRow, virtualizer],
  );

  const moveTo = useCallback(
    (index: number) => {
      virtualizer.scrollToIndex(index);
      focusRow(index);
    },
    [virtualizer, focusRow],
  );
  const endPending = useEndOfAll({ hasMore, count: entries.length, scrollRef, moveTo, onLoadAll });

  // The target row is scrolled into view first (it may not be rendered yet), then focused once it is.
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (!isRovingKey(event.key)) return;
    endPending(event.key === 'End');
    const current = (event.target as HTMLElement).closest<HTMLElement>('[data-index]');
    if (current === null) return;
    event.preventDefault();
    const viewHeight = scrollRef.current?.clientHeight ?? 0;
    const target = nextRowIndex(event.key, {
      current: Number(current.dataset['index']),
      count: entries.length,
      pageSize: rowsPerPage(
        viewHeight,
        items.map((item) => item.size),
      ),
    });
    if (target >= 0) moveTo(target);
  };

  return (
    <div
      ref={scrollRef}
      className="message-scroller"
      onScroll={onScroll}
      onKeyDown={onKeyDown}
      onFocus={onFocus}
      onBlur={onBlur}
    >
      <div role="listbox" aria-label={label} className="message-list" style={{ height: virtualizer.getTotalSize() }}>
        {items.map((item) => {
          const entry = entries[item.index];
          if (entry === undefined) return null;
          return (
            <MessageRow
              key={item.key}
              ref={virtualizer.measureElement}
              message={entry.message}
              titleSegments={entry.titleSegments}
              messageSegments={entry.messageSegments}
              nowMs={nowMs}
              index={item.index}
              setSize={hasMore ? -1 : entries.length}
              start={item.start}
              onActivate={onActivate}
              current={currentKey === messageKey(entry.message)}
              tabStop={item.index === activeIndex}
              showTopic={showTopic}
            />
          );
        })}
      </div>
    </div>
  );
}
