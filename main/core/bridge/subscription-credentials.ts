/**
 * A subscription's own credentials (settings `auth`, as a client.yml entry has its own `user`/`password` or `token`,
 * or an explicit none): the secret goes into the keychain under the subscription (secrets/credentials.ts), then the
 * settings name the kind and user, so the engine reconnects with them. Removing the subscription removes its secret.
 */
import type { Credentials } from '../protocol/subscribe-request.ts';
import type { Logger } from '../ports.ts';
import { secretRefFor } from '../store/secrets/credentials.ts';
import type { SecretStore } from '../store/secrets/secret-store.ts';
import type { ServerAuth, SubscriptionSettings } from '../store/settings/schema.ts';
import type { SettingsStore } from '../store/settings/settings-store.ts';

export interface SubscriptionCredentialsOptions {
  readonly settings: SettingsStore;
  readonly secrets: SecretStore;
}

function secretOf(credentials: Credentials): string {
  return credentials.kind === 'basic' ? credentials.password : '';
}

function authOf(credentials: Credentials): ServerAuth {
  return credentials.kind === 'basic' ? { kind: 'basic', user: credentials.user } : { kind: credentials.kind };
}

/** Rejects when the keychain refuses the secret (nothing is changed then); answers whether the settings took it. */
export async function setSubscriptionCredentials(
  options: SubscriptionCredentialsOptions,
  subscription: { readonly id: string; readonly server: string },
  credentials: Credentials,
): Promise<boolean> {
  const auth = authOf(credentials);
  const ref = secretRefFor({ url: subscription.server, auth }, subscription.id);
  if (ref !== undefined) {
    await options.secrets.set(ref, credentials.kind === 'token' ? credentials.token : secretOf(credentials));
  }
  const result = await options.settings.update((latest) => ({
    ...latest,
    subscriptions: latest.subscriptions.map((item) => (item.id === subscription.id ? { ...item, auth } : item)),
  }));
  return result.ok;
}

/** After the subscription is gone: its own secret must not stay behind in the keychain. */
export async function forgetSubscriptionCredentials(
  secrets: SecretStore,
  subscription: SubscriptionSettings,
  log: Logger,
): Promise<void> {
  if (subscription.auth === undefined) return;
  const ref = secretRefFor({ url: subscription.server, auth: subscription.auth }, subscription.id);
  if (ref === undefined) return;
  await secrets.delete(ref).catch((error: unknown) => {
    log.log('warn', 'could not remove a removed subscription’s credentials from the keychain', {
      error: String(error),
    });
  });
}
