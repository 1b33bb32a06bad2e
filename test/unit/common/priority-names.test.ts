import { describe, expect, it } from 'vitest';
import { PRIORITY_FILTER_VALUES } from '../../../common/priority-filter.ts';
import {
  minPriorityChoices,
  minPriorityLabel,
  priorityInputHelp,
  PRIORITY_LEVELS,
  priorityLabel,
  priorityName,
} from '../../../common/priority-names.ts';

describe('priority names', () => {
  it('are ntfy’s names, with 5 always called urgent (never max)', () => {
    expect(PRIORITY_LEVELS.map(priorityName)).toEqual(['min', 'low', 'default', 'high', 'urgent']);
    expect(PRIORITY_LEVELS.map(priorityLabel)).toEqual(['Min', 'Low', 'Default', 'High', 'Urgent']);
  });

  it('name each minimum-priority choice the same way wherever one is offered', () => {
    expect(minPriorityChoices()).toEqual([
      { value: 1, label: 'Any priority' },
      { value: 2, label: 'Low and above' },
      { value: 3, label: 'Default and above' },
      { value: 4, label: 'High and above' },
      { value: 5, label: 'Urgent only' },
    ]);
    expect(minPriorityLabel(4)).toBe('High and above');
  });

  it('list for help what may be typed, each word one the server accepts', () => {
    expect(priorityInputHelp()).toBe('1-5 or min, low, default, high, urgent');
    for (const level of PRIORITY_LEVELS) expect(PRIORITY_FILTER_VALUES.has(priorityName(level))).toBe(true);
  });
});
