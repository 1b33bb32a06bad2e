/**
 * The words for ntfy's five priorities, written once for everything a person reads: the window's rows, detail and
 * its three minimum-priority choices (the list's filter, a subscription's, the settings'), and the CLI's help.
 * Here and not in the renderer because the CLI (main/core) says them too.
 *
 * ntfy calls 5 both "max" and "urgent" (https://docs.ntfy.sh/publish/#message-priority); we always say "urgent".
 * "max" is still accepted where people type a priority (`readPriorityWord`, PRIORITY_FILTER_VALUES).
 */

import { t } from './i18n/translate.ts';

/** Structurally the same as PriorityDto and the protocol's Priority: 1 (min) to 5 (urgent). */
type PriorityLevel = 1 | 2 | 3 | 4 | 5;

/** Lowest first. */
export const PRIORITY_LEVELS: readonly PriorityLevel[] = [1, 2, 3, 4, 5];

const names = { 1: 'min', 2: 'low', 3: 'default', 4: 'high', 5: 'urgent' } as const;

type PriorityName = (typeof names)[PriorityLevel];

/** ntfy's name: "min", "low", "default", "high", "urgent". */
export function priorityName(priority: PriorityLevel): PriorityName {
  return names[priority];
}

/**
 * Every word ntfy reads as a priority (util.ParsePriority): 1 to 5, the names above and "max", its other name for 5.
 * The one list behind the publish options (window and CLI) and the subscription filter's values.
 */
const PRIORITY_WORDS: ReadonlyMap<string, PriorityLevel> = new Map([
  ...PRIORITY_LEVELS.flatMap((level) => [[String(level), level] as const, [names[level], level] as const]),
  ['max', 5],
]);

/** The words, lower case: "1", "min", "2", "low", …, "5", "urgent", "max". */
export const PRIORITY_WORDS_LIST: readonly string[] = [...PRIORITY_WORDS.keys()];

/** A priority as people type it, in any case and with blanks around: the level, or undefined for anything else. */
export function readPriorityWord(text: string): PriorityLevel | undefined {
  return PRIORITY_WORDS.get(text.trim().toLowerCase());
}

/** The priority as a person reads it, in the active language: "Urgent", "Dringend". */
export function priorityLabel(priority: PriorityLevel): string {
  return t(`priority.${priority}`);
}

/**
 * A minimum-priority choice, the same wherever one is offered: "Any priority", "Low and above", "Default and
 * above", "High and above", "Urgent only".
 */
export function minPriorityLabel(minimum: PriorityLevel): string {
  return t(`min-priority.${minimum}`);
}

/** The choices lowest first, as <option> values and texts (a function: the language is chosen at start). */
export function minPriorityChoices(): readonly { readonly value: PriorityLevel; readonly label: string }[] {
  return PRIORITY_LEVELS.map((value) => ({ value, label: minPriorityLabel(value) }));
}

/**
 * What may be typed as a priority, for help and usage errors: "1-5 or min, low, default, high, urgent". The names
 * are ntfy's and stay English in every language: they are what the server accepts.
 */
export function priorityInputHelp(): string {
  return t('priority-input-help', { names: PRIORITY_LEVELS.map(priorityName).join(', ') });
}
