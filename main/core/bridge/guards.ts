/**
 * Checks IPC arguments from the renderer, which are untrusted like network input: anything that is not exactly
 * the contract's shape is refused with an `invalid-argument` error naming the field, before any handler runs.
 */
import type {
  AccountSignInDto,
  BridgeError,
  ClientYmlAcceptedDto,
  ClientYmlExportOptionsDto,
  CredentialsInput,
  FiltersDto,
  MessageQuery,
  MessageRefDto,
  PageCursorDto,
  PriorityDto,
  SearchQuery,
  SettingsPatchDto,
  SubscriptionInput,
  SubscriptionRefDto,
} from '../../../common/ipc.ts';
import { CLIENT_YML_MAX_SUBSCRIPTIONS } from '../../../common/ipc-dto.ts';
import { t } from '../../../common/i18n/translate.ts';
import { isTransportKind, NTFY_TRANSPORTS } from '../../../common/transports.ts';
import { SUBSCRIPTION_KEYS } from '../store/settings/schema.ts';
import { PREFERENCE_KEYS } from '../store/settings/validate.ts';

export class InvalidArgument extends Error {
  override readonly name = 'InvalidArgument';
  readonly field: string;

  /** `problem` reads after the field's name, in the active language ("is too long", "ist zu lang"). */
  constructor(field: string, problem: string) {
    super(t('core.field-problem', { field, problem }));
    this.field = field;
  }

  toBridgeError(): BridgeError {
    return { code: 'invalid-argument', message: this.message, fields: { [this.field]: this.message } };
  }
}

type Record_ = Readonly<Record<string, unknown>>;

/**
 * Only plain data: structured clone and JSON.parse give Object.prototype or none. Anything else (a Date, a Map, an
 * object with fields on its prototype) is refused, or a field read through the prototype would pass the key check.
 */
export function isPlainObject(value: unknown): value is object {
  if (typeof value !== 'object' || value === null) return false;
  const prototype: unknown = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}

function record(value: unknown, field: string, keys: readonly string[]): Record_ {
  if (!isPlainObject(value)) throw new InvalidArgument(field, t('rules.settings.object'));
  const unknownKey = Object.keys(value).find((key) => !keys.includes(key));
  if (unknownKey !== undefined) throw new InvalidArgument(`${field}.${unknownKey}`, t('core.bridge.not-expected'));
  return value as Record_;
}

const MAX_TEXT = 4096;

export function text(value: unknown, field: string, options: { max?: number; allowEmpty?: boolean } = {}): string {
  if (typeof value !== 'string') throw new InvalidArgument(field, t('rules.settings.string'));
  if (value === '' && options.allowEmpty !== true) throw new InvalidArgument(field, t('core.bridge.empty'));
  if (value.length > (options.max ?? MAX_TEXT)) throw new InvalidArgument(field, t('core.bridge.too-long'));
  return value;
}

function optional<T>(value: unknown, read: (value: unknown) => T): T | undefined {
  return value === undefined ? undefined : read(value);
}

function boolean(value: unknown, field: string): boolean {
  if (typeof value !== 'boolean') throw new InvalidArgument(field, t('rules.settings.boolean'));
  return value;
}

export function integer(value: unknown, field: string, min: number, max: number): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max) {
    // Bounds as a program sends them (no digit grouping), like the settings file's check.
    throw new InvalidArgument(field, t('rules.settings.whole-number', { min: String(min), max: String(max) }));
  }
  return value;
}

function priority(value: unknown, field: string): PriorityDto {
  return integer(value, field, 1, 5) as PriorityDto;
}

const MAX_LIST = 50;

function stringList(value: unknown, field: string): string[] {
  if (!Array.isArray(value) || value.length > MAX_LIST) {
    throw new InvalidArgument(field, t('core.bridge.list-too-long', { max: MAX_LIST }));
  }
  // Array.from visits holes (as undefined), where map would skip them and return a sparse "string[]".
  return Array.from(value as readonly unknown[], (item, index) => text(item, `${field}[${index}]`, { max: 256 }));
}

