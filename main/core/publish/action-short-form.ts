/**
 * `--actions` as the ntfy CLI takes it, read into the JSON publish's action objects: either a JSON array, or ntfy's
 * short form (https://docs.ntfy.sh/publish/#using-a-header) —
 *
 *   view, Open, https://x.test, clear=true; http, "Close, now", https://api.test/door, method=PUT, headers.X-A=b
 *
 * Actions are separated by `;`, their parts by `,`. A part is `key=value` or a bare value whose key follows from
 * its place: action, label, then the url of view/http (the value of copy). A value in `"…"` or `'…'` may hold `,`
 * and `;`, and a backslash before the quote keeps it. The ntfy CLI turns line breaks into spaces first; so do we.
 * The server checks the rest (at most 3 actions, 40018).
 */
import type { PublishAction } from './publish-input.ts';
import { ACTION_KINDS, isActionKind } from '../../../common/action-kinds.ts';
import { t } from '../../../common/i18n/translate.ts';

type ActionsResult =
  { readonly ok: true; readonly value: PublishAction[] } | { readonly ok: false; readonly error: string };

const TEXT_KEYS = ['action', 'label', 'url', 'method', 'body', 'intent', 'value'] as const;
const TRUE_WORDS = ['true', 'yes', '1'];
const FALSE_WORDS = ['false', 'no', '0'];
/** ntfy's key pattern `[-.\w]+`, then `=`. */
const KEY = /^\s*([-.\w]+)\s*=/;

type Loose = Record<string, string | boolean | Record<string, string>>;

class ActionSyntax extends Error {}

interface Part {
  readonly key: string | undefined;
  readonly value: string;
  /** The part ended its action (`;` or the end), not with `,`. */
  readonly last: boolean;
}

/** Reads one part starting at `start`; answers it and where the next one starts. */
function readPart(text: string, start: number): { part: Part; next: number } {
  let pos = start;
  const keyMatch = KEY.exec(text.slice(pos));
  const key = keyMatch?.[1];
  if (keyMatch !== null) pos += keyMatch[0].length;
  while (text[pos] === ' ' || text[pos] === '\t') pos++;
  const quote = text[pos];
  if (quote === '"' || quote === "'") {
    let end = pos + 1;
    while (end < text.length && !(text[end] === quote && text[end - 1] !== '\\')) end++;
    if (end >= text.length) throw new ActionSyntax(t('cli.actions.quote-not-closed', { quote }));
    const value = text.slice(pos + 1, end).replaceAll(`\\${quote}`, quote);
    let after = end + 1;
    while (text[after] === ' ' || text[after] === '\t') after++;
    const stop = text[after];
    if (stop !== undefined && stop !== ',' && stop !== ';') {
      throw new ActionSyntax(t('cli.actions.after-quoted', { character: stop, value }));
    }
    return { part: { key, value, last: stop !== ',' }, next: after + 1 };
  }
  let end = pos;
  while (end < text.length && text[end] !== ',' && text[end] !== ';') end++;
  return { part: { key, value: text.slice(pos, end).trim(), last: text[end] !== ',' }, next: end + 1 };
}

function positionalKey(index: number, action: Loose): string {
  if (index === 0) return 'action';
  if (index === 1) return 'label';
  const kind = typeof action['action'] === 'string' ? action['action'].toLowerCase() : '';
  if (index === 2 && (kind === 'view' || kind === 'http')) return 'url';
  if (index === 2 && kind === 'copy') return 'value';
  const label = typeof action['label'] === 'string' ? action['label'] : '';
  throw new ActionSyntax(t('cli.actions.part-without-key', { label, number: index + 1 }));
}

