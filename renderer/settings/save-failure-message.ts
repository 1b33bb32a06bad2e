/**
 * Words for an imported item the core refused to save, built from the structured answer (`BridgeError.fields`: field
 * → problem) and the item itself, never from the English `message` around it: the settings validation numbers paths
 * by the stored list (`subscriptions[3].…`), and the argument check prefixes its own names (`subscription.filters.`),
 * neither of which means anything next to "item 4 (alerts)".
 */
import type { BridgeError, FiltersDto, SubscriptionInput } from '../../common/ipc.ts';
import { type MessageKey, t } from '../../common/i18n/translate.ts';

/** Each filter's name in the report ("tag filter", "Tag-Filter"), looked up when the report is written. */
const FILTER_NAMES = {
  id: 'settings.import.filter.id',
  message: 'settings.import.filter.message',
  title: 'settings.import.filter.title',
  priority: 'settings.import.filter.priority',
  tags: 'settings.import.filter.tags',
} as const satisfies Record<keyof FiltersDto, MessageKey>;

function isFilterName(name: string): name is keyof FiltersDto {
  return Object.hasOwn(FILTER_NAMES, name);
}

/**
 * The argument check answers `subscription.filters.tags[0]` → `subscription.filters.tags[0]: must not be empty`;
 * the settings validation answers with the last path segment, `tags[0]` → `must not be empty`. Both become
 * `{ name: 'tags', index: 0, problem: 'must not be empty' }`.
 */
function splitField(field: string, problem: string): { name: string; index?: number; problem: string } {
  const bare = problem.startsWith(`${field}: `) ? problem.slice(field.length + 2) : problem;
  const path = field.replace(/^subscription\./, '').replace(/^filters\./, '');
  const match = /^(.*)\[(\d+)\]$/.exec(path);
  return match?.[1] === undefined || match[2] === undefined
    ? { name: path, problem: bare }
    : { name: match[1], index: Number(match[2]), problem: bare };
}

function describeField(field: string, rawProblem: string, input: SubscriptionInput): string {
  const { name, index, problem } = splitField(field, rawProblem);
  if (name === 'topic') return t('settings.import.problem.topic-refused', { problem, topic: input.topic });
  if (!isFilterName(name)) return t('settings.import.problem.field', { field: name, problem });
  const filter = t(FILTER_NAMES[name]);
  const list = name === 'priority' ? input.filters?.priority : name === 'tags' ? input.filters?.tags : undefined;
  const value = index === undefined ? undefined : list?.[index];
  return value === undefined
    ? t('settings.import.problem.filter-refused', { filter, problem })
    : t('settings.import.problem.filter-value-refused', { filter, value, problem });
}

/** One line for the item's place in the import report, e.g. `priority filter "highest" must be 1 to 5 or …`. */
export function describeSaveFailure(error: BridgeError, input: SubscriptionInput): string {
  const fields = Object.entries(error.fields ?? {});
  if (fields.length === 0 || (error.code !== 'validation-failed' && error.code !== 'invalid-argument')) {
    return error.message;
  }
  return fields.map(([field, problem]) => describeField(field, problem, input)).join(', ');
}