/** Every field of T, optional ones possibly undefined: what the readers below produce. */
type Loose<T> = { [K in keyof T]-?: T[K] | undefined };

/** Drops the undefined optional fields, as exactOptionalPropertyTypes wants. */
function defined<T extends object>(value: Loose<T>): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;
}

export function subscriptionRef(value: unknown, field = 'subscription'): SubscriptionRefDto {
  const r = record(value, field, ['server', 'topic']);
  return { server: text(r['server'], `${field}.server`), topic: text(r['topic'], `${field}.topic`, { max: 64 }) };
}

export function messageRef(value: unknown, field = 'message'): MessageRefDto {
  const r = record(value, field, ['server', 'id']);
  return { server: text(r['server'], `${field}.server`), id: text(r['id'], `${field}.id`, { max: 64 }) };
}

function pageCursor(value: unknown, field: string): PageCursorDto {
  const r = record(value, field, ['time', 'rowid']);
  return {
    time: integer(r['time'], `${field}.time`, 0, Number.MAX_SAFE_INTEGER),
    rowid: integer(r['rowid'], `${field}.rowid`, 0, Number.MAX_SAFE_INTEGER),
  };
}

export function messageQuery(value: unknown): MessageQuery {
  const r = record(value, 'query', ['subscription', 'minPriority', 'unreadOnly', 'limit', 'before']);
  return defined<MessageQuery>({
    subscription: optional(r['subscription'], (v) => subscriptionRef(v, 'query.subscription')),
    minPriority: optional(r['minPriority'], (v) => priority(v, 'query.minPriority')),
    unreadOnly: optional(r['unreadOnly'], (v) => boolean(v, 'query.unreadOnly')),
    limit: optional(r['limit'], (v) => integer(v, 'query.limit', 1, 500)),
    before: optional(r['before'], (v) => pageCursor(v, 'query.before')),
  });
}

export function searchQuery(value: unknown): SearchQuery {
  const r = record(value, 'query', ['text', 'subscription', 'minPriority', 'unreadOnly', 'limit']);
  return defined<SearchQuery>({
    text: text(r['text'], 'query.text', { max: 500, allowEmpty: true }),
    subscription: optional(r['subscription'], (v) => subscriptionRef(v, 'query.subscription')),
    minPriority: optional(r['minPriority'], (v) => priority(v, 'query.minPriority')),
    unreadOnly: optional(r['unreadOnly'], (v) => boolean(v, 'query.unreadOnly')),
    limit: optional(r['limit'], (v) => integer(v, 'query.limit', 1, 200)),
  });
}

function filters(value: unknown, field: string): FiltersDto {
  const r = record(value, field, ['id', 'message', 'title', 'priority', 'tags']);
  return defined<FiltersDto>({
    id: optional(r['id'], (v) => text(v, `${field}.id`, { max: 64 })),
    message: optional(r['message'], (v) => text(v, `${field}.message`)),
    title: optional(r['title'], (v) => text(v, `${field}.title`, { max: 256 })),
    priority: optional(r['priority'], (v) => stringList(v, `${field}.priority`)),
    tags: optional(r['tags'], (v) => stringList(v, `${field}.tags`)),
  });
}

/** A stored subscription's keys but `auth`: its own credentials come through the credential requests only. */
const SUBSCRIPTION_INPUT_KEYS = SUBSCRIPTION_KEYS.filter((key) => key !== 'auth');

