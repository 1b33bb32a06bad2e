import { describe, expect, it } from 'vitest';
import { invalidPriorityFilterValue, PRIORITY_FILTER_VALUES } from '../../../common/priority-filter.ts';

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

  it('names the first value the server would refuse', () => {
    expect(invalidPriorityFilterValue(['5', 'high'])).toBeUndefined();
    expect(invalidPriorityFilterValue(['5', 'HIGH', '6'])).toBe('HIGH');
    expect(invalidPriorityFilterValue([' 1'])).toBe(' 1');
  });
});
