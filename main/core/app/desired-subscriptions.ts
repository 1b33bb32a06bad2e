/** Settings → the engine's subscriptions, each with its server's credentials from the keychain. */
import type { Subscription } from '../engine/groups.ts';
import type { Logger } from '../ports.ts';
import { resolveCredentials } from '../store/secrets/credentials.ts';
import type { SecretStore } from '../store/secrets/secret-store.ts';
import type { Settings } from '../store/settings/schema.ts';

export interface DesiredSubscriptionsOptions {
  readonly secrets: SecretStore;
  readonly log: Logger;
}

/** A secret that cannot be read means no credentials (logged), not a failure: see the catch. */
export function desiredSubscriptions(current: Settings, options: DesiredSubscriptionsOptions): Promise<Subscription[]> {
  return Promise.all(
    current.subscriptions.map(async (item) => {
      const server = current.servers.find((entry) => entry.url === item.server) ?? {
        url: item.server,
        auth: { kind: 'none' as const },
      };
      let credentials;
      try {
        credentials = await resolveCredentials(server, options.secrets);
      } catch (error) {
        // The connection then meets a 401/403 and shows "credentials rejected", which is what the user must fix.
        options.log.log('warn', 'no usable credentials for a server', { server: item.server, error: String(error) });
        credentials = { kind: 'none' as const };
      }
      return { server: item.server, topic: item.topic, transport: item.transport, filters: item.filters, credentials };
    }),
  );
}
