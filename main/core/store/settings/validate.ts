/**
 * The hand-written validator of the current settings document (schema.ts). It is strict: unknown keys are issues,
 * secret-named keys are refused outright, and every issue carries its path. On success it returns a fresh,
 * normalized copy (server URLs in `normalizeServerUrl` form), so callers never keep a reference to untrusted input.
 */
import { t } from '../../../../common/i18n/translate.ts';
import { normalizeServerUrl, serverUrlError } from '../../../../common/server-url.ts';
import { APP_TRANSPORTS, type AppTransportKind } from '../../../../common/transports.ts';
import type { SubscribeFilters } from '../../protocol/subscribe-request.ts';
import { invalidPriorityFilter, PRIORITY_FILTER_VALUES } from '../../../../common/priority-filter.ts';
import { topicNameError } from '../../../../common/topic-name.ts';
import {
  childPath,
  FieldReader,
  type FieldReaderOptions,
  type JsonRecord,
  type SettingsIssue,
} from './field-reader.ts';
import { readAccountSync } from './validate-account.ts';
import {
  AUTO_DOWNLOAD_FROM,
  DEFAULT_PREFERENCES,
  type HistoryRetention,
  LIMITS,
  type Preferences,
  type Priority,
  type QuietHours,
  type ServerAuth,
  type ServerSettings,
  SETTINGS_VERSION,
  type Settings,
  SUBSCRIPTION_KEYS,
  type SubscriptionSettings,
  THEMES,
} from './schema.ts';

export type { SettingsIssue } from './field-reader.ts';
export { formatIssue } from './field-reader.ts';

export type SettingsValidation =
  | { readonly ok: true; readonly settings: Settings }
  | { readonly ok: false; readonly issues: readonly SettingsIssue[] };

const ID = /^[-_A-Za-z0-9]{1,64}$/;
const TIME = /^(?:[01]\d|2[0-3]):[0-5]\d$/;

function checkUrl(value: string): string | undefined {
  return serverUrlError(value)?.message;
}

/** Reads a server URL and returns it normalized (the form every comparison and keychain entry uses). */
function readUrl(reader: FieldReader, record: JsonRecord, key: string, path: string): string {
  const value = reader.string(record, key, path, checkUrl);
  return checkUrl(value) === undefined ? normalizeServerUrl(value) : value;
}

function checkText(maxLength: number): (value: string) => string | undefined {
  return (value) =>
    value.trim() === '' || value.length > maxLength
      ? t('rules.settings.text-length', { max: String(maxLength) })
      : undefined;
}

function readAuth(reader: FieldReader, value: unknown, path: string): ServerAuth {
  const record = reader.object(value, path, ['kind', 'user']);
  if (record === undefined) return { kind: 'none' };
  const kind = reader.oneOf(record, 'kind', path, ['none', 'basic', 'token'] as const);
  // With an unknown kind there is nothing to check the user name against; the kind's issue says enough.
  if (record['kind'] !== kind) return { kind: 'none' };
  if (kind !== 'basic') {
    if (record['user'] !== undefined) reader.report(childPath(path, 'user'), t('rules.settings.user-only-basic'));
    return { kind };
  }
  // Basic auth sends `user:password`; servers split at the first colon, so a colon cannot be part of the name.
  const user = reader.string(record, 'user', path, (name) =>
    name.includes(':') ? t('rules.settings.user-colon') : checkText(LIMITS.userLength)(name),
  );
  return { kind, user };
}

function readServer(reader: FieldReader, value: unknown, path: string): ServerSettings | undefined {
  const record = reader.object(value, path, ['url', 'auth']);
  if (record === undefined) return undefined;
  return { url: readUrl(reader, record, 'url', path), auth: readAuth(reader, record['auth'], childPath(path, 'auth')) };
}

