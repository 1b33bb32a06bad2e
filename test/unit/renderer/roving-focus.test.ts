import { describe, expect, it } from 'vitest';
import { indexAfterRemoval, isRovingKey, nextRowIndex, rowsPerPage } from '../../../renderer/history/roving-focus.ts';

const at = (current: number, count = 300, pageSize = 6) => ({ current, count, pageSize });

describe('nextRowIndex', () => {
  it('ArrowDown and ArrowUp move one row and stop at the ends', () => {
    expect(nextRowIndex('ArrowDown', at(4))).toBe(5);
    expect(nextRowIndex('ArrowUp', at(4))).toBe(3);
    expect(nextRowIndex('ArrowDown', at(299))).toBe(299);
    expect(nextRowIndex('ArrowUp', at(0))).toBe(0);
  });

  it('Home goes to the first row and End to the last loaded row', () => {
    expect(nextRowIndex('Home', at(120))).toBe(0);
    expect(nextRowIndex('End', at(3))).toBe(299);
    expect(nextRowIndex('End', at(3, 1))).toBe(0);
  });

  it('PageDown and PageUp move by the page size and stop at the ends', () => {
    expect(nextRowIndex('PageDown', at(10))).toBe(16);
    expect(nextRowIndex('PageUp', at(10))).toBe(4);
    expect(nextRowIndex('PageDown', at(296))).toBe(299);
    expect(nextRowIndex('PageUp', at(3))).toBe(0);
  });

  it('a page is at least one row, even when no row fits the view', () => {
    expect(nextRowIndex('PageDown', at(10, 300, 0))).toBe(11);
    expect(nextRowIndex('PageUp', at(10, 300, 0.5))).toBe(9);
  });

  it('an empty list has no row to move to', () => {
    expect(nextRowIndex('ArrowDown', at(0, 0))).toBe(-1);
    expect(nextRowIndex('End', at(0, 0))).toBe(-1);
  });

  it('a position past the end (rows were removed) comes back to the last row', () => {
    expect(nextRowIndex('ArrowUp', at(50, 10))).toBe(9);
  });
});

describe('isRovingKey', () => {
  it('takes the six moving keys and nothing else', () => {
    for (const key of ['ArrowDown', 'ArrowUp', 'Home', 'End', 'PageDown', 'PageUp'])
      expect(isRovingKey(key)).toBe(true);
    for (const key of ['Enter', 'Tab', 'Escape', 'ArrowLeft', ' ', 'a']) expect(isRovingKey(key)).toBe(false);
  });
});

describe('indexAfterRemoval', () => {
  it('moves to the row that took the removed one’s place (the next)', () => {
    expect(indexAfterRemoval(4, 9)).toBe(4);
  });

  it('moves to the previous row when the last row was removed', () => {
    expect(indexAfterRemoval(9, 9)).toBe(8);
  });

  it('has no row when the list is empty (focus goes to the list)', () => {
    expect(indexAfterRemoval(0, 0)).toBe(-1);
  });
});

describe('rowsPerPage', () => {
  it('counts the rows of average height that fit in the view', () => {
    expect(rowsPerPage(600, [96, 104, 100])).toBe(6);
  });

  it('is one row when nothing is measured or the rows are taller than the view', () => {
    expect(rowsPerPage(600, [])).toBe(1);
    expect(rowsPerPage(50, [96])).toBe(1);
  });
});
