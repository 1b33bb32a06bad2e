/**
 * ntfy's account API as this app uses it (https://docs.ntfy.sh, server_account.go): create and delete an access
 * token, read the account, add/rename/remove synced subscriptions. The port the AccountService depends on; the real
 * one (createAccountApi) talks HTTP through account-http.ts.
 */
import type { AccountReservation } from '../../../common/account-types.ts';
import { t } from '../../../common/i18n/translate.ts';
import { normalizeServerUrl, serverUrlError } from '../../../common/server-url.ts';
import { topicNameError } from '../../../common/topic-name.ts';
import type { AccountSubscriptionSnapshot } from '../store/settings/schema.ts';
import { sendAccountRequest, type AccountFailure, type AccountHttpRequest } from './account-http.ts';
import type { SyncEntry } from './merge.ts';

export type ApiResult<T> =
  { readonly ok: true; readonly value: T } | { readonly ok: false; readonly failure: AccountFailure };

/** `GET /v1/account`, reduced to what the app shows or syncs. Limits and stats are numbers by ntfy's names. */
export interface AccountInfo {
  readonly username: string;
  readonly role: string;
  /** Where the server publishes `{"event":"sync"}` after each change to the account (docs/protocol.md#accounts). */
  readonly syncTopic?: string;
  /**
   * The `expires` of the token the request used, from the account's token list, Unix seconds: 0 never expires,
   * undefined when the list does not show it. Other tokens of the account are not kept.
   */
  readonly tokenExpires?: number;
  /** Compared by the normalized `server`; `remoteBaseUrls` keeps the server's own string. */
  readonly subscriptions: readonly SyncEntry[];
  /** Entries whose base URL is not a usable http(s) URL, or whose topic is not one, are left out (and counted). */
  readonly unusableSubscriptions: number;
  readonly reservations: readonly AccountReservation[];
  readonly tier?: { readonly code: string; readonly name: string };
  readonly limits: Readonly<Record<string, number | string>>;
  readonly stats: Readonly<Record<string, number>>;
}

/** A token and its expiry as the server answered them: Unix seconds, 0 never expires (ntfy leaves 0 out). */
interface TokenLifetime {
  readonly token: string;
  readonly expires: number;
}

export interface AccountApi {
  /** Basic auth → a new token that never expires (`POST /v1/account/token` with `expires: 0`). */
  createToken(server: string, user: string, password: string, label: string): Promise<ApiResult<TokenLifetime>>;
  /**
   * Asks for the token to never expire (`PATCH /v1/account/token` with `expires: 0`); a server that ignores the field
   * extends it by 72 h instead. Resolves with the expiry the server answered.
   */
  makeTokenLast(server: string, token: string): Promise<ApiResult<TokenLifetime>>;
  deleteToken(server: string, token: string): Promise<ApiResult<void>>;
  getAccount(server: string, token: string): Promise<ApiResult<AccountInfo>>;
  /** Each sends `entry.server` as the `base_url` exactly as given. */
  addSubscription(server: string, token: string, entry: AccountSubscriptionSnapshot): Promise<ApiResult<void>>;
  renameSubscription(server: string, token: string, entry: AccountSubscriptionSnapshot): Promise<ApiResult<void>>;
  removeSubscription(server: string, token: string, entry: AccountSubscriptionSnapshot): Promise<ApiResult<void>>;
}

interface AccountApiOptions {
  /** Whole request, milliseconds. Default 30 s. */
  readonly timeoutMs?: number;
}

