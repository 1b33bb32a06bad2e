/** Settings → the engine's subscriptions, each with its own credentials or else its server's, from the keychain. */
import type { Subscription } from '../engine/groups.ts';
import type { Logger } from '../ports.ts';
import { credentialsSourceOf, resolveCredentials } from '../store/secrets/credentials.ts';
import type { SecretStore } from '../store/secrets/secret-store.ts';
import type { Settings } from '../store/settings/schema.ts';

interface DesiredSubscriptionsOptions {
  readonly secrets: SecretStore;
  readonly log: Logger;
}

/** A secret that cannot be read means no credentials (logged), not a failure: see the catch. */
export function desiredSubscriptions(current: Settings, options: DesiredSubscriptionsOptions): Promise<Subscription[]> {
  return Promise.all(
    current.subscriptions.map(async (item) => {
      const source = credentialsSourceOf(item, current.servers);
      let credentials;
      try {
        credentials = await resolveCredentials(source.server, options.secrets, source.subscription);
      } catch (error) {
        // The connection then meets a 401/403 and shows "credentials rejected", which is what the user must fix.
        options.log.log('warn', 'no usable credentials for a server', { server: item.server, error: String(error) });
        credentials = { kind: 'none' as const };
      }
      return { server: item.server, topic: item.topic, transport: item.transport, filters: item.filters, credentials };
    }),
  );
}
