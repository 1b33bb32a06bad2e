/**
 * ntfy's client.yml (client/config.go, client/client.yml) read into typed values: `default-host`, `default-user`,
 * `default-password`, `default-token`, `default-command`, and `subscribe:` entries with `topic`, `user`,
 * `password`, `token`, `command` and `if` (server-side filters). Pure: text in, a config or one reason out.
 *
 * Secrets are part of the result (the CLI sends them, an import stores them in the keychain) and never part of a
 * reason: an error names the field and the entry, never a value. Scalars are taken as ntfy's YAML library takes
 * them into its string fields (`password: 1234` is the password "1234"); `~` or an empty value is "not set", but
 * `""` is set and empty — for an entry, an empty token (or empty user and password) means "no credentials", not
 * the defaults (cmd/subscribe.go maybeAddAuthHeader).
 */
import { type Document, isScalar, LineCounter, parseDocument, visit } from 'yaml';

/** ntfy's DefaultBaseURL, used when `default-host` is not set. */
const NTFY_DEFAULT_HOST = 'https://ntfy.sh';

/** The filter names ntfy's `if:` passes on as query parameters that the server reads (docs: filter messages). */
type ClientConfigFilter = 'id' | 'message' | 'title' | 'priority' | 'tags';

export interface ClientConfigEntry {
  /** As written: a topic, host/topic or a URL; read against `defaultHost`. */
  readonly topic: string;
  readonly user?: string;
  readonly password?: string;
  readonly token?: string;
  readonly command?: string;
  readonly if: Readonly<Partial<Record<ClientConfigFilter, string>>>;
}

export interface ClientConfig {
  /** `default-host`, or https://ntfy.sh when not set (see `defaultHostSet`). */
  readonly defaultHost: string;
  readonly defaultHostSet: boolean;
  readonly defaultUser?: string;
  readonly defaultPassword?: string;
  readonly defaultToken?: string;
  readonly defaultCommand?: string;
  readonly subscribe: readonly ClientConfigEntry[];
  /**
   * Keys ntfy does not know, left out: ntfy's YAML reader (yaml.v2 Unmarshal, not UnmarshalStrict) ignores them
   * without a word; the CLI warns about each on stderr (a misspelt `pasword` would otherwise go unnoticed).
   */
  readonly ignoredFields: readonly IgnoredField[];
}

/** A key the file has that ntfy does not read; `entry` (1-based) for one inside a `subscribe:` entry. */
interface IgnoredField {
  readonly field: string;
  readonly entry?: number;
}

/** Why a file is not a usable client.yml: a code each face words, with the field and entry (1-based) it is about. */
export type ClientConfigProblem =
  | { readonly kind: 'yaml'; readonly line?: number }
  /** An alias bomb (billion laughs): its aliases would expand past what any client.yml needs. */
  | { readonly kind: 'aliases' }
  | { readonly kind: 'duplicate-key'; readonly field: string; readonly line: number }
  | { readonly kind: 'not-a-map'; readonly field?: string; readonly entry?: number }
  | { readonly kind: 'not-a-list'; readonly field: string }
  | { readonly kind: 'not-text'; readonly field: string; readonly entry?: number }
  | { readonly kind: 'unknown-filter'; readonly field: string; readonly entry: number }
  | { readonly kind: 'missing-topic'; readonly entry: number };

type ClientConfigResult =
  { readonly ok: true; readonly config: ClientConfig } | { readonly ok: false; readonly problem: ClientConfigProblem };

const TOP_FIELDS = [
  'default-host',
  'default-user',
  'default-password',
  'default-token',
  'default-command',
  'subscribe',
];
const ENTRY_FIELDS = ['topic', 'user', 'password', 'token', 'command', 'if'];

class ProblemError extends Error {
  readonly problem: ClientConfigProblem;
  constructor(problem: ClientConfigProblem) {
    super(problem.kind);
    this.problem = problem;
  }
}

