import { t } from '../../common/i18n/translate.ts';
import type { SubscriptionTestResult } from '../../common/ipc.ts';
import type { CredentialsEntry, StoredCredentials } from './credentials.ts';

/** Who the server refused: a user by name, an access token, or nobody signed in. */
type RefusedAs =
  { readonly kind: 'user'; readonly user: string } | { readonly kind: 'token' } | { readonly kind: 'anonymous' };

/** Why the editor asks for a login, and what "Log in" does then. */
export interface LoginRequest {
  /** `test`: Log in tests, and back on the form on success; `save`: Log in saves (subscribes). */
  readonly origin: 'test' | 'save';
  /** The server's answer that asked for the login; undefined when the user asked ("Fix credentials"). */
  readonly check: SubscriptionTestResult | undefined;
  readonly refusedAs: RefusedAs;
}

/** Who was refused: the typed credentials when something was typed (`typed`), else the stored ones. */
export function refusedAs(typed: boolean, entry: CredentialsEntry, stored: StoredCredentials): RefusedAs {
  const kind = typed ? entry.kind : stored.hasSecret ? stored.auth : 'none';
  const user = typed ? entry.user.trim() : (stored.user ?? '');
  if (kind === 'basic') return { kind: 'user', user };
  return kind === 'token' ? { kind: 'token' } : { kind: 'anonymous' };
}

/**
 * Why the login step is shown, naming who may not do what ("alice may not read secret"); undefined when the user
 * opened it. `server` is the host, `topic` the topic's name.
 */
export function loginReason(request: LoginRequest, server: string, topic: string): string | undefined {
  const { check, refusedAs: who } = request;
  if (check === undefined) return undefined;
  switch (check.outcome) {
    case 'wrong-credentials':
      if (who.kind === 'user') return t('subscriptions.login.not-accepted-user', { user: who.user, server });
      if (who.kind === 'token') return t('subscriptions.login.not-accepted-token', { server });
      return t('subscriptions.credentials.needed');
    case 'no-permission':
      if (who.kind === 'user') return t('subscriptions.login.no-permission-user', { user: who.user, topic });
      if (who.kind === 'token') return t('subscriptions.login.no-permission-token', { topic });
      return t('subscriptions.login.no-permission-anonymous', { topic });
    case 'missing-credentials':
    case 'ok':
    case 'unreachable':
      return check.detail;
  }
}

/** What is stored for the server and for whom, never the secret itself. */
export function storedDescription(stored: StoredCredentials, server: string): string {
  switch (stored.auth) {
    case 'none':
      return t('subscriptions.login.stored-none', { server });
    case 'basic':
      return t(stored.hasSecret ? 'subscriptions.login.stored-user' : 'subscriptions.login.stored-user-no-password', {
        server,
        user: stored.user ?? '',
      });
    case 'token':
      return t(stored.hasSecret ? 'subscriptions.login.stored-token' : 'subscriptions.login.stored-token-missing', {
        server,
      });
  }
}
