import { describe, expect, it } from 'vitest';
import { PRIORITY_FILTER_VALUES } from '../../../common/priority-filter.ts';
import { PRIORITY_LEVELS, readPriorityWord } from '../../../common/priority-names.ts';
import { parsePriority } from '../../server/params.ts';

// The test server reads priorities as ntfy's util.ParsePriority does (test/server/params.ts): the filter's values and
// the publish options must be exactly what it accepts, each meaning the same level.
const ntfyWords = ['1', '2', '3', '4', '5', 'min', 'low', 'default', 'high', 'max', 'urgent'];

describe('priority filter values', () => {
  it('are every word ntfy reads as a priority, and nothing else', () => {
    expect(ntfyWords.every((word) => parsePriority(word) !== undefined)).toBe(true);
    expect([...PRIORITY_FILTER_VALUES].sort()).toEqual([...ntfyWords].sort());
  });

  it('each mean the level ntfy gives them, whatever the case and blanks', () => {
    for (const word of PRIORITY_FILTER_VALUES) {
      expect(readPriorityWord(` ${word.toUpperCase()} `)).toBe(parsePriority(word));
    }
    expect(PRIORITY_LEVELS.every((level) => readPriorityWord(String(level)) === level)).toBe(true);
    expect([readPriorityWord('maximum'), readPriorityWord(''), readPriorityWord('6')]).toEqual([
      undefined,
      undefined,
      undefined,
    ]);
  });
});