function isMap(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A scalar as text; undefined for null (`~`, or nothing after the colon). */
function text(value: unknown, field: string, entry?: number): string | undefined {
  if (value === null || value === undefined) return undefined;
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  throw new ProblemError({ kind: 'not-text', field, ...(entry === undefined ? {} : { entry }) });
}

function unknownFields(map: Record<string, unknown>, known: readonly string[], entry?: number): IgnoredField[] {
  return Object.keys(map)
    .filter((field) => !known.includes(field))
    .map((field) => (entry === undefined ? { field } : { field, entry }));
}

/**
 * Every name the server reads each filter under (server/types.go parseQueryFilters: `readParam(r, "x-priority",
 * "priority", "prio", "p")` …): ntfy's CLI passes `if:` keys on as query parameters as written, so each works.
 */
const FILTER_ALIASES: ReadonlyMap<string, ClientConfigFilter> = new Map<string, ClientConfigFilter>([
  ['id', 'id'],
  ['x-id', 'id'],
  ['message', 'message'],
  ['x-message', 'message'],
  ['m', 'message'],
  ['title', 'title'],
  ['x-title', 'title'],
  ['t', 'title'],
  ['priority', 'priority'],
  ['x-priority', 'priority'],
  ['prio', 'priority'],
  ['p', 'priority'],
  ['tags', 'tags'],
  ['x-tags', 'tags'],
  ['tag', 'tags'],
  ['ta', 'tags'],
]);

function readFilters(value: unknown, entry: number): ClientConfigEntry['if'] {
  if (value === null || value === undefined) return {};
  if (!isMap(value)) throw new ProblemError({ kind: 'not-a-map', field: 'if', entry });
  const filters: Partial<Record<ClientConfigFilter, string>> = {};
  for (const [name, raw] of Object.entries(value)) {
    const filter = FILTER_ALIASES.get(name);
    if (filter === undefined) throw new ProblemError({ kind: 'unknown-filter', field: name, entry });
    const filterText = text(raw, `if.${name}`, entry);
    if (filterText !== undefined) filters[filter] = filterText;
  }
  return filters;
}

function readEntry(value: unknown, entry: number, ignored: IgnoredField[]): ClientConfigEntry {
  if (!isMap(value)) throw new ProblemError({ kind: 'not-a-map', entry });
  ignored.push(...unknownFields(value, ENTRY_FIELDS, entry));
  const topic = text(value['topic'], 'topic', entry);
  if (topic === undefined || topic.trim() === '') throw new ProblemError({ kind: 'missing-topic', entry });
  const user = text(value['user'], 'user', entry);
  const password = text(value['password'], 'password', entry);
  const token = text(value['token'], 'token', entry);
  const command = text(value['command'], 'command', entry);
  return {
    topic: topic.trim(),
    ...(user === undefined ? {} : { user }),
    ...(password === undefined ? {} : { password }),
    ...(token === undefined ? {} : { token }),
    ...(command === undefined || command === '' ? {} : { command }),
    if: readFilters(value['if'], entry),
  };
}

function readConfig(root: unknown): ClientConfig {
  // An empty file (or one with only comments, as ntfy ships it) is the default config.
  if (root === null || root === undefined)
    return { defaultHost: NTFY_DEFAULT_HOST, defaultHostSet: false, subscribe: [], ignoredFields: [] };
  if (!isMap(root)) throw new ProblemError({ kind: 'not-a-map' });
  const ignored = unknownFields(root, TOP_FIELDS);
  const host = text(root['default-host'], 'default-host');
  const defaultUser = text(root['default-user'], 'default-user');
  const defaultPassword = text(root['default-password'], 'default-password');
  const defaultToken = text(root['default-token'], 'default-token');
  const defaultCommand = text(root['default-command'], 'default-command');
  // client.yml says "a default token … or a default user:password combination, but not both", yet ntfy's CLI takes
  // a file with both and sends the token (cmd/subscribe.go maybeAddAuthHeader, cmd/publish.go): so do we
  // (cli/client-config-plan.ts), for the entries' own token and user too.
  const list = root['subscribe'];
  if (list !== null && list !== undefined && !Array.isArray(list)) {
    throw new ProblemError({ kind: 'not-a-list', field: 'subscribe' });
  }
  const entries: unknown[] = Array.isArray(list) ? list : [];
  const hostSet = host !== undefined && host.trim() !== '';
  return {
    defaultHost: hostSet ? host.trim() : NTFY_DEFAULT_HOST,
    defaultHostSet: hostSet,
    ...(defaultUser === undefined || defaultUser === '' ? {} : { defaultUser }),
    ...(defaultPassword === undefined ? {} : { defaultPassword }),
    ...(defaultToken === undefined || defaultToken === '' ? {} : { defaultToken }),
    ...(defaultCommand === undefined || defaultCommand === '' ? {} : { defaultCommand }),
    subscribe: entries.map((entry, index) => readEntry(entry, index + 1, ignored)),
    ignoredFields: ignored,
  };
}

/**
 * How far aliases (`*name`) may expand, counted as the yaml library counts (ToJSOptions.maxAliasCount): a real
 * client.yml needs none, and a billion-laughs file stops here instead of filling memory.
 */
const MAX_ALIAS_COUNT = 100;

/**
 * The first key that a map names twice (ntfy's YAML library refuses such a file). Checked here with a set per map
 * rather than by the yaml library's `uniqueKeys`, which compares every key with every other: 20,000 keys took 12 s.
 */
function duplicateKey(document: Document, lines: LineCounter): ClientConfigProblem | undefined {
  let problem: ClientConfigProblem | undefined;
  visit(document, {
    Map(_, map) {
      const seen = new Set<string>();
      for (const { key } of map.items) {
        if (!isScalar(key)) continue;
        const name = String(key.value);
        if (seen.has(name)) {
          problem = { kind: 'duplicate-key', field: name, line: lines.linePos(key.range?.[0] ?? 0).line };
          return visit.BREAK;
        }
        seen.add(name);
      }
      return undefined;
    },
  });
  return problem;
}

/** The yaml library's own words for an alias bomb (compose/resolve … toJS, nodes/Alias.ts). */
function isAliasBomb(error: unknown): boolean {
  return error instanceof ReferenceError && /alias/i.test(error.message);
}

export function parseClientConfig(source: string): ClientConfigResult {
  const lines = new LineCounter();
  const document = parseDocument(source, { prettyErrors: false, uniqueKeys: false, lineCounter: lines });
  const [error] = document.errors;
  if (error !== undefined) {
    const line = error.linePos?.[0].line;
    return { ok: false, problem: { kind: 'yaml', ...(line === undefined ? {} : { line }) } };
  }
  const duplicate = duplicateKey(document, lines);
  if (duplicate !== undefined) return { ok: false, problem: duplicate };
  let root: unknown;
  try {
    root = document.toJS({ maxAliasCount: MAX_ALIAS_COUNT }) as unknown;
  } catch (caught) {
    if (isAliasBomb(caught)) return { ok: false, problem: { kind: 'aliases' } };
    throw caught;
  }
  try {
    return { ok: true, config: readConfig(root) };
  } catch (caught) {
    if (caught instanceof ProblemError) return { ok: false, problem: caught.problem };
    throw caught;
  }
}
