/**
 * Subscription lists as files, with no DOM and no React: our own JSON export (never a secret in it) and what can be
 * read back from it or from the official ntfy CLI's client.yml. Parsing only prepares `SubscriptionInput`s and says
 * what it could not read, item by item; the core still validates every one when it is saved.
 */
import { parse as parseYaml } from 'yaml';
import { INVALID_PRIORITY_FILTER, invalidPriorityFilterValue } from '../../common/priority-filter.ts';
import { INVALID_SERVER_URL, normalizeServerUrl, serverUrlError } from '../../common/server-url.ts';
import { topicNameError } from '../../common/topic-name.ts';
import { isTransportKind, NTFY_TRANSPORTS } from '../../common/transports.ts';
import type { FiltersDto, PriorityDto, SubscriptionDto, SubscriptionInput } from '../../common/ipc.ts';

export const SUBSCRIPTIONS_FILE_FORMAT = 'ntfy-tray-subscriptions';
export const SUBSCRIPTIONS_FILE_VERSION = 1;
export const SUBSCRIPTIONS_FILE_NAME = 'ntfy-tray-subscriptions.json';

/** One subscription as exported: what it takes to subscribe again, nothing about credentials. */
export type ExportedSubscription = Pick<
  SubscriptionDto,
  'server' | 'topic' | 'displayName' | 'transport' | 'filters' | 'muted' | 'minPriority'
>;

export interface SubscriptionsFile {
  readonly format: typeof SUBSCRIPTIONS_FILE_FORMAT;
  readonly version: typeof SUBSCRIPTIONS_FILE_VERSION;
  readonly subscriptions: readonly ExportedSubscription[];
}

/** A subscription read from a file, with `label` naming where it came from (for messages about it). */
export interface PlannedSubscription {
  readonly label: string;
  readonly input: SubscriptionInput;
  /** The file asked for the raw stream, which the app no longer offers; `input` uses json instead. */
  readonly rawAsJson?: true;
}

export interface ItemProblem {
  readonly label: string;
  readonly message: string;
}

/** What a file holds, ready to be saved one by one. */
export interface ImportPlan {
  readonly subscriptions: readonly PlannedSubscription[];
  /** Items that could not be read. */
  readonly problems: readonly ItemProblem[];
  /** Items naming a server and topic that an earlier item of the same file already named. */
  readonly duplicates: number;
  /** client.yml only: subscriptions that came with a user, password or token (never imported). */
  readonly withCredentials: number;
  /** client.yml only: items with a `command` (or under a `default-command`); ntfy Tray runs no commands. */
  readonly withCommand: number;
}

export type ImportParseResult =
  { readonly ok: true; readonly plan: ImportPlan } | { readonly ok: false; readonly error: string };

const DISPLAY_NAME_MAX = 100;
const FILTER_TEXT_MAX = 1000;

type JsonObject = Readonly<Record<string, unknown>>;

function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Thrown inside an item's reader; turned into that item's problem. */
class ItemError extends Error {}

// ---- export ------------------------------------------------------------------------------------------------------

/** Picks the exported fields one by one, so nothing the DTO gains later (or holds about auth) can slip out. */
export function toExportedSubscription(subscription: SubscriptionDto): ExportedSubscription {
  return {
    server: subscription.server,
    topic: subscription.topic,
    ...(subscription.displayName === undefined ? {} : { displayName: subscription.displayName }),
    transport: subscription.transport,
    filters: pickFilters(subscription.filters),
    muted: subscription.muted,
    minPriority: subscription.minPriority,
  };
}

function pickFilters(filters: FiltersDto): FiltersDto {
  return {
    ...(filters.id === undefined ? {} : { id: filters.id }),
    ...(filters.message === undefined ? {} : { message: filters.message }),
    ...(filters.title === undefined ? {} : { title: filters.title }),
    ...(filters.priority === undefined ? {} : { priority: [...filters.priority] }),
    ...(filters.tags === undefined ? {} : { tags: [...filters.tags] }),
  };
}

/** The export file's text (pretty-printed, ending in a newline). */
export function serializeSubscriptions(subscriptions: readonly SubscriptionDto[]): string {
  const file: SubscriptionsFile = {
    format: SUBSCRIPTIONS_FILE_FORMAT,
    version: SUBSCRIPTIONS_FILE_VERSION,
    subscriptions: subscriptions.map(toExportedSubscription),
  };
  return `${JSON.stringify(file, null, 2)}\n`;
}

// ---- shared readers ----------------------------------------------------------------------------------------------

/** `https://Host/base/` → `https://host/base`: the same form the core keys servers by. */
export function normalizeServer(text: string): string {
  const error = serverUrlError(text);
  if (error !== undefined) throw new ItemError(`server ${error.message}`);
  return normalizeServerUrl(text);
}

