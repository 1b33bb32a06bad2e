import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, type KeyboardEvent, type RefObject } from 'react';
import type { MessageDto, TextSegmentDto } from '../../common/ipc.ts';
import { messageKey } from './format.ts';
import { MessageRow } from './MessageRow.tsx';

export interface ListEntry {
  readonly message: MessageDto;
  readonly titleSegments?: readonly TextSegmentDto[];
  readonly messageSegments?: readonly TextSegmentDto[];
}

export interface MessageListProps {
  readonly entries: readonly ListEntry[];
  readonly hasMore: boolean;
  readonly nowMs: number;
  readonly label: string;
  readonly scrollRef: RefObject<HTMLDivElement | null>;
  readonly onNearEnd: () => void;
  readonly onScroll: () => void;
  readonly onActivate: (message: MessageDto) => void;
  /** The message open in the detail pane, marked as the current row. */
  readonly currentKey?: string | undefined;
}

const estimatedRowHeight = 96; // px, a row with a title and one line of body; rows are measured once shown
const loadAheadRows = 20;

/** Only the rows in view (plus a few) are in the DOM, so long histories stay smooth. */
export function MessageList({
  entries,
  hasMore,
  nowMs,
  label,
  scrollRef,
  onNearEnd,
  onScroll,
  onActivate,
  currentKey,
}: MessageListProps) {
  const virtualizer = useVirtualizer({
    count: entries.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => estimatedRowHeight,
    getItemKey: (index) => {
      const entry = entries[index];
      return entry === undefined ? index : messageKey(entry.message);
    },
    overscan: 6,
  });
  const items = virtualizer.getVirtualItems();
  const lastIndex = items.at(-1)?.index ?? -1;

  useEffect(() => {
    if (hasMore && lastIndex >= entries.length - loadAheadRows) onNearEnd();
  }, [hasMore, lastIndex, entries.length, onNearEnd]);

  // Arrow keys move between rows; the target row is scrolled into the DOM first, then focused.
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
    const current = (event.target as HTMLElement).closest<HTMLElement>('[data-index]');
    if (current === null) return;
    const target = Number(current.dataset['index']) + (event.key === 'ArrowDown' ? 1 : -1);
    if (target < 0 || target >= entries.length) return;
    event.preventDefault();
    virtualizer.scrollToIndex(target);
    requestAnimationFrame(() => {
      scrollRef.current?.querySelector<HTMLElement>(`[data-index="${target}"]`)?.focus();
    });
  };

  return (
    <div ref={scrollRef} className="message-scroller" onScroll={onScroll} onKeyDown={onKeyDown}>
      <div role="list" aria-label={label} className="message-list" style={{ height: virtualizer.getTotalSize() }}>
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
            />
          );
        })}
      </div>
    </div>
  );
}
