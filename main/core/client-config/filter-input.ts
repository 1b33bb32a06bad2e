/**
 * Server-side filters as typed (`subscribe --priority/--tags/--title/--message/--id`, a client.yml entry's `if:`),
 * checked the way the server would check them.
 */
import { PRIORITY_FILTER_VALUES } from '../../../common/priority-filter.ts';
import { priorityInputHelp } from '../../../common/priority-names.ts';
import type { SubscribeFilters } from '../protocol/subscribe-request.ts';
import { t } from '../../../common/i18n/translate.ts';
import { type ArgsResult, fail } from './args-result.ts';

interface FilterValues {
  readonly priority?: string | undefined;
  readonly tags?: string | undefined;
  readonly title?: string | undefined;
  readonly message?: string | undefined;
  readonly id?: string | undefined;
}

/** A comma list without empty elements; elements are kept as typed (the server does not trim tags). */
function readList(name: string, value: string): ArgsResult<string[]> {
  const items = value.split(',');
  if (items.some((item) => item === '')) return fail(t('cli.filters.empty-item', { option: name }));
  return { ok: true, value: items };
}

/** One whole sentence per filter option: the option name and the word it filters differ in German. */
function emptyFilter(name: 'title' | 'message' | 'id'): string {
  switch (name) {
    case 'title':
      return t('cli.filters.empty-title');
    case 'message':
      return t('cli.filters.empty-message');
    case 'id':
      return t('cli.filters.empty-id');
  }
}

export function readFilters(values: FilterValues): ArgsResult<SubscribeFilters> {
  const filters: { -readonly [K in keyof SubscribeFilters]: SubscribeFilters[K] } = {};
  if (values.priority !== undefined) {
    const priority = readList('--priority', values.priority);
    if (!priority.ok) return priority;
    const invalid = priority.value.filter((item) => !PRIORITY_FILTER_VALUES.has(item));
    if (invalid.length > 0) {
      return fail(t('cli.filters.priority', { values: invalid.join(','), priorities: priorityInputHelp() }));
    }
    filters.priority = priority.value;
  }
  if (values.tags !== undefined) {
    const tags = readList('--tags', values.tags);
    if (!tags.ok) return tags;
    filters.tags = tags.value;
  }
  for (const name of ['title', 'message', 'id'] as const) {
    const value = values[name];
    // An empty filter would match nothing at all (messages always have an id and a message), or be ignored.
    if (value === '') return fail(emptyFilter(name));
    if (value !== undefined) filters[name] = value;
  }
  return { ok: true, value: filters };
}