function checkTopic(topic: string): string {
  const error = topicNameError(topic);
  if (error !== undefined) throw new ItemError(`topic ${error.message} (got "${topic}")`);
  return topic;
}

function checkPriorityFilter(values: readonly string[]): string[] {
  const bad = invalidPriorityFilterValue(values);
  if (bad !== undefined) throw new ItemError(`priority filter "${bad}" ${INVALID_PRIORITY_FILTER.message}`);
  return [...values];
}

function checkTags(values: readonly string[]): string[] {
  const bad = values.find((value) => value === '' || value.trim() !== value || value.includes(','));
  if (bad !== undefined) throw new ItemError(`tag filter "${bad}" must be non-empty, without commas or spaces around`);
  return [...values];
}

function checkFilterText(name: string, value: string): string {
  if (value.trim() === '' || value.length > FILTER_TEXT_MAX) {
    throw new ItemError(`${name} filter must be 1 to ${FILTER_TEXT_MAX} characters, not blank`);
  }
  return value;
}

function subscriptionKey(input: SubscriptionInput): string {
  return `${input.server} ${input.topic}`;
}

/** Drops items naming the same server and topic as an earlier one, counting them. */
function withoutDuplicates<T extends PlannedSubscription>(items: readonly T[]): { kept: T[]; duplicates: number } {
  const seen = new Set<string>();
  const kept: T[] = [];
  for (const item of items) {
    const key = subscriptionKey(item.input);
    if (seen.has(key)) continue;
    seen.add(key);
    kept.push(item);
  }
  return { kept, duplicates: items.length - kept.length };
}

function itemLabel(index: number, topic: unknown): string {
  return typeof topic === 'string' && topic !== '' ? `item ${index + 1} (${topic})` : `item ${index + 1}`;
}

// ---- our JSON ----------------------------------------------------------------------------------------------------

const EXPORTED_KEYS = new Set(['server', 'topic', 'displayName', 'transport', 'filters', 'muted', 'minPriority']);
const FILTER_KEYS = new Set(['id', 'message', 'title', 'priority', 'tags']);

function stringList(value: unknown, what: string): string[] {
  if (!Array.isArray(value) || !value.every((item) => typeof item === 'string')) {
    throw new ItemError(`${what} must be a list of texts`);
  }
  return value;
}

function readExportedFilters(value: unknown): FiltersDto {
  if (value === undefined) return {};
  if (!isObject(value)) throw new ItemError('filters must be an object');
  const unknownKey = Object.keys(value).find((key) => !FILTER_KEYS.has(key));
  if (unknownKey !== undefined) throw new ItemError(`filters has an unknown field "${unknownKey}"`);
  const text = (key: 'id' | 'message' | 'title'): string | undefined => {
    const found = value[key];
    if (found === undefined) return undefined;
    if (typeof found !== 'string') throw new ItemError(`${key} filter must be a text`);
    return checkFilterText(key, found);
  };
  const id = text('id');
  const message = text('message');
  const title = text('title');
  const priority = value['priority'] === undefined ? undefined : stringList(value['priority'], 'priority filter');
  const tags = value['tags'] === undefined ? undefined : stringList(value['tags'], 'tags filter');
  return {
    ...(id === undefined ? {} : { id }),
    ...(message === undefined ? {} : { message }),
    ...(title === undefined ? {} : { title }),
    ...(priority === undefined ? {} : { priority: checkPriorityFilter(priority) }),
    ...(tags === undefined ? {} : { tags: checkTags(tags) }),
  };
}

function readExportedSubscription(value: unknown): SubscriptionInput {
  if (!isObject(value)) throw new ItemError('must be an object');
  const unknownKey = Object.keys(value).find((key) => !EXPORTED_KEYS.has(key));
  if (unknownKey !== undefined) throw new ItemError(`has an unknown field "${unknownKey}"`);
  const { server, topic, displayName, transport, filters, muted, minPriority } = value;
  if (typeof server !== 'string') throw new ItemError('server must be a text');
  if (typeof topic !== 'string') throw new ItemError('topic must be a text');
  if (
    displayName !== undefined &&
    (typeof displayName !== 'string' || displayName.trim() === '' || displayName.length > DISPLAY_NAME_MAX)
  ) {
    throw new ItemError(`displayName must be 1 to ${DISPLAY_NAME_MAX} characters, not blank`);
  }
  // Every ntfy stream is read, raw too (older exports have it), but raw is imported as json: the app does not offer it.
  if (transport !== undefined && !isTransportKind(transport)) {
    throw new ItemError(`transport must be one of ${NTFY_TRANSPORTS.join(', ')}`);
  }
  if (muted !== undefined && typeof muted !== 'boolean') throw new ItemError('muted must be true or false');
  if (minPriority !== undefined && (typeof minPriority !== 'number' || ![1, 2, 3, 4, 5].includes(minPriority))) {
    throw new ItemError('minPriority must be a whole number from 1 to 5');
  }
  return {
    server: normalizeServer(server),
    topic: checkTopic(topic),
    ...(displayName === undefined ? {} : { displayName }),
    ...(transport === undefined ? {} : { transport: transport === 'raw' ? 'json' : transport }),
    filters: readExportedFilters(filters),
    ...(muted === undefined ? {} : { muted }),
    ...(minPriority === undefined ? {} : { minPriority: minPriority as PriorityDto }),
  };
}

