/**
 * A subscription's own credentials (settings `auth`, as a client.yml entry has its own `user`/`password` or `token`,
 * or an explicit none): the secret goes into the keychain under the subscription (secrets/credentials.ts), then the
 * settings name the kind and user, so the engine reconnects with them. Removing the subscription removes its secret.
 */
import { errorMessage } from '../../../common/error-message.ts';
import type { Credentials } from '../protocol/subscribe-request.ts';
import type { Logger } from '../ports.ts';
import { secretRefFor } from '../store/secrets/credentials.ts';
import type { SecretStore } from '../store/secrets/secret-store.ts';
import type { ServerAuth, Settings, SubscriptionSettings } from '../store/settings/schema.ts';
import type { SettingsStore } from '../store/settings/settings-store.ts';

interface SubscriptionCredentialsOptions {
  readonly settings: SettingsStore;
  readonly secrets: SecretStore;
}

function secretOf(credentials: Credentials): string {
  return credentials.kind === 'basic' ? credentials.password : '';
}

function authOf(credentials: Credentials): ServerAuth {
  return credentials.kind === 'basic' ? { kind: 'basic', user: credentials.user } : { kind: credentials.kind };
}

/** Its secret into the keychain under the subscription; rejects when the keychain refuses it. */
async function storeOwnSecret(
  secrets: SecretStore,
  subscription: { readonly id: string; readonly server: string },
  credentials: Credentials,
): Promise<ServerAuth> {
  const auth = authOf(credentials);
  const ref = secretRefFor({ url: subscription.server, auth }, subscription.id);
  if (ref !== undefined)
    await secrets.set(ref, credentials.kind === 'token' ? credentials.token : secretOf(credentials));
  return auth;
}

function withOwnAuth(latest: Settings, auths: ReadonlyMap<string, ServerAuth>): Settings {
  return {
    ...latest,
    subscriptions: latest.subscriptions.map((item) => {
      const auth = auths.get(item.id);
      return auth === undefined ? item : { ...item, auth };
    }),
  };
}

/** Rejects when the keychain refuses the secret (nothing is changed then); answers whether the settings took it. */
export async function setSubscriptionCredentials(
  options: SubscriptionCredentialsOptions,
  subscription: { readonly id: string; readonly server: string },
  credentials: Credentials,
): Promise<boolean> {
  const auth = await storeOwnSecret(options.secrets, subscription, credentials);
  const result = await options.settings.update((latest) => withOwnAuth(latest, new Map([[subscription.id, auth]])));
  return result.ok;
}

export interface OwnCredentialsItem {
  readonly id: string;
  readonly server: string;
  readonly credentials: Credentials;
}

/**
 * Many at once (a client.yml import): one keychain write per secret, one settings write for them all (not one per
 * subscription: each rewrites the whole file). Answers the items that did not get theirs, with the reason ('' when
 * the settings refused).
 */
export async function setSubscriptionsCredentials(
  options: SubscriptionCredentialsOptions,
  items: readonly OwnCredentialsItem[],
): Promise<{ readonly item: OwnCredentialsItem; readonly reason: string }[]> {
  const failed: { item: OwnCredentialsItem; reason: string }[] = [];
  const auths = new Map<string, ServerAuth>();
  for (const item of items) {
    try {
      auths.set(item.id, await storeOwnSecret(options.secrets, item, item.credentials));
    } catch (error) {
      failed.push({ item, reason: errorMessage(error) });
    }
  }
  if (auths.size === 0) return failed;
  const result = await options.settings.update((latest) => withOwnAuth(latest, auths));
  if (!result.ok) failed.push(...items.filter((item) => auths.has(item.id)).map((item) => ({ item, reason: '' })));
  return failed;
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
