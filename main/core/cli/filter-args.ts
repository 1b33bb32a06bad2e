/** Server-side filters and duration options of `ntfy-tray subscribe`, checked the way the server would check them. */
import { parseSince } from '../protocol/since.ts';
import { PRIORITY_FILTER_VALUES } from '../../../common/priority-filter.ts';
import { priorityInputHelp } from '../../../common/priority-names.ts';
import type { SubscribeFilters } from '../protocol/subscribe-request.ts';
import { t } from '../../../common/i18n/translate.ts';
import type { ArgsResult } from './topic-url.ts';

export interface FilterValues {
  readonly priority?: string | undefined;
  readonly tags?: string | undefined;
  readonly title?: string | undefined;
  readonly message?: string | undefined;
  readonly id?: string | undefined;
}

export interface DurationFlag {
  readonly name: string;
  readonly minMs: number;
  readonly maxMs: number;
  /** Shown in the error, e.g. `90s`. */
  readonly example: string;
}

function fail<T>(error: string): ArgsResult<T> {
  return { ok: false, error };
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

/** `30s`, `2m`, `1h30m`, `1d`, `500ms` → milliseconds (days are allowed: parseSince converts them). */
export function parseDurationMs(text: string): number | undefined {
  const parsed = parseSince(text);
  if (!parsed.ok || parsed.since.kind !== 'duration') return undefined;
  const units: Readonly<Record<string, number>> = {
    ns: 1e-6,
    us: 1e-3,
    µs: 1e-3,
    ms: 1,
    s: 1000,
    m: 60_000,
    h: 3_600_000,
  };
  let total = 0;
  for (const match of parsed.since.value.matchAll(/(\d+(?:\.\d+)?|\.\d+)(ns|us|µs|ms|s|m|h)/g)) {
    total += Number(match[1]) * (units[match[2] ?? ''] ?? 0);
  }
  return total > 0 ? total : undefined;
}

function formatBound(ms: number): string {
  return ms % 3_600_000 === 0 ? `${String(ms / 3_600_000)}h` : `${String(ms / 1000)}s`;
}

export function readDurationFlag(
  flag: DurationFlag,
  value: string | undefined,
  fallbackMs: number,
): ArgsResult<number> {
  if (value === undefined) return { ok: true, value: fallbackMs };
  const ms = parseDurationMs(value);
  const range = { option: flag.name, min: formatBound(flag.minMs), max: formatBound(flag.maxMs) };
  if (ms === undefined) return fail(t('cli.duration.invalid', { ...range, example: flag.example }));
  if (ms < flag.minMs || ms > flag.maxMs) return fail(t('cli.duration.out-of-range', { ...range, value }));
  return { ok: true, value: Math.round(ms) };
}
