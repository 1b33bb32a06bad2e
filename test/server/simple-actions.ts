/**
 * ntfy's "simple" action format (https://docs.ntfy.sh/publish/#action-buttons), which the ntfy CLI and the npm
 * `ntfy` publisher send in the `Actions` header: actions separated by `;`, sections by `,`. A section is
 * `key=value` or a bare value whose key follows from its position (action, label, then url for view/http). Values
 * may be quoted with `"` or `'` to hold `,` and `;`; a backslash before the quote character escapes it.
 *
 *   view, Open, https://x.test, clear=true; http, "Close, now", https://api.test/door, method=put, headers.X-A=b
 *
 * The result is the same loose shape as the JSON form, so both go through normaliseActions afterwards.
 */
import { NtfyHttpError, ntfyErrors } from './errors.ts';
import { goTrimSpace } from './params.ts';

export type SimpleAction = Record<string, unknown>;

class ActionSyntaxError extends NtfyHttpError {
  constructor(detail: string) {
    super(ntfyErrors.actionsInvalid, detail);
  }
}

/** ntfy's key pattern: Go's RE2 `[-.\w]+` with `\w` ASCII-only and `\s` = `[\t\n\f\r ]`. */
const keyPattern = /^([-.A-Za-z0-9_]+)[\t\n\f\r ]*=[\t\n\f\r ]*/;
const spaces = new Set([' ', '\t', '\r', '\n']);
const positionalUrlActions = new Set(['view', 'http']);
const booleanWords = new Set(['true', 'yes', '1', 'false', 'no', '0']);

interface Section {
  readonly key: string;
  readonly value: string;
  /** The section ended the action (`;` or end of input) rather than with `,`. */
  readonly last: boolean;
}

class Cursor {
  readonly #input: string;
  pos = 0;

  constructor(input: string) {
    this.#input = input;
  }

  get atEnd(): boolean {
    return this.pos >= this.#input.length;
  }

  /** The next character, or undefined at the end of input. */
  peek(): string | undefined {
    return this.#input[this.pos];
  }

  rest(): string {
    return this.#input.slice(this.pos);
  }

  slice(start: number, end: number): string {
    return this.#input.slice(start, end);
  }

  /** Positions in error texts are byte offsets, as the Go parser reports them. */
  bytePosition(index = this.pos): number {
    return Buffer.byteLength(this.#input.slice(0, index));
  }

  skipSpaces(): void {
    while (spaces.has(this.peek() ?? '')) this.pos++;
  }
}

const isSectionEnd = (char: string | undefined): boolean => char === undefined || char === ',' || char === ';';

function readKey(cursor: Cursor): string {
  const match = keyPattern.exec(cursor.rest());
  if (match === null) return '';
  cursor.pos += match[0].length;
  return match[1] ?? '';
}

/** An unquoted value runs to the next `,` or `;` and is trimmed. */
function readPlainValue(cursor: Cursor): { value: string; last: boolean } {
  const start = cursor.pos;
  while (!isSectionEnd(cursor.peek())) cursor.pos++;
  const end = cursor.peek();
  const value = goTrimSpace(cursor.slice(start, cursor.pos));
  if (end !== undefined) cursor.pos++;
  return { value, last: end !== ',' };
}

/** A quoted value ends at the first quote character not preceded by a backslash; only a section end may follow. */
function readQuotedValue(cursor: Cursor, quote: string): { value: string; last: boolean } {
  cursor.pos++;
  const start = cursor.pos;
  let previous = '';
  for (;;) {
    const char = cursor.peek();
    if (char === undefined) {
      throw new ActionSyntaxError(`unexpected end of input, quote started at position ${cursor.bytePosition(start)}`);
    }
    if (char === quote && previous !== '\\') break;
    previous = char;
    cursor.pos++;
  }
  const value = cursor.slice(start, cursor.pos).replaceAll(`\\${quote}`, quote);
  cursor.pos++;
  cursor.skipSpaces();
  const end = cursor.peek();
  if (!isSectionEnd(end)) {
    throw new ActionSyntaxError(`unexpected character '${end ?? ''}' at position ${cursor.bytePosition()}`);
  }
  if (end !== undefined) cursor.pos++;
  return { value, last: end !== ',' };
}

function readSection(cursor: Cursor): Section {
  cursor.skipSpaces();
  const key = readKey(cursor);
  const next = cursor.peek();
  if (isSectionEnd(next)) {
    if (next !== undefined) cursor.pos++;
    return { key, value: '', last: next !== ',' };
  }
  const read = next === '"' || next === "'" ? readQuotedValue(cursor, next) : readPlainValue(cursor);
  return { key, ...read };
}

function positionalKey(section: number, action: SimpleAction): string {
  if (section === 0) return 'action';
  if (section === 1) return 'label';
  const kind = typeof action.action === 'string' ? action.action.toLowerCase() : '';
  if (section === 2 && positionalUrlActions.has(kind)) return 'url';
  // Our reading for the newer `copy` action: its third bare section is the value to copy.
  if (section === 2 && kind === 'copy') return 'value';
  return '';
}

function setMapEntry(action: SimpleAction, map: 'headers' | 'extras', name: string, value: string): void {
  const existing = action[map];
  const entries = typeof existing === 'object' && existing !== null ? (existing as Record<string, string>) : {};
  action[map] = { ...entries, [name]: value };
}

/** Applies one section to the action; `headers.` and `extras.` prefixes are case-sensitive, other keys are not. */
function applySection(action: SimpleAction, section: number, { key: givenKey, value }: Section): void {
  const key = givenKey === '' ? positionalKey(section, action) : givenKey;
  if (key === '') throw new ActionSyntaxError(`term '${value}' unknown`);
  if (key.startsWith('headers.')) {
    setMapEntry(action, 'headers', key.slice('headers.'.length), value);
    return;
  }
  if (key.startsWith('extras.')) {
    setMapEntry(action, 'extras', key.slice('extras.'.length), value);
    return;
  }
  const name = key.toLowerCase();
  if (name === 'clear') {
    const word = value.toLowerCase();
    if (!booleanWords.has(word)) {
      throw new ActionSyntaxError(
        `parameter 'clear' cannot be '${value}', only boolean values are allowed (true/yes/1/false/no/0)`,
      );
    }
    action.clear = word === 'true' || word === 'yes' || word === '1';
    return;
  }
  if (!['action', 'label', 'url', 'method', 'body', 'intent', 'value'].includes(name)) {
    throw new ActionSyntaxError(`key '${key}' unknown`);
  }
  action[name] = value;
}

function readAction(cursor: Cursor): SimpleAction {
  const action: SimpleAction = {};
  for (let section = 0; ; section++) {
    const read = readSection(cursor);
    applySection(action, section, read);
    cursor.skipSpaces();
    if (read.last) return action;
  }
}

/** Parses the simple format into loose action objects; syntax errors are 400 (40018) with ntfy's detail text. */
export function parseSimpleActions(input: string): SimpleAction[] {
  const cursor = new Cursor(input);
  const actions: SimpleAction[] = [];
  while (!cursor.atEnd) actions.push(readAction(cursor));
  return actions;
}
