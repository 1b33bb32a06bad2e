/**
 * What an ntfy account keeps server-side, per user: the synced subscriptions (`user.Prefs.Subscriptions` in ntfy's
 * user/types.go), the tokens issued through `POST /v1/account/token` with their label, expiry and last use, and the
 * user's sync topic (`st_` and 13 letters or digits, ntfy's syncTopicPrefix/syncTopicLength in user/manager.go).
 * Reservations are not stored separately: in ntfy a reservation is the owner's read-write grant on an exact topic
 * plus an `everyone` grant on it, so they are read off the auth rules (see reservationsOf).
 */
import { randomId } from './ids.ts';
import type { Permission, TestUser, TopicAccessRule } from './types.ts';

/** One subscription as ntfy stores and answers it; `displayName` undefined is JSON `null`. */
export interface AccountSubscription {
  readonly baseUrl: string;
  readonly topic: string;
  readonly displayName: string | undefined;
}

export interface IssuedToken {
  readonly token: string;
  readonly label: string;
  /** Unix seconds. */
  readonly lastAccess: number;
  readonly lastOrigin: string;
  /** Unix seconds; 0 never expires (ntfy: `expires = 0 OR expires >= now`). */
  readonly expires: number;
}

/** What `PATCH /v1/account/token` changes; undefined fields stay. */
export interface TokenChange {
  readonly label?: string;
  /** Unix seconds; 0 never expires. */
  readonly expires?: number;
}

/** ntfy's check (user/manager.go, userByToken): a token lives while `expires = 0 OR expires >= now`. */
export function tokenAlive(token: IssuedToken, nowSeconds: number): boolean {
  return token.expires === 0 || token.expires >= nowSeconds;
}

export interface AccountReservation {
  readonly topic: string;
  /** ntfy's permission words: read-write, read-only, write-only, deny-all. */
  readonly everyone: Permission;
}

interface AccountRecord {
  subscriptions: AccountSubscription[] | undefined;
  readonly tokens: IssuedToken[];
  readonly syncTopic: string;
}

export class AccountStore {
  readonly #records = new Map<string, AccountRecord>();

  #record(user: TestUser): AccountRecord {
    let record = this.#records.get(user.name);
    if (record === undefined) {
      record = { subscriptions: undefined, tokens: [], syncTopic: `st_${randomId(13)}` };
      this.#records.set(user.name, record);
    }
    return record;
  }

  /** Undefined until the first subscription is added: ntfy's nil `Prefs.Subscriptions`, which some answers show. */
  subscriptions(user: TestUser): readonly AccountSubscription[] | undefined {
    return this.#records.get(user.name)?.subscriptions;
  }

  /** False when one with the same base URL and topic exists (ntfy: 409, 40903). */
  addSubscription(user: TestUser, subscription: AccountSubscription): boolean {
    const record = this.#record(user);
    const list = record.subscriptions ?? [];
    if (list.some((item) => sameSubscription(item, subscription))) return false;
    record.subscriptions = [...list, subscription];
    return true;
  }

  /** The changed subscription, or undefined when none matches (ntfy: 404). */
  renameSubscription(user: TestUser, changed: AccountSubscription): AccountSubscription | undefined {
    const record = this.#record(user);
    const match = record.subscriptions?.find((item) => sameSubscription(item, changed));
    if (match === undefined || record.subscriptions === undefined) return undefined;
    const updated = { ...match, displayName: changed.displayName };
    record.subscriptions = record.subscriptions.map((item) => (item === match ? updated : item));
    return updated;
  }

  removeSubscription(user: TestUser, baseUrl: string, topic: string): void {
    const record = this.#record(user);
    record.subscriptions = record.subscriptions?.filter(
      (item) => !sameSubscription(item, { baseUrl, topic, displayName: undefined }),
    );
  }

  addToken(user: TestUser, token: IssuedToken): void {
    this.#record(user).tokens.push(token);
  }

  removeToken(user: TestUser, token: string): void {
    const tokens = this.#record(user).tokens;
    const index = tokens.findIndex((item) => item.token === token);
    if (index >= 0) tokens.splice(index, 1);
  }

  /** The user's token with this value, or undefined (ntfy: ErrTokenNotFound). */
  changeToken(user: TestUser, token: string, change: TokenChange): IssuedToken | undefined {
    const tokens = this.#record(user).tokens;
    const index = tokens.findIndex((item) => item.token === token);
    const current = tokens[index];
    if (current === undefined) return undefined;
    const changed = { ...current, ...change };
    tokens[index] = changed;
    return changed;
  }

  /** The issued token with this value, whoever holds it; configured tokens (TestUser.tokens) are not issued. */
  issuedToken(token: string): IssuedToken | undefined {
    for (const record of this.#records.values()) {
      const found = record.tokens.find((item) => item.token === token);
      if (found !== undefined) return found;
    }
    return undefined;
  }

  tokens(user: TestUser): readonly IssuedToken[] {
    return this.#records.get(user.name)?.tokens ?? [];
  }

  /** Where the server publishes `{"event":"sync"}` after each change to the account (account-handler.ts). */
  syncTopic(user: TestUser): string {
    return this.#record(user).syncTopic;
  }
}

function sameSubscription(a: AccountSubscription, b: AccountSubscription): boolean {
  return a.baseUrl === b.baseUrl && a.topic === b.topic;
}

/** The user's exact-topic read-write grants that also have an `everyone` rule on the same topic. */
export function reservationsOf(user: TestUser, everyone: readonly TopicAccessRule[]): AccountReservation[] {
  return (user.access ?? [])
    .filter((rule) => !rule.topic.includes('*') && rule.permission === 'read-write')
    .flatMap((rule) => {
      const shared = everyone.find((candidate) => candidate.topic === rule.topic);
      return shared === undefined ? [] : [{ topic: rule.topic, everyone: shared.permission }];
    });
}
