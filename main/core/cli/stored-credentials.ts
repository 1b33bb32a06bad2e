/**
 * Fills in credentials that `subscribe` did not get on the command line or from the environment: a `--user`
 * without NTFY_PASSWORD takes that user's password from the keychain; a subscription without any credentials
 * uses what `ntfy-tray login` stored for its server.
 */
import { normalizeServerUrl } from '../../../common/server-url.ts';
import type { Subscription } from '../engine/groups.ts';
import { resolveCredentials } from '../store/secrets/credentials.ts';
import type { SecretSource } from '../store/secrets/secret-store.ts';
import type { ServerSettings } from '../store/settings/schema.ts';
import type { Credentials } from '../protocol/subscribe-request.ts';

/** A `--user` without a password of its own: NTFY_PASSWORD or the keychain answers for it. */
export function needsPasswordLookup(credentials: Credentials): credentials is Credentials & { kind: 'basic' } {
  return credentials.kind === 'basic' && credentials.password === '' && credentials.passwordGiven !== true;
}

export async function applyStoredCredentials<S extends Subscription>(
  subscriptions: readonly S[],
  options: { readonly servers: readonly ServerSettings[]; readonly secrets: SecretSource },
): Promise<S[]> {
  const resolved = new Map<string, Promise<Credentials>>();
  const lookup = (server: ServerSettings): Promise<Credentials> => {
    const key = JSON.stringify([server.url, server.auth]);
    const cached = resolved.get(key) ?? resolveCredentials(server, options.secrets);
    resolved.set(key, cached);
    return cached;
  };
  return Promise.all(
    subscriptions.map(async (subscription) => {
      const url = normalizeServerUrl(subscription.server);
      const given = subscription.credentials ?? { kind: 'none' };
      if (needsPasswordLookup(given)) {
        const credentials = await lookup({ url, auth: { kind: 'basic', user: given.user } });
        return { ...subscription, credentials };
      }
      if (given.kind !== 'none') return subscription;
      const stored = options.servers.find((server) => server.url === url);
      if (stored === undefined || stored.auth.kind === 'none') return subscription;
      return { ...subscription, credentials: await lookup(stored) };
    }),
  );
}