function readFilters(reader: FieldReader, value: unknown, path: string): SubscribeFilters {
  const record = reader.object(value, path, ['id', 'message', 'title', 'priority', 'tags']);
  if (record === undefined) return {};
  const text = checkText(LIMITS.filterTextLength);
  const id = reader.optionalString(record, 'id', path, text);
  const message = reader.optionalString(record, 'message', path, text);
  const title = reader.optionalString(record, 'title', path, text);
  const priority = reader.optionalStringList(record, 'priority', path, (item) =>
    PRIORITY_FILTER_VALUES.has(item) ? undefined : invalidPriorityFilter().message,
  );
  // Tags are sent comma-joined and matched exactly (the server does not trim), so commas and blanks cannot work.
  const tags = reader.optionalStringList(record, 'tags', path, (item) =>
    item.includes(',') || item.trim() !== item || item === '' ? t('rules.settings.tags') : undefined,
  );
  return {
    ...(id === undefined ? {} : { id }),
    ...(message === undefined ? {} : { message }),
    ...(title === undefined ? {} : { title }),
    ...(priority === undefined ? {} : { priority }),
    ...(tags === undefined ? {} : { tags }),
  };
}

/** Said to a bridge client (or a hand-edited file) asking for a raw subscription; see APP_TRANSPORTS. */
export function rawTransportRefused(): string {
  return t('rules.settings.raw-transport');
}

function readTransport(reader: FieldReader, record: JsonRecord, path: string): AppTransportKind {
  if (record['transport'] !== 'raw') return reader.oneOf(record, 'transport', path, APP_TRANSPORTS);
  reader.report(childPath(path, 'transport'), rawTransportRefused());
  return 'json';
}

/** A command is one line of shell; U+0000 cannot be passed to a process at all. */
function checkCommand(command: string): string | undefined {
  return command.includes('\u0000') ? t('rules.settings.command-nul') : checkText(LIMITS.commandLength)(command);
}

function readSubscription(reader: FieldReader, value: unknown, path: string): SubscriptionSettings | undefined {
  const record = reader.object(value, path, SUBSCRIPTION_KEYS);
  if (record === undefined) return undefined;
  const displayName = reader.optionalString(record, 'displayName', path, checkText(LIMITS.displayNameLength));
  const command = reader.optionalString(record, 'command', path, checkCommand);
  return {
    id: reader.string(record, 'id', path, (id) =>
      ID.test(id) ? undefined : t('rules.settings.id-pattern', { pattern: '[-_A-Za-z0-9]{1,64}' }),
    ),
    server: readUrl(reader, record, 'server', path),
    topic: reader.string(record, 'topic', path, (topic) => topicNameError(topic)?.message),
    ...(displayName === undefined ? {} : { displayName }),
    transport: readTransport(reader, record, path),
    filters: readFilters(reader, record['filters'], childPath(path, 'filters')),
    muted: reader.boolean(record, 'muted', path),
    minPriority: reader.integer(record, 'minPriority', path, { min: 1, max: 5 }) as Priority,
    ...(command === undefined ? {} : { command }),
    ...(record['auth'] === undefined ? {} : { auth: readAuth(reader, record['auth'], childPath(path, 'auth')) }),
  };
}

function readQuietHours(reader: FieldReader, value: unknown, path: string): QuietHours {
  const record = reader.object(value, path, ['enabled', 'start', 'end', 'urgentBreaksThrough']);
  if (record === undefined) return DEFAULT_PREFERENCES.quietHours;
  const time = (text: string): string | undefined => (TIME.test(text) ? undefined : t('rules.settings.time'));
  const quietHours: QuietHours = {
    enabled: reader.boolean(record, 'enabled', path),
    start: reader.string(record, 'start', path, time),
    end: reader.string(record, 'end', path, time),
    urgentBreaksThrough: reader.boolean(record, 'urgentBreaksThrough', path),
  };
  // Equal times would mean either "never" or "all day"; asking the user to pick avoids guessing.
  if (quietHours.start === quietHours.end && TIME.test(quietHours.start)) {
    reader.report(childPath(path, 'end'), t('rules.settings.end-differs'));
  }
  return quietHours;
}

function readRetention(reader: FieldReader, value: unknown, path: string): HistoryRetention {
  const record = reader.object(value, path, ['maxAgeDays', 'maxPerSubscription']);
  if (record === undefined) return DEFAULT_PREFERENCES.historyRetention;
  return {
    maxAgeDays: reader.integer(record, 'maxAgeDays', path, LIMITS.maxAgeDays),
    maxPerSubscription: reader.integer(record, 'maxPerSubscription', path, LIMITS.maxPerSubscription),
  };
}