function applyPart(action: Loose, index: number, part: Part): void {
  const key = part.key ?? positionalKey(index, action);
  for (const map of ['headers', 'extras'] as const) {
    if (key.startsWith(`${map}.`)) {
      const entries = (action[map] ?? {}) as Record<string, string>;
      action[map] = { ...entries, [key.slice(map.length + 1)]: part.value };
      return;
    }
  }
  const name = key.toLowerCase();
  if (name === 'clear') {
    const word = part.value.toLowerCase();
    if (!TRUE_WORDS.includes(word) && !FALSE_WORDS.includes(word)) {
      throw new ActionSyntax(t('cli.actions.clear-word', { value: part.value }));
    }
    action['clear'] = TRUE_WORDS.includes(word);
    return;
  }
  if (!(TEXT_KEYS as readonly string[]).includes(name)) throw new ActionSyntax(t('cli.actions.unknown-key', { key }));
  action[name] = part.value;
}

function parseShortForm(input: string): Loose[] {
  const text = input.replaceAll(/\r?\n/g, ' ');
  const actions: Loose[] = [];
  let pos = 0;
  while (pos < text.length) {
    if (text.slice(pos).trim() === '') break;
    const action: Loose = {};
    for (let index = 0; ; index++) {
      const { part, next } = readPart(text, pos);
      applyPart(action, index, part);
      pos = next;
      if (part.last) break;
    }
    actions.push(action);
  }
  return actions;
}

const isStringMap = (value: unknown): value is Record<string, string> =>
  typeof value === 'object' &&
  value !== null &&
  !Array.isArray(value) &&
  Object.values(value).every((item) => typeof item === 'string');

/** One loose action (short form or JSON) checked and typed, as ntfy validates it. */
function toAction(loose: unknown, position: number): PublishAction {
  const number = position + 1;
  if (typeof loose !== 'object' || loose === null || Array.isArray(loose)) {
    throw new ActionSyntax(t('cli.actions.not-object', { number }));
  }
  const record = loose as Record<string, unknown>;
  const fields: Record<string, unknown> = {};
  for (const key of TEXT_KEYS) {
    const value = record[key];
    if (value === undefined || value === '') continue;
    if (typeof value !== 'string') throw new ActionSyntax(t('cli.actions.not-text', { number, key }));
    fields[key] = value;
  }
  const kind = typeof fields['action'] === 'string' ? fields['action'].toLowerCase() : '';
  if (!isActionKind(kind)) {
    // The kinds are wire values, listed as they are typed rather than joined as words.
    throw new ActionSyntax(t('cli.actions.kind', { number, kinds: ACTION_KINDS.join(', '), kind }));
  }
  if (fields['label'] === undefined) throw new ActionSyntax(t('cli.actions.label-needed', { number }));
  if ((kind === 'view' || kind === 'http') && fields['url'] === undefined) {
    throw new ActionSyntax(t('cli.actions.url-needed', { number, kind }));
  }
  for (const map of ['headers', 'extras'] as const) {
    const value = record[map];
    if (value === undefined) continue;
    if (!isStringMap(value)) throw new ActionSyntax(t('cli.actions.not-map', { number, key: map }));
    fields[map] = value;
  }
  if (record['clear'] !== undefined) {
    if (typeof record['clear'] !== 'boolean') throw new ActionSyntax(t('cli.actions.clear-not-boolean', { number }));
    fields['clear'] = record['clear'];
  }
  return { ...fields, action: kind } as unknown as PublishAction;
}

/** `--actions` text → actions, or a message saying what is wrong with it (for a usage error). */
export function parseActionsText(input: string): ActionsResult {
  const text = input.trim();
  if (text === '') return { ok: true, value: [] };
  try {
    let loose: unknown[];
    if (text.startsWith('[')) {
      const parsed: unknown = JSON.parse(text);
      if (!Array.isArray(parsed)) throw new ActionSyntax(t('cli.actions.json-list'));
      loose = parsed;
    } else {
      loose = parseShortForm(text);
    }
    return { ok: true, value: loose.map(toAction) };
  } catch (error) {
    if (error instanceof ActionSyntax || error instanceof SyntaxError) return { ok: false, error: error.message };
    throw error;
  }
}
