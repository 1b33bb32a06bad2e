/**
 * A priority as people type it, read like ntfy's util.ParsePriority: `1`–`5` or `min`, `low`, `default`, `high`,
 * `max`, `urgent`, any case. The JSON publish takes only the number, so names are turned into it here. Help and
 * errors name 5 "urgent" only; "max", ntfy's other name for it, is still read.
 */
import { readPriorityWord } from '../../../common/priority-names.ts';
import type { Priority } from '../protocol/types.ts';

/** The priority, or undefined for anything else (the words are common/priority-names.ts's). */
export function parsePublishPriority(text: string): Priority | undefined {
  return readPriorityWord(text);
}

/** `--tags a, b,,c` → `['a', 'b', 'c']`: split at commas and trimmed, as ntfy reads its `Tags` header. */
export function parseTagList(text: string): string[] {
  return text
    .split(',')
    .map((tag) => tag.trim())
    .filter((tag) => tag !== '');
}
