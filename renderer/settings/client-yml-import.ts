/**
 * Reads the subscriptions of the official ntfy CLI's client.yml (https://docs.ntfy.sh/subscribe/cli/#configuration)
 * into an import plan. Credentials and commands are counted, never carried over. Only the shape is checked here;
 * the core checks the values when each item is saved (import-plan.ts).
 */
import { parse as parseYaml } from 'yaml';
import { errorMessage } from '../../common/error-message.ts';
import { normalizeServerUrl, serverUrlError } from '../../common/server-url.ts';
import type { FiltersDto } from '../../common/ipc.ts';
import {
  type ImportParseResult,
  isObject,
  ItemError,
  normalizeServer,
  type PlannedSubscription,
  readItems,
  subscriptionKey,
  withoutDuplicates,
} from './import-plan.ts';

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

/** `high, urgent` → ["high", "urgent"]. */
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
    if (name === 'priority' || name === 'tags') filters[name] = commaList(text);
    else filters[name] = text;
  }
  return filters;
}

/**
 * A `topic:` value as the ntfy CLI expands it: a full URL, `host/topic` (https is assumed), or a bare name on
 * `defaultHost`. The topic is the last path segment; anything before it is the server's base path. The name itself
 * is the core's to judge when the item is saved.
 */
export function resolveClientTopic(topic: string, defaultHost: string): { server: string; topic: string } {
  const trimmed = topic.trim();
  if (!trimmed.includes('/')) return { server: normalizeServer(defaultHost), topic: trimmed };
  const scheme = /^([a-z][-+.a-z0-9]*):\/\//i.exec(trimmed)?.[1];
  if (scheme !== undefined && !/^https?$/i.test(scheme)) throw new ItemError(`topic URL "${topic}" must be http(s)`);
  const text = scheme === undefined ? `https://${trimmed}` : trimmed;
  if (!URL.canParse(text)) throw new ItemError(`topic URL "${topic}" is not a valid URL`);
  const url = new URL(text);
  if (url.username !== '' || url.password !== '') {
    throw new ItemError(`topic URL "${topic}" must not contain credentials`);
  }
  if (url.search !== '' || url.hash !== '') {
    throw new ItemError(`topic URL "${topic}" must not have a query or fragment`);
  }
  const segments = url.pathname.split('/').filter((segment) => segment !== '');
  const name = segments.pop();
  if (name === undefined) throw new ItemError(`topic URL "${topic}" does not end in a topic name`);
  const basePath = segments.map((segment) => `/${segment}`).join('');
  return { server: normalizeServer(`${url.origin}${basePath}`), topic: name };
}

function hasValue(value: unknown): boolean {
  return value !== undefined && value !== null && value !== '';
}

export interface ClientYmlOptions {
  /** Used for bare topic names when the file has no `default-host`. */
  readonly defaultServer: string;
}

type ClientItem = PlannedSubscription & { readonly credentials: boolean; readonly command: boolean };

interface ClientDefaults {
  readonly host: string;
  /** The CLI uses the default credentials and command for every subscription that has none of its own. */
  readonly credentials: boolean;
  readonly command: boolean;
}

function readClientItem(item: unknown, label: string, defaults: ClientDefaults): ClientItem {
  if (!isObject(item)) throw new ItemError('must be a mapping with a topic');
  const unknownKey = Object.keys(item).find((key) => !CLIENT_ITEM_KEYS.has(key));
  if (unknownKey !== undefined) throw new ItemError(`has an unknown field "${unknownKey}"`);
  if (!hasValue(item['topic'])) throw new ItemError('has no topic');
  const { server, topic } = resolveClientTopic(scalarText(item['topic'], 'topic'), defaults.host);
  return {
    label,
    input: { server, topic, filters: readIfFilters(item['if']) },
    credentials: defaults.credentials || ['user', 'password', 'token'].some((key) => hasValue(item[key])),
    command: defaults.command || hasValue(item['command']),
  };
}

function parseYamlText(text: string): { ok: true; value: unknown } | { ok: false; error: string } {
  try {
    return { ok: true, value: parseYaml(text, { logLevel: 'error' }) };
  } catch (error) {
    // The yaml package appends a multi-line excerpt of the source; its first line says what and where.
    const message = (errorMessage(error).split('\n')[0] ?? '').replace(/:$/, '');
    return { ok: false, error: `is not valid YAML: ${message}` };
  }
}

/** Reads the subscriptions of an ntfy CLI client.yml. */
export function parseClientYml(text: string, options: ClientYmlOptions): ImportParseResult {
  const parsed = parseYamlText(text);
  if (!parsed.ok) return parsed;
  const { value } = parsed;
  if (!isObject(value)) return { ok: false, error: 'is not a client.yml (expected a mapping with a subscribe: list)' };
  const subscribe = value['subscribe'];
  if (!Array.isArray(subscribe)) return { ok: false, error: 'has no subscribe: list' };

  const hostValue = value['default-host'];
  let host = options.defaultServer;
  if (hasValue(hostValue)) {
    if (typeof hostValue !== 'string') return { ok: false, error: 'default-host must be a URL' };
    const hostError = serverUrlError(hostValue);
    if (hostError !== undefined) return { ok: false, error: `default-host "${hostValue}" ${hostError.message}` };
    host = normalizeServerUrl(hostValue);
  }
  const defaults: ClientDefaults = {
    host,
    credentials: ['default-user', 'default-password', 'default-token'].some((key) => hasValue(value[key])),
    command: hasValue(value['default-command']),
  };

  const { planned, problems } = readItems(subscribe, (item, label) => readClientItem(item, label, defaults));
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
