/**
 * Action buttons as ntfy stores them (docs/protocol.md#attachments-and-actions), from either publish form: the JSON
 * array or the loose objects simple-actions.ts reads from the `view, Label, url; …` header form.
 */
import { NtfyHttpError, ntfyErrors } from './errors.ts';
import { goJsonField, isJsonRecord, type JsonRecord } from './go-json-fields.ts';
import { newActionId } from './ids.ts';
import type { NtfyAction } from './types.ts';

const actionKinds = new Set(['view', 'broadcast', 'http', 'copy']);
/** ntfy allows this many actions per message. */
const maxActions = 3;

function invalidAction(detail: string): NtfyHttpError {
  return new NtfyHttpError(ntfyErrors.actionsInvalid, detail);
}

function optionalString(record: JsonRecord, key: string): string | undefined {
  const value = goJsonField(record, key);
  if (value === undefined || value === null || value === '') return undefined;
  if (typeof value !== 'string') throw invalidAction(`parameter '${key}' must be a string`);
  return value;
}

/** A string map; an empty one is left out, as Go's `omitempty` does. */
function optionalStringMap(record: JsonRecord, key: string): Record<string, string> | undefined {
  const value = goJsonField(record, key);
  if (value === undefined || value === null) return undefined;
  if (!isJsonRecord(value)) throw invalidAction(`parameter '${key}' must be an object`);
  const entries = Object.entries(value);
  if (entries.some(([, item]) => typeof item !== 'string')) throw invalidAction(`values of '${key}' must be strings`);
  return entries.length === 0 ? undefined : (Object.fromEntries(entries) as Record<string, string>);
}

/** Reads one action's fields (type errors only); ntfy lowercases `action` and uppercases `method` before validating. */
function readAction(item: unknown): NtfyAction {
  if (!isJsonRecord(item)) throw invalidAction('action must be an object');
  const clear = goJsonField(item, 'clear');
  if (clear !== undefined && clear !== null && typeof clear !== 'boolean') {
    throw invalidAction("'clear' must be a boolean");
  }
  const action: NtfyAction = {
    id: newActionId(),
    action: (optionalString(item, 'action') ?? '').toLowerCase(),
    label: optionalString(item, 'label') ?? '',
    clear: clear === true,
  };
  const optional = {
    url: optionalString(item, 'url'),
    method: optionalString(item, 'method')?.toUpperCase(),
    headers: optionalStringMap(item, 'headers'),
    body: optionalString(item, 'body'),
    intent: optionalString(item, 'intent'),
    extras: optionalStringMap(item, 'extras'),
    value: optionalString(item, 'value'),
  };
  for (const [key, value] of Object.entries(optional)) {
    if (value !== undefined) Object.assign(action, { [key]: value });
  }
  return action;
}

function validateAction({ action: kind, label, url, method, body }: NtfyAction): void {
  if (!actionKinds.has(kind)) {
    throw invalidAction(
      `parameter 'action' cannot be '${kind}', valid values are 'view', 'broadcast', 'http' and 'copy'`,
    );
  }
  if (label === '') throw invalidAction("parameter 'label' is required");
  if ((kind === 'view' || kind === 'http') && url === undefined) {
    throw invalidAction(`parameter 'url' is required for action '${kind}'`);
  }
  if (kind === 'http' && (method === 'GET' || method === 'HEAD') && body !== undefined) {
    throw invalidAction(`parameter 'body' cannot be set if method is ${method}`);
  }
}

/**
 * ntfy's parseActions after the JSON or simple form is read: every action gets a fresh 10-character `id`, `action`
 * is lowercased and `method` uppercased (`method` stays absent unless given), `clear` defaults to false; then at
 * most 3, `label` required, `url` required for view and http, no `body` with GET/HEAD.
 */
export function normaliseActions(input: readonly unknown[]): NtfyAction[] {
  const actions = input.map(readAction);
  if (actions.length > maxActions) throw invalidAction(`only ${String(maxActions)} actions allowed`);
  actions.forEach(validateAction);
  return actions;
}
