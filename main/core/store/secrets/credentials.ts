/**
 * From server settings (auth kind + user name) and a secret source to what the engine needs: `Credentials` with the
 * secret. (The window only learns whether a secret is stored: `hasCredentials` from the app service.)
 */
import type { Credentials } from '../../protocol/subscribe-request.ts';
import type { ServerSettings, SubscriptionSettings } from '../settings/schema.ts';
import { MissingSecretError } from './errors.ts';
import type { SecretRef, SecretSource } from './secret-store.ts';

/**
 * The keychain entry a server's auth needs, or undefined for a server without auth; with `subscription`, the entry of
 * that subscription's own credentials (settings `auth`) on that server.
 */
export function secretRefFor(server: ServerSettings, subscription?: string): SecretRef | undefined {
  const owner = subscription === undefined ? {} : { subscription };
  switch (server.auth.kind) {
    case 'none':
      return undefined;
    case 'basic':
      return { server: server.url, kind: 'password', user: server.auth.user, ...owner };
    case 'token':
      return { server: server.url, kind: 'token', ...owner };
  }
}

/** Where a subscription's credentials come from: its own (`auth`, keyed by its id), else its server's. */
export function credentialsSourceOf(
  subscription: SubscriptionSettings,
  servers: readonly ServerSettings[],
): { readonly server: ServerSettings; readonly subscription?: string } {
  if (subscription.auth !== undefined) {
    return { server: { url: subscription.server, auth: subscription.auth }, subscription: subscription.id };
  }
  const server = servers.find((entry) => entry.url === subscription.server);
  return { server: server ?? { url: subscription.server, auth: { kind: 'none' } } };
}

/**
 * Rejects with MissingSecretError when the settings call for a secret that is not stored, and with the source's
 * own error (e.g. SecretStoreUnavailableError) when it cannot answer.
 */
export async function resolveCredentials(
  server: ServerSettings,
  secrets: SecretSource,
  subscription?: string,
): Promise<Credentials> {
  const ref = secretRefFor(server, subscription);
  if (ref === undefined) return { kind: 'none' };
  const secret = await secrets.get(ref);
  if (secret === undefined) throw new MissingSecretError(ref);
  return ref.kind === 'token' ? { kind: 'token', token: secret } : { kind: 'basic', user: ref.user, password: secret };
}
