import { t } from '../../common/i18n/translate.ts';
import type { AuthKindDto, CredentialsInput, SubscriptionDto, TestCredentialsDto } from '../../common/ipc.ts';
import { serverKey } from './topic-url.ts';

/** What is known about a server's stored credentials; never the secret itself. */
export interface StoredCredentials {
  readonly auth: AuthKindDto;
  readonly user?: string | undefined;
  /** Whether the keychain holds the password or token the auth kind needs. */
  readonly hasSecret: boolean;
}

/** The credentials inputs as typed; they live only in the editor until handed to main, then are emptied. */
export interface CredentialsEntry {
  readonly kind: AuthKindDto;
  readonly user: string;
  readonly password: string;
  readonly token: string;
}

export const noStoredCredentials: StoredCredentials = { auth: 'none', hasSecret: false };

export function emptyEntry(kind: AuthKindDto): CredentialsEntry {
  return { kind, user: '', password: '', token: '' };
}

/**
 * Credentials belong to a server, and every subscription on it reports them the same way: any of them tells.
 * A server none of them uses counts as having none.
 */
export function storedCredentialsFor(server: string, subscriptions: readonly SubscriptionDto[]): StoredCredentials {
  const key = serverKey(server);
  const match = key === undefined ? undefined : subscriptions.find((item) => serverKey(item.server) === key);
  if (match === undefined) return noStoredCredentials;
  return { auth: match.auth, user: match.user, hasSecret: match.hasCredentials };
}

/**
 * Fresh inputs of `kind` for these stored credentials: the user name is filled in (it is not a secret, and someone
 * fixing a password should not have to remember it), the password or token never.
 */
export function entryFor(kind: AuthKindDto, stored: StoredCredentials): CredentialsEntry {
  return { ...emptyEntry(kind), user: kind === 'basic' && stored.auth === 'basic' ? (stored.user ?? '') : '' };
}

/** Whether anything was typed for the chosen kind (so saving the editor must store it). */
export function hasEntry(entry: CredentialsEntry): boolean {
  switch (entry.kind) {
    case 'none':
      return false;
    case 'basic':
      return entry.user !== '' || entry.password !== '';
    case 'token':
      return entry.token !== '';
  }
}

/** What `setCredentials` gets, or undefined for kind `none`. Empty fields go to main, whose checks name them. */
export function entryToInput(server: string, entry: CredentialsEntry): CredentialsInput | undefined {
  switch (entry.kind) {
    case 'none':
      return undefined;
    case 'basic':
      return { server: server.trim(), kind: 'basic', user: entry.user.trim(), password: entry.password };
    case 'token':
      return { server: server.trim(), kind: 'token', token: entry.token.trim() };
  }
}

/** What is stored once `input` has been. */
export function storedAfter(input: CredentialsInput): StoredCredentials {
  return input.kind === 'basic'
    ? { auth: 'basic', user: input.user, hasSecret: true }
    : { auth: 'token', hasSecret: true };
}

/**
 * What Test checks: what Save would store — the typed credentials when something was typed, else the stored ones.
 * Typed ones go to main for this one request; it neither stores nor logs them.
 */
export function entryToTestCredentials(entry: CredentialsEntry): TestCredentialsDto {
  if (!hasEntry(entry)) return { kind: 'stored' };
  switch (entry.kind) {
    case 'none':
      return { kind: 'stored' };
    case 'basic':
      return { kind: 'basic', user: entry.user.trim(), password: entry.password };
    case 'token':
      return { kind: 'token', token: entry.token.trim() };
  }
}

/** Why the typed credentials cannot be tested yet (an empty input), or undefined when they can. */
export function untestableEntry(entry: CredentialsEntry): string | undefined {
  if (!hasEntry(entry)) return undefined;
  if (entry.kind === 'basic' && entry.user.trim() === '') return t('subscriptions.test.enter-user');
  if (entry.kind === 'basic' && entry.password === '') return t('subscriptions.test.enter-password');
  return undefined;
}
