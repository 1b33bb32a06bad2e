/**
 * What to show or log for a caught value: an Error's message, anything else as text. A `catch` or a rejected
 * promise may hold any value (a string thrown by a library, an ErrorEvent, undefined), so callers cannot assume
 * an Error.
 */
export function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
