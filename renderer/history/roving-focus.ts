/**
 * Roving focus in the message list: the list is one Tab stop, and these keys move focus between its rows
 * (WAI-ARIA Authoring Practices, "Keyboard Navigation Inside Components"). Pure: no DOM, so it is tested alone.
 */

const rovingKeys = ['ArrowDown', 'ArrowUp', 'Home', 'End', 'PageDown', 'PageUp'] as const;

type RovingKey = (typeof rovingKeys)[number];

export function isRovingKey(key: string): key is RovingKey {
  return (rovingKeys as readonly string[]).includes(key);
}

interface RowPosition {
  /** The focused row's index. */
  readonly current: number;
  /** Rows loaded (a virtualized list knows them all, even those not in the DOM). */
  readonly count: number;
  /** Rows that fit in the view; PageUp/PageDown move by this many (at least one). */
  readonly pageSize: number;
}

/** The row `key` moves focus to; it stays put at either end, never leaves the list. -1 only for an empty list. */
export function nextRowIndex(key: RovingKey, { current, count, pageSize }: RowPosition): number {
  if (count <= 0) return -1;
  const page = Math.max(1, Math.floor(pageSize));
  const target = {
    ArrowDown: current + 1,
    ArrowUp: current - 1,
    Home: 0,
    End: count - 1,
    PageDown: current + page,
    PageUp: current - page,
  }[key];
  return Math.min(count - 1, Math.max(0, target));
}

/**
 * Where focus goes when the row it was on at `index` is gone: the row that took its place (the next one), or the
 * new last row when it was the last; -1 when no row is left (focus then goes to the list itself).
 */
export function indexAfterRemoval(index: number, count: number): number {
  if (count <= 0) return -1;
  return Math.min(count - 1, Math.max(0, index));
}

/** How many rows fit in a view `viewHeight` px tall, given the heights (px) of the rows shown in it. */
export function rowsPerPage(viewHeight: number, rowHeights: readonly number[]): number {
  if (rowHeights.length === 0) return 1;
  const average = rowHeights.reduce((sum, height) => sum + height, 0) / rowHeights.length;
  return average <= 0 ? 1 : Math.max(1, Math.floor(viewHeight / average));
}