/** Reads a file written by `serializeSubscriptions` (or by hand in the same shape). */
export function parseSubscriptionsJson(text: string): ImportParseResult {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return { ok: false, error: `is not valid JSON: ${error instanceof Error ? error.message : String(error)}` };
  }
  if (!isObject(value) || value['format'] !== SUBSCRIPTIONS_FILE_FORMAT) {
    return { ok: false, error: `is not an ntfy Tray subscriptions file (no "format": "${SUBSCRIPTIONS_FILE_FORMAT}")` };
  }
  const version = value['version'];
  if (version !== SUBSCRIPTIONS_FILE_VERSION) {
    return typeof version === 'number' && version > SUBSCRIPTIONS_FILE_VERSION
      ? { ok: false, error: `was written by a newer ntfy Tray (format version ${version})` }
      : {
          ok: false,
          error: `has an unknown format version (${version === undefined ? 'none' : JSON.stringify(version)})`,
        };
  }
  const items = value['subscriptions'];
  if (!Array.isArray(items)) return { ok: false, error: 'has no "subscriptions" list' };

  const planned: PlannedSubscription[] = [];
  const problems: ItemProblem[] = [];
  items.forEach((item: unknown, index) => {
    const label = itemLabel(index, isObject(item) ? item['topic'] : undefined);
    try {
      const input = readExportedSubscription(item);
      planned.push(
        isObject(item) && item['transport'] === 'raw' ? { label, input, rawAsJson: true } : { label, input },
      );
    } catch (error) {
      if (!(error instanceof ItemError)) throw error;
      problems.push({ label, message: error.message });
    }
  });
  const { kept, duplicates } = withoutDuplicates(planned);
  return { ok: true, plan: { subscriptions: kept, problems, duplicates, withCredentials: 0, withCommand: 0 } };
}

// ---- the ntfy CLI's client.yml -------------------------------------------------------------------------------------

/**
 * `if:` keys the ntfy server reads as filters, with the aliases it accepts
 * (https://docs.ntfy.sh/subscribe/cli/#subscribe-to-multiple-topics, https://docs.ntfy.sh/subscribe/api/#filter-messages).
 */
