/**
 * A priority as people type it, read like ntfy's util.ParsePriority: `1`–`5` or `min`, `low`, `default`, `high`,
 * `max`, `urgent`, any case. The JSON publish takes only the number, so names are turned into it here. Help and
 * errors name 5 "urgent" only (common/priority-names.ts); "max", ntfy's other name for it, is still read.
 */
import type { Priority } from '../protocol/types.ts';

const PRIORITY_WORDS: Readonly<Record<string, Priority>> = {
  '1': 1,
  min: 1,
  '2': 2,
  low: 2,
  '3': 3,
  default: 3,
  '4': 4,
  high: 4,
  '5': 5,
  max: 5,
  urgent: 5,
};

/** The priority, or undefined for anything else. */
export function parsePublishPriority(text: string): Priority | undefined {
  const key = text.trim().toLowerCase();
  return Object.hasOwn(PRIORITY_WORDS, key) ? PRIORITY_WORDS[key] : undefined;
}

/** `--tags a, b,,c` → `['a', 'b', 'c']`: split at commas and trimmed, as ntfy reads its `Tags` header. */
export function parseTagList(text: string): string[] {
  return text
    .split(',')
    .map((tag) => tag.trim())
    .filter((tag) => tag !== '');
}