export const PREFERENCE_KEYS = [
  'notificationsEnabled',
  'quietHours',
  'sounds',
  'minPriority',
  'startAtLogin',
  'theme',
  'historyRetention',
  'keepaliveTimeoutSeconds',
  'autoDownloadAttachments',
  'autoDownloadMaxBytes',
  'checkForUpdates',
  'unifiedPushEnabled',
];

function readPreferences(reader: FieldReader, value: unknown, path: string): Preferences {
  const record = reader.object(value, path, PREFERENCE_KEYS);
  if (record === undefined) return DEFAULT_PREFERENCES;
  return {
    notificationsEnabled: reader.boolean(record, 'notificationsEnabled', path),
    quietHours: readQuietHours(reader, record['quietHours'], childPath(path, 'quietHours')),
    sounds: reader.boolean(record, 'sounds', path),
    minPriority: reader.integer(record, 'minPriority', path, { min: 1, max: 5 }) as Priority,
    startAtLogin: reader.boolean(record, 'startAtLogin', path),
    theme: reader.oneOf(record, 'theme', path, THEMES),
    historyRetention: readRetention(reader, record['historyRetention'], childPath(path, 'historyRetention')),
    keepaliveTimeoutSeconds: reader.integer(record, 'keepaliveTimeoutSeconds', path, LIMITS.keepaliveTimeoutSeconds),
    autoDownloadAttachments: reader.oneOf(record, 'autoDownloadAttachments', path, AUTO_DOWNLOAD_FROM),
    autoDownloadMaxBytes: reader.integer(record, 'autoDownloadMaxBytes', path, LIMITS.autoDownloadMaxBytes),
    checkForUpdates: reader.boolean(record, 'checkForUpdates', path),
    unifiedPushEnabled: reader.boolean(record, 'unifiedPushEnabled', path),
  };
}

/** Reports the second and later items whose key equals an earlier one's. */
function reportDuplicates<T>(
  reader: FieldReader,
  items: readonly (T | undefined)[],
  listPath: string,
  field: string,
  keyOf: (item: T) => string,
): void {
  const firstIndex = new Map<string, number>();
  items.forEach((item, index) => {
    if (item === undefined) return;
    const key = keyOf(item);
    const first = firstIndex.get(key);
    if (first === undefined) firstIndex.set(key, index);
    else
      reader.report(
        childPath(childPath(listPath, index), field),
        t('rules.settings.duplicates', { first: `${listPath}[${String(first)}].${field}` }),
      );
  });
}

export function validateSettings(input: unknown, options: FieldReaderOptions = {}): SettingsValidation {
  const reader = new FieldReader(options);
  const keys = ['version', 'defaultServer', 'servers', 'subscriptions', 'preferences', 'account'];
  const record = reader.object(input, '', keys);
  if (record === undefined) return { ok: false, issues: reader.issues };
  if (record['version'] !== SETTINGS_VERSION)
    reader.report('version', t('rules.settings.version', { version: String(SETTINGS_VERSION) }));

  const servers = reader
    .array(record['servers'], 'servers')
    .map((item, index) => readServer(reader, item, childPath('servers', index)));
  reportDuplicates(reader, servers, 'servers', 'url', (server) => server.url);
  const subscriptions = reader
    .array(record['subscriptions'], 'subscriptions')
    .map((item, index) => readSubscription(reader, item, childPath('subscriptions', index)));
  reportDuplicates(reader, subscriptions, 'subscriptions', 'id', (subscription) => subscription.id);

  const settings: Settings = {
    version: SETTINGS_VERSION,
    defaultServer: readUrl(reader, record, 'defaultServer', ''),
    servers: servers.filter((server) => server !== undefined),
    subscriptions: subscriptions.filter((subscription) => subscription !== undefined),
    preferences: readPreferences(reader, record['preferences'], 'preferences'),
  };
  const account = record['account'] === undefined ? undefined : readAccountSync(reader, record['account'], 'account');
  if (account !== undefined) return finish(reader, { ...settings, account });
  return finish(reader, settings);
}

function finish(reader: FieldReader, settings: Settings): SettingsValidation {
  return reader.issues.length === 0 ? { ok: true, settings } : { ok: false, issues: reader.issues };
}