const IF_KEYS: ReadonlyMap<string, keyof FiltersDto> = new Map<string, keyof FiltersDto>([
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

const CLIENT_ITEM_KEYS = new Set(['topic', 'user', 'password', 'token', 'command', 'if']);

/** A YAML scalar as the Go client reads it into a string (`priority: 5` is the text "5" there). */
function scalarText(value: unknown, what: string): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  throw new ItemError(`${what} must be a text`);
}

function commaList(text: string): string[] {
  return text.split(',').map((part) => part.trim());
}

function readIfFilters(value: unknown): FiltersDto {
  if (value === undefined || value === null) return {};
  if (!isObject(value)) throw new ItemError('"if" must be a mapping of filters');
  const filters: { -readonly [K in keyof FiltersDto]: FiltersDto[K] } = {};
  for (const [key, raw] of Object.entries(value)) {
    const name = IF_KEYS.get(key.toLowerCase());
    if (name === undefined) throw new ItemError(`"if" has an unknown filter "${key}"`);
    const text = scalarText(raw, `filter "${key}"`);
    if (name === 'priority') filters.priority = checkPriorityFilter(commaList(text));
    else if (name === 'tags') filters.tags = checkTags(commaList(text));
    else filters[name] = checkFilterText(name, text);
  }
  return filters;
}

/**
 * A `topic:` value as the ntfy CLI expands it: a full URL, `host/topic` (https is assumed), or a bare name on
 * `defaultHost`. The topic is the last path segment; anything before it is the server's base path.
 */
export function resolveClientTopic(topic: string, defaultHost: string): { server: string; topic: string } {
  const trimmed = topic.trim();
  if (!trimmed.includes('/')) return { server: normalizeServer(defaultHost), topic: checkTopic(trimmed) };
  const scheme = /^([a-z][-+.a-z0-9]*):\/\//i.exec(trimmed)?.[1];
  if (scheme !== undefined && !/^https?$/i.test(scheme)) throw new ItemError(`topic URL "${topic}" must be http(s)`);
  const text = scheme === undefined ? `https://${trimmed}` : trimmed;
  if (!URL.canParse(text)) throw new ItemError(`topic URL "${topic}" is not a valid URL`);
  const url = new URL(text);
  if (url.username !== '' || url.password !== '')
    throw new ItemError(`topic URL "${topic}" must not contain credentials`);
  if (url.search !== '' || url.hash !== '')
    throw new ItemError(`topic URL "${topic}" must not have a query or fragment`);
  const segments = url.pathname.split('/').filter((segment) => segment !== '');
  const name = segments.pop();
  if (name === undefined) throw new ItemError(`topic URL "${topic}" does not end in a topic name`);
  const basePath = segments.map((segment) => `/${segment}`).join('');
  return { server: normalizeServer(`${url.origin}${basePath}`), topic: checkTopic(name) };
}

function hasValue(value: unknown): boolean {
  return value !== undefined && value !== null && value !== '';
}

export interface ClientYmlOptions {
  /** Used for bare topic names when the file has no `default-host`. */
  readonly defaultServer: string;
}

/** Reads the subscriptions of an ntfy CLI client.yml (https://docs.ntfy.sh/subscribe/cli/#configuration). */
export function parseClientYml(text: string, options: ClientYmlOptions): ImportParseResult {
  let value: unknown;
  try {
    value = parseYaml(text, { logLevel: 'error' });
  } catch (error) {
    // The yaml package appends a multi-line excerpt of the source; its first line says what and where.
    const message =
      error instanceof Error ? (error.message.split('\n')[0] ?? error.message).replace(/:$/, '') : String(error);
    return { ok: false, error: `is not valid YAML: ${message}` };
  }
  if (!isObject(value)) return { ok: false, error: 'is not a client.yml (expected a mapping with a subscribe: list)' };
  const subscribe = value['subscribe'];
  if (!Array.isArray(subscribe)) return { ok: false, error: 'has no subscribe: list' };

  const hostValue = value['default-host'];
  let defaultHost = options.defaultServer;
  if (hasValue(hostValue)) {
    if (typeof hostValue !== 'string') return { ok: false, error: 'default-host must be a URL' };
    try {
      defaultHost = normalizeServer(hostValue);
    } catch {
      return { ok: false, error: `default-host "${hostValue}" ${INVALID_SERVER_URL.message}` };
    }
  }
  // The CLI uses the default credentials and command for every subscription that has none of its own.
  const defaultCredentials = ['default-user', 'default-password', 'default-token'].some((key) => hasValue(value[key]));
  const defaultCommand = hasValue(value['default-command']);

  const planned: (PlannedSubscription & { readonly credentials: boolean; readonly command: boolean })[] = [];
  const problems: ItemProblem[] = [];
  subscribe.forEach((item: unknown, index) => {
    const label = itemLabel(index, isObject(item) ? item['topic'] : undefined);
    try {
      if (!isObject(item)) throw new ItemError('must be a mapping with a topic');
      const unknownKey = Object.keys(item).find((key) => !CLIENT_ITEM_KEYS.has(key));
      if (unknownKey !== undefined) throw new ItemError(`has an unknown field "${unknownKey}"`);
      if (!hasValue(item['topic'])) throw new ItemError('has no topic');
      const { server, topic } = resolveClientTopic(scalarText(item['topic'], 'topic'), defaultHost);
      const filters = readIfFilters(item['if']);
      planned.push({
        label,
        input: { server, topic, filters },
        credentials: defaultCredentials || ['user', 'password', 'token'].some((key) => hasValue(item[key])),
        command: defaultCommand || hasValue(item['command']),
      });
    } catch (error) {
      if (!(error instanceof ItemError)) throw error;
      problems.push({ label, message: error.message });
    }
  });
  const { kept, duplicates } = withoutDuplicates(planned);
  const withCredentials = new Set(
    planned.filter((item) => item.credentials).map((item) => subscriptionKey(item.input)),
  );
  return {
    ok: true,
    plan: {
      subscriptions: kept.map(({ label, input }) => ({ label, input })),
      problems,
      duplicates,
      // A subscription named twice had credentials if either mention did; every command in the file was ignored.
      withCredentials: kept.filter((item) => withCredentials.has(subscriptionKey(item.input))).length,
      withCommand: planned.filter((item) => item.command).length,
    },
  };
}
