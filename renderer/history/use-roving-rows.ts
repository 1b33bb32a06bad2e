import { useCallback, useLayoutEffect, useRef, useState, type FocusEvent, type RefObject } from 'react';
import { indexAfterRemoval } from './roving-focus.ts';

interface RovingRowsOptions {
  /** The rows' message keys (messageKey), in list order; the row elements carry them as data-key. */
  readonly keys: readonly string[];
  /** The element holding the rows (each with data-index and data-key). */
  readonly listRef: RefObject<HTMLElement | null>;
  /** The message open in the detail pane: when it closes, focus comes back to its row. */
  readonly currentKey: string | undefined;
}

interface RovingRows {
  /** The row that is the Tab stop when rendered (MessageRow's tabStop); -1 when there are no rows. */
  readonly activeIndex: number;
  /**
   * The row to keep rendered wherever the list scrolls (add it to the virtualizer's range), so focus never falls
   * to <body> with it; -1 while focus is elsewhere and no detail is open (the first row in view is the Tab stop).
   */
  readonly keepRendered: number;
  /** Makes row `index` (of the next render) the Tab stop and focuses it once it is rendered. */
  readonly focusRow: (index: number) => void;
  /** For the list container: a row focused by click or by the browser becomes the Tab stop. */
  readonly onFocus: (event: FocusEvent<HTMLElement>) => void;
  readonly onBlur: (event: FocusEvent<HTMLElement>) => void;
}

interface Active {
  /** The row's message; undefined until a row was focused (the first row is the Tab stop then). */
  readonly key: string | undefined;
  /** Where it was, so a removed row's place can be found. */
  readonly index: number;
}

/** The first rendered row whose top is in the scroller's view (rows are placed by transform, so by their rects). */
function firstInView(scroller: HTMLElement, rows: Iterable<HTMLElement>): HTMLElement | undefined {
  const top = scroller.getBoundingClientRect().top;
  let first: HTMLElement | undefined;
  for (const row of rows) {
    if (first === undefined) first = row;
    if (row.getBoundingClientRect().top >= top - 1) return row;
  }
  return first;
}

function focusIsLost(): boolean {
  // Chrome answers <body> once the focused element is removed from the DOM.
  return document.activeElement === null || document.activeElement === document.body;
}

/**
 * Roving tabindex over the rendered rows: one row has tabIndex 0, the rest -1, so the list is one Tab stop. The
 * rows render it from `activeIndex`; only while that row is not rendered (scrolled away before any row was focused,
 * or after focus left the list) does the first row in view stand in, set on the DOM since only layout knows it.
 * Focus never stays on a removed row: when the focused row (or the open detail) goes away and focus fell to
 * <body>, it moves to the row that took its place, or the previous one at the end.
 */
export function useRovingRows({ keys, listRef, currentKey }: RovingRowsOptions): RovingRows {
  const [active, setActive] = useState<Active>({ key: undefined, index: 0 });
  const [holdsFocus, setHoldsFocus] = useState(false);
  const pendingFocus = useRef(false);
  const previousCurrentKey = useRef(currentKey);
  /** The row given tabIndex 0 on the DOM in place of the unrendered active row; its own prop says -1. */
  const standIn = useRef<HTMLElement | null>(null);
  /** The pending focus goes to a row that was out of view: let the browser scroll it in. */
  const scrollOnFocus = useRef(false);

  const foundIndex = active.key === undefined ? -1 : keys.indexOf(active.key);
  const removed = active.key !== undefined && foundIndex < 0;
  const activeIndex = foundIndex >= 0 ? foundIndex : indexAfterRemoval(active.index, keys.length);

  // The key is filled in by onFocus once the row has focus: `index` may name a row of the next render (the newest
  // row after the "N new" pill puts the waiting messages on top).
  const focusRow = useCallback((index: number) => {
    pendingFocus.current = true;
    setActive({ key: undefined, index });
  }, []);

  const onFocus = useCallback((event: FocusEvent<HTMLElement>) => {
    const row = event.target.closest<HTMLElement>('[data-index]');
    if (row === null) return;
    const index = Number(row.dataset['index']);
    const key = row.dataset['key'];
    setHoldsFocus(true);
    setActive((previous) => (previous.key === key && previous.index === index ? previous : { key, index }));
  }, []);

  const onBlur = useCallback((event: FocusEvent<HTMLElement>) => {
    if (!(event.relatedTarget instanceof Node && event.currentTarget.contains(event.relatedTarget))) {
      setHoldsFocus(false);
    }
  }, []);

  // After every commit: a stand-in Tab stop when the active row is not rendered, and focus where it should be.
  useLayoutEffect(() => {
    const list = listRef.current;
    if (list === null) return;
    const rows = list.querySelectorAll<HTMLElement>('[data-index]');
    const active = [...rows].find((row) => Number(row.dataset['index']) === activeIndex);
    const target = active ?? firstInView(list, rows);
    // React leaves an unchanged prop alone, so the stand-in keeps the DOM value until it is put back here.
    if (standIn.current !== null && standIn.current !== target) standIn.current.tabIndex = -1;
    standIn.current = active === undefined && target !== undefined ? target : null;
    if (standIn.current !== null) standIn.current.tabIndex = 0;
    const detailClosed = previousCurrentKey.current !== undefined && currentKey === undefined;
    previousCurrentKey.current = currentKey;
    const focusLost = (removed || detailClosed) && focusIsLost();
    if (focusLost && active === undefined && activeIndex >= 0) {
      // The row that takes focus is not rendered (the list is scrolled elsewhere, e.g. a virtualizer scroll to it
      // had not landed yet): keep it rendered and focus it on the next commit, not whichever row is in view.
      pendingFocus.current = true;
      scrollOnFocus.current = true;
      if (!removed) setActive((previous) => ({ ...previous }));
    } else if (pendingFocus.current || focusLost) {
      pendingFocus.current = false;
      // A moved-to row was scrolled into view by the virtualizer: no second scroll by the browser then.
      target?.focus({ preventScroll: !detailClosed && !scrollOnFocus.current });
      scrollOnFocus.current = false;
    }
    if (removed) setActive({ key: keys[activeIndex], index: activeIndex });
  });

  // Read during render on purpose: focusRow's state change renders again with it set.
  const keep = holdsFocus || pendingFocus.current || currentKey !== undefined;
  return { activeIndex, keepRendered: keep ? activeIndex : -1, focusRow, onFocus, onBlur };
}