function record(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

function list(value: unknown): unknown[] {
  return Array.isArray(value) ? (value as unknown[]) : [];
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

function readSubscription(value: unknown): SyncEntry | undefined {
  const item = record(value);
  const baseUrl = text(item['base_url']) ?? '';
  const topic = text(item['topic']) ?? '';
  if (serverUrlError(baseUrl) !== undefined || topicNameError(topic) !== undefined) return undefined;
  const displayName = text(item['display_name'])?.trim();
  return {
    server: normalizeServerUrl(baseUrl),
    topic,
    ...(displayName === undefined || displayName === '' ? {} : { displayName }),
    remoteBaseUrls: [baseUrl],
  };
}

function numbers(value: unknown): Record<string, number> {
  return Object.fromEntries(
    Object.entries(record(value)).filter((entry): entry is [string, number] => typeof entry[1] === 'number'),
  );
}

/** ntfy leaves `expires: 0` out of a token (omitempty): absent is never. */
function expiresOf(value: unknown): number | undefined {
  const expires = record(value)['expires'];
  if (expires === undefined) return 0;
  return typeof expires === 'number' && Number.isFinite(expires) ? expires : undefined;
}

export function readAccountInfo(body: unknown, token?: string): AccountInfo {
  const account = record(body);
  const own = list(account['tokens']).find((item) => token !== undefined && record(item)['token'] === token);
  const tokenExpires = own === undefined ? undefined : expiresOf(own);
  const syncTopic = text(account['sync_topic']);
  const parsed = list(account['subscriptions']).map(readSubscription);
  const subscriptions = parsed.filter((item) => item !== undefined);
  const tier = record(account['tier']);
  const limits = record(account['limits']);
  return {
    username: text(account['username']) ?? '',
    role: text(account['role']) ?? '',
    ...(syncTopic === undefined || topicNameError(syncTopic) !== undefined ? {} : { syncTopic }),
    ...(tokenExpires === undefined ? {} : { tokenExpires }),
    subscriptions,
    unusableSubscriptions: parsed.length - subscriptions.length,
    reservations: list(account['reservations']).flatMap((value) => {
      const item = record(value);
      const topic = text(item['topic']);
      return topic === undefined ? [] : [{ topic, everyone: text(item['everyone']) ?? 'deny-all' }];
    }),
    ...(text(tier['code']) === undefined
      ? {}
      : { tier: { code: text(tier['code']) ?? '', name: text(tier['name']) ?? '' } }),
    limits: {
      ...numbers(limits),
      ...(text(limits['basis']) === undefined ? {} : { basis: text(limits['basis']) ?? '' }),
    },
    stats: numbers(account['stats']),
  };
}

function basic(user: string, password: string): string {
  return `Basic ${Buffer.from(`${user}:${password}`, 'utf8').toString('base64')}`;
}

export function createAccountApi(options: AccountApiOptions = {}): AccountApi {
  const timeoutMs = options.timeoutMs ?? 30_000;
  const send = async (
    server: string,
    path: string,
    init: Omit<AccountHttpRequest, 'url' | 'timeoutMs'>,
  ): Promise<ApiResult<unknown>> => {
    const answer = await sendAccountRequest({ ...init, url: `${server}${path}`, timeoutMs });
    return answer.ok ? { ok: true, value: answer.body } : answer;
  };
  const bearer = (token: string): Record<string, string> => ({ Authorization: `Bearer ${token}` });
  const lifetime = (result: ApiResult<unknown>): ApiResult<TokenLifetime> => {
    if (!result.ok) return result;
    const token = text(record(result.value)['token']);
    const expires = expiresOf(result.value);
    if (token === undefined || token === '' || expires === undefined) {
      return { ok: false, failure: { kind: 'local', message: t('core.account.no-token-in-answer') } };
    }
    return { ok: true, value: { token, expires } };
  };
  const done = (result: ApiResult<unknown>): ApiResult<void> => (result.ok ? { ok: true, value: undefined } : result);
  const wire = (entry: AccountSubscriptionSnapshot): Record<string, unknown> => ({
    base_url: entry.server,
    topic: entry.topic,
    display_name: entry.displayName ?? null,
  });
  return {
    createToken: async (server, user, password, label) =>
      lifetime(
        await send(server, '/v1/account/token', {
          method: 'POST',
          headers: { Authorization: basic(user, password) },
          // 0: never expires (ntfy stores it as is); without it the token would die 72 h after sign-in.
          json: { label, expires: 0 },
        }),
      ),
    makeTokenLast: async (server, token) =>
      lifetime(
        await send(server, '/v1/account/token', { method: 'PATCH', headers: bearer(token), json: { expires: 0 } }),
      ),
    deleteToken: async (server, token) =>
      done(await send(server, '/v1/account/token', { method: 'DELETE', headers: bearer(token) })),
    getAccount: async (server, token) => {
      const result = await send(server, '/v1/account', { method: 'GET', headers: bearer(token) });
      return result.ok ? { ok: true, value: readAccountInfo(result.value, token) } : result;
    },
    addSubscription: async (server, token, entry) => {
      const result = await send(server, '/v1/account/subscription', {
        method: 'POST',
        headers: bearer(token),
        json: wire(entry),
      });
      // 409 (40903): the server has it already, which is what we wanted.
      if (!result.ok && result.failure.kind === 'refused' && result.failure.status === 409)
        return { ok: true, value: undefined };
      return done(result);
    },
    renameSubscription: async (server, token, entry) =>
      done(
        await send(server, '/v1/account/subscription', { method: 'PATCH', headers: bearer(token), json: wire(entry) }),
      ),
    removeSubscription: async (server, token, entry) =>
      done(
        await send(server, '/v1/account/subscription', {
          method: 'DELETE',
          // "DELETEs cannot have a body" (ntfy): the subscription is named in headers, as ntfy's apps send it.
          headers: { ...bearer(token), 'X-BaseURL': entry.server, 'X-Topic': entry.topic },
        }),
      ),
  };
}
