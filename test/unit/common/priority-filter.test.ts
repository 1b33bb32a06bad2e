import { describe, expect, it } from 'vitest';
import { PRIORITY_FILTER_VALUES } from '../../../common/priority-filter.ts';

describe('priority filter values', () => {
  it('are the numbers 1 to 5 and the names ntfy accepts', () => {
    expect([...PRIORITY_FILTER_VALUES]).toEqual([
      '1',
      '2',
      '3',
      '4',
      '5',
      'min',
      'low',
      'default',
      'high',
      'max',
      'urgent',
    ]);
  });
});
