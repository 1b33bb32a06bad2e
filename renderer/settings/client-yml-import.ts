/**
 * Reads the subscriptions of the official ntfy CLI's client.yml (https://docs.ntfy.sh/subscribe/cli/#configuration)
 * into an import plan. Credentials and commands are counted, never carried over. Only the shape is checked here;
 * the core checks the values when each item is saved (import-plan.ts).
 */
import { parse as parseYaml } from 'yaml';
import { errorMessage } from '../../common/error-message.ts';
import { t } from '../../common/i18n/translate.ts';
import { normalizeServerUrl, serverUrlError } from '../../common/server-url.ts';
import type { FiltersDto } from '../../common/ipc.ts';
import {
  fieldError,
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

/**
 * A YAML scalar as the Go client reads it into a string (`priority: 5` is the text "5" there); undefined for a list
 * or mapping.
 */
function scalarText(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return undefined;
}

/** `high, urgent` → ["high", "urgent"]. */
function commaList(text: string): string[] {
  return text.split(',').map((part) => part.trim());
}

function readIfFilters(value: unknown): FiltersDto {
  if (value === undefined || value === null) return {};
  if (!isObject(value)) throw new ItemError(t('settings.import.problem.yml-if-not-mapping'));
  const filters: { -readonly [K in keyof FiltersDto]: FiltersDto[K] } = {};
  for (const [key, raw] of Object.entries(value)) {
    const name = IF_KEYS.get(key.toLowerCase());
    if (name === undefined) throw new ItemError(t('settings.import.problem.yml-unknown-filter', { name: key }));
    const text = scalarText(raw);
    if (text === undefined) {
      throw new ItemError(
        t('settings.import.problem.yml-filter', { name: key, problem: t('settings.import.problem.not-text') }),
      );
    }
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
  const params = { url: topic };
  if (scheme !== undefined && !/^https?$/i.test(scheme)) {
    throw new ItemError(t('settings.import.problem.topic-url-scheme', params));
  }
  const text = scheme === undefined ? `https://${trimmed}` : trimmed;
  if (!URL.canParse(text)) throw new ItemError(t('settings.import.problem.topic-url-invalid', params));
  const url = new URL(text);
  if (url.username !== '' || url.password !== '') {
    throw new ItemError(t('settings.import.problem.topic-url-credentials', params));
  }
  if (url.search !== '' || url.hash !== '') throw new ItemError(t('settings.import.problem.topic-url-query', params));
  const segments = url.pathname.split('/').filter((segment) => segment !== '');
  const name = segments.pop();
  if (name === undefined) throw new ItemError(t('settings.import.problem.topic-url-no-topic', params));
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
  if (!isObject(item)) throw new ItemError(t('settings.import.problem.yml-not-mapping'));
  const unknownKey = Object.keys(item).find((key) => !CLIENT_ITEM_KEYS.has(key));
  if (unknownKey !== undefined) throw new ItemError(t('settings.import.problem.unknown-field', { name: unknownKey }));
  if (!hasValue(item['topic'])) throw new ItemError(t('settings.import.problem.yml-no-topic'));
  const topicText = scalarText(item['topic']);
  if (topicText === undefined) throw fieldError('topic', t('settings.import.problem.not-text'));
  const { server, topic } = resolveClientTopic(topicText, defaults.host);
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
    return { ok: false, error: t('settings.import.file.not-yaml', { reason: message }) };
  }
}

/** Reads the subscriptions of an ntfy CLI client.yml. */
export function parseClientYml(text: string, options: ClientYmlOptions): ImportParseResult {
  const parsed = parseYamlText(text);
  if (!parsed.ok) return parsed;
  const { value } = parsed;
  if (!isObject(value)) return { ok: false, error: t('settings.import.file.not-client-yml') };
  const subscribe = value['subscribe'];
  if (!Array.isArray(subscribe)) return { ok: false, error: t('settings.import.file.no-subscribe-list') };

  const hostValue = value['default-host'];
  let host = options.defaultServer;
  if (hasValue(hostValue)) {
    if (typeof hostValue !== 'string') return { ok: false, error: t('settings.import.file.default-host-not-text') };
    const hostError = serverUrlError(hostValue);
    if (hostError !== undefined) {
      return {
        ok: false,
        error: t('settings.import.file.default-host', { url: hostValue, problem: hostError.message }),
      };
    }
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