export function subscriptionInput(value: unknown): SubscriptionInput {
  const r = record(value, 'subscription', SUBSCRIPTION_INPUT_KEYS);
  // Every ntfy stream passes here, raw too: the settings validation refuses raw with a reason the user can act on.
  const transport = r['transport'];
  if (transport !== undefined && !isTransportKind(transport)) {
    throw new InvalidArgument(
      'subscription.transport',
      t('rules.settings.one-of', { options: NTFY_TRANSPORTS.join(', ') }),
    );
  }
  return defined<SubscriptionInput>({
    id: optional(r['id'], (v) => text(v, 'subscription.id', { max: 64 })),
    server: text(r['server'], 'subscription.server', { max: 2048 }),
    topic: text(r['topic'], 'subscription.topic', { max: 64 }),
    displayName: optional(r['displayName'], (v) => text(v, 'subscription.displayName', { max: 200, allowEmpty: true })),
    transport,
    filters: optional(r['filters'], (v) => filters(v, 'subscription.filters')),
    muted: optional(r['muted'], (v) => boolean(v, 'subscription.muted')),
    minPriority: optional(r['minPriority'], (v) => priority(v, 'subscription.minPriority')),
    // The settings validation says what a command may be; this only bounds what crosses the bridge.
    command: optional(r['command'], (v) => text(v, 'subscription.command', { max: 8000, allowEmpty: true })),
  });
}

export function clientYmlExportOptions(value: unknown): ClientYmlExportOptionsDto {
  const r = record(value, 'options', ['includeSecrets']);
  return { includeSecrets: boolean(r['includeSecrets'], 'options.includeSecrets') };
}

/** The commands the user accepted in an import's review: at most one per entry a file may hold. */
export function clientYmlAccepted(value: unknown): ClientYmlAcceptedDto {
  const r = record(value, 'accepted', ['commands']);
  const list = r['commands'];
  if (!Array.isArray(list) || list.length > CLIENT_YML_MAX_SUBSCRIPTIONS) {
    throw new InvalidArgument(
      'accepted.commands',
      t('core.bridge.list-too-long', { max: CLIENT_YML_MAX_SUBSCRIPTIONS }),
    );
  }
  return {
    commands: Array.from(list as readonly unknown[], (item, index) => {
      const field = `accepted.commands[${index}]`;
      const entry = record(item, field, ['entry', 'command']);
      return {
        entry: integer(entry['entry'], `${field}.entry`, 1, CLIENT_YML_MAX_SUBSCRIPTIONS),
        command: text(entry['command'], `${field}.command`, { max: 8000 }),
      };
    }),
  };
}

export function credentialsInput(value: unknown): CredentialsInput {
  const kind = typeof value === 'object' && value !== null ? (value as Record_)['kind'] : undefined;
  if (kind === 'basic') {
    const r = record(value, 'credentials', ['server', 'kind', 'user', 'password']);
    return {
      server: text(r['server'], 'credentials.server', { max: 2048 }),
      kind,
      user: text(r['user'], 'credentials.user', { max: 256 }),
      password: text(r['password'], 'credentials.password', { max: 1024 }),
    };
  }
  if (kind === 'token') {
    const r = record(value, 'credentials', ['server', 'kind', 'token']);
    return {
      server: text(r['server'], 'credentials.server', { max: 2048 }),
      kind,
      token: text(r['token'], 'credentials.token', { max: 1024 }),
    };
  }
  throw new InvalidArgument('credentials.kind', t('core.bridge.credentials-kind'));
}

/** Exactly server, user and password; the password is used once to create a token and never logged. */
export function accountSignIn(value: unknown): AccountSignInDto {
  const r = record(value, 'account', ['server', 'user', 'password']);
  return {
    server: text(r['server'], 'account.server', { max: 2048 }),
    user: text(r['user'], 'account.user', { max: 128 }),
    password: text(r['password'], 'account.password', { max: 1024 }),
  };
}

export function settingsPatch(value: unknown): SettingsPatchDto {
  const r = record(value, 'patch', ['defaultServer', 'preferences', 'pause']);
  const pause = r['pause'];
  if (pause !== undefined && pause !== null && pause !== 'until-resumed') integer(pause, 'patch.pause', 1, 7 * 24 * 60);
  // Preferences are checked field by field by the settings store's own validation after the patch is applied.
  const preferences = r['preferences'];
  if (preferences !== undefined) record(preferences, 'patch.preferences', PREFERENCE_KEYS);
  return defined<SettingsPatchDto>({
    defaultServer: optional(r['defaultServer'], (v) => text(v, 'patch.defaultServer', { max: 2048 })),
    preferences: preferences as SettingsPatchDto['preferences'],
    pause: pause as SettingsPatchDto['pause'],
  });
}
