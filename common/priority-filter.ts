import { PRIORITY_WORDS_LIST, priorityInputHelp } from './priority-names.ts';
import { t } from './i18n/translate.ts';
import type { RuleError } from './rule-error.ts';

/**
 * What ntfy accepts in the `priority` filter of a subscription (https://docs.ntfy.sh/subscribe/api/#filter-messages):
 * a number 1 to 5 or a name; anything else makes the server answer 400. Sent comma-joined, any of them matches.
 */
export const PRIORITY_FILTER_VALUES: ReadonlySet<string> = new Set(PRIORITY_WORDS_LIST);

/** Said of a priority filter value the server would refuse. */
export function invalidPriorityFilter(): RuleError<'invalid-priority-filter'> {
  return {
    code: 'invalid-priority-filter',
    message: t('rules.field.invalid-priority-filter', { help: priorityInputHelp() }),
  };
}
