import type { BridgeError } from '../../common/ipc.ts';

interface PlacedErrors<F extends string> {
  /** Problems to show next to their field. */
  readonly fields: Partial<Record<F, string>>;
  /** What belongs to no field on the form (or a summary when nothing could be placed); undefined when all fit. */
  readonly formError: string | undefined;
}

/**
 * The form field a problem is about. The core names fields by path: `topic` (a validation message), or
 * `subscription.filters.priority` (an argument check), or `subscriptions[2].filters.tags[1]` (a settings check);
 * the last name without its index is the field.
 */
export function fieldNameOf(path: string): string {
  const last = path.split('.').at(-1) ?? path;
  return last.replace(/\[\d+\]$/, '');
}

/** Argument checks repeat the path in front of the problem (`subscription.topic: must not be empty`). */
function problemText(path: string, problem: string): string {
  return problem.startsWith(`${path}: `) ? problem.slice(path.length + 2) : problem;
}

/** Splits a bridge error into problems next to the fields this form has, and a form-level rest. */
export function placeFieldErrors<F extends string>(error: BridgeError, known: readonly F[]): PlacedErrors<F> {
  const fields: Partial<Record<F, string>> = {};
  const unplaced: string[] = [];
  for (const [path, problem] of Object.entries(error.fields ?? {})) {
    const name = fieldNameOf(path);
    const field = known.find((candidate) => candidate === name);
    if (field === undefined) unplaced.push(`${path}: ${problemText(path, problem)}`);
    else fields[field] ??= problemText(path, problem);
  }
  // The message already sums up every problem: it is the form error when none could be placed.
  if (Object.keys(fields).length === 0) return { fields, formError: error.message };
  return { fields, formError: unplaced.length === 0 ? undefined : unplaced.join('; ') };
}
