/**
 * The words for ntfy's five priorities, written once for everything a person reads: the window's rows, detail and
 * its three minimum-priority choices (the list's filter, a subscription's, the settings'), and the CLI's help.
 * Here and not in the renderer because the CLI (main/core) says them too.
 *
 * ntfy calls 5 both "max" and "urgent" (https://docs.ntfy.sh/publish/#message-priority); we always say "urgent".
 * "max" is still accepted where people type a priority (main/core/publish/priority.ts, common/priority-filter.ts).
 */

/** Structurally the same as PriorityDto and the protocol's Priority: 1 (min) to 5 (urgent). */
export type PriorityLevel = 1 | 2 | 3 | 4 | 5;

/** Lowest first. */
export const PRIORITY_LEVELS: readonly PriorityLevel[] = [1, 2, 3, 4, 5];

const names = { 1: 'min', 2: 'low', 3: 'default', 4: 'high', 5: 'urgent' } as const;

export type PriorityName = (typeof names)[PriorityLevel];

/** ntfy's name: "min", "low", "default", "high", "urgent". */
export function priorityName(priority: PriorityLevel): PriorityName {
  return names[priority];
}

/** The name as a label starts: "Urgent", "High". */
export function priorityLabel(priority: PriorityLevel): string {
  const name = names[priority];
  return `${name.charAt(0).toUpperCase()}${name.slice(1)}`;
}

/**
 * A minimum-priority choice, the same wherever one is offered: "Any priority", "Low and above", "Default and
 * above", "High and above", "Urgent only".
 */
export function minPriorityLabel(minimum: PriorityLevel): string {
  if (minimum === 1) return 'Any priority';
  if (minimum === 5) return 'Urgent only';
  return `${priorityLabel(minimum)} and above`;
}

/** The choices lowest first, as <option> values and texts. */
export const MIN_PRIORITY_CHOICES: readonly { readonly value: PriorityLevel; readonly label: string }[] =
  PRIORITY_LEVELS.map((value) => ({ value, label: minPriorityLabel(value) }));

/** What may be typed as a priority, for help and usage errors: "1-5 or min, low, default, high, urgent". */
export const PRIORITY_INPUT_HELP = `1-5 or ${PRIORITY_LEVELS.map(priorityName).join(', ')}`;
