/**
 * The window's credential requests: a server's password or token goes into the keychain (write-only: the window
 * never reads it back), the settings keep only which kind and user, and the engine is told to pick it up.
 */
import { t } from '../../../common/i18n/translate.ts';
import type { BridgeRequests, BridgeResult, CredentialsInput } from '../../../common/ipc.ts';
import { invalidServerUrl, serverUrlOf } from '../../../common/server-url.ts';
import type { Logger } from '../ports.ts';
import { secretRefFor } from '../store/secrets/credentials.ts';
import type { SecretRef, SecretStore } from '../store/secrets/secret-store.ts';
import { upsertServer, upsertServers } from '../store/settings/edits.ts';
import type { ServerSettings } from '../store/settings/schema.ts';
import type { SettingsStore } from '../store/settings/settings-store.ts';
import { fail, keychainError, ok, validationFailed } from './request-results.ts';

type CredentialRequests = Pick<BridgeRequests, 'setCredentials' | 'clearCredentials'>;

export interface CredentialRequestsOptions {
  readonly settings: SettingsStore;
  readonly secrets: SecretStore;
  readonly log: Logger;
  /**
   * A secret changed in the keychain. The settings may not have (same user, new password), so the engine is told
   * separately to pick it up: connections whose credentials differ restart.
   */
  readonly credentialsChanged?: () => void;
}

/** Several servers' credentials stored at once (a client.yml import): per input, what one setCredentials answers. */
export type StoreCredentials = (inputs: readonly CredentialsInput[]) => Promise<BridgeResult<null>[]>;

/** The settings entry and keychain entry of typed credentials; undefined when the server URL is not one. */
function credentialsEntry(input: CredentialsInput): { entry: ServerSettings; ref: SecretRef } | undefined {
  const server = serverUrlOf(input.server);
  if (server === undefined) return undefined;
  const entry: ServerSettings =
    input.kind === 'basic'
      ? { url: server, auth: { kind: 'basic', user: input.user } }
      : { url: server, auth: { kind: 'token' } };
  const ref = secretRefFor(entry);
  return ref === undefined ? undefined : { entry, ref };
}

/**
 * Each secret into the keychain, then one settings write for all their servers (not one per server, which grew
 * with the square of an import's size), then one word to the engine.
 */
export function createStoreCredentials(options: CredentialRequestsOptions): StoreCredentials {
  const { settings, secrets, log } = options;
  return async (inputs) => {
    const results: BridgeResult<null>[] = [];
    const stored: { entry: ServerSettings; ref: SecretRef; previous: SecretRef | undefined }[] = [];
    const servers = new Map(settings.get().servers.map((server) => [server.url, server]));
    for (const input of inputs) {
      const planned = credentialsEntry(input);
      if (planned === undefined) {
        results.push(validationFailed([{ path: 'server', message: invalidServerUrl().message }]));
        continue;
      }
      const previousEntry = servers.get(planned.entry.url);
      try {
        await secrets.set(planned.ref, input.kind === 'basic' ? input.password : input.token);
      } catch (error) {
        results.push(keychainError(error));
        continue;
      }
      servers.set(planned.entry.url, planned.entry);
      stored.push({ ...planned, previous: previousEntry === undefined ? undefined : secretRefFor(previousEntry) });
      results.push(ok(null));
    }
    if (stored.length === 0) return results;
    const result = await settings.update((latest) =>
      upsertServers(
        latest,
        stored.map(({ entry }) => entry),
      ),
    );
    // Another user or kind replaced the old credentials: their secret must not stay behind in the keychain.
    if (result.ok) {
      for (const { ref, previous } of stored) {
        if (previous === undefined || JSON.stringify(previous) === JSON.stringify(ref)) continue;
        await secrets.delete(previous).catch((error: unknown) => {
          log.log('warn', 'could not remove replaced credentials from the keychain', { error: String(error) });
        });
      }
    }
    options.credentialsChanged?.();
    return result.ok ? results : results.map((item) => (item.ok ? validationFailed(result.issues) : item));
  };
}

export function createCredentialRequests(options: CredentialRequestsOptions): CredentialRequests {
  const { settings, secrets } = options;
  const storeCredentials = createStoreCredentials(options);
  return {
    setCredentials: async (input: CredentialsInput) => {
      if (serverUrlOf(input.server) === undefined) {
        return validationFailed([{ path: 'server', message: invalidServerUrl().message }]);
      }
      if (credentialsEntry(input) === undefined) {
        return fail({ code: 'internal', message: t('rules.bridge.no-keychain-entry') });
      }
      const [result] = await storeCredentials([input]);
      return result ?? fail({ code: 'internal', message: t('rules.bridge.no-keychain-entry') });
    },

    clearCredentials: async (serverUrl) => {
      const server = serverUrlOf(serverUrl);
      if (server === undefined) return validationFailed([{ path: 'server', message: invalidServerUrl().message }]);
      const entry = settings.get().servers.find((item) => item.url === server);
      const ref = entry === undefined ? undefined : secretRefFor(entry);
      try {
        if (ref !== undefined) await secrets.delete(ref);
      } catch (error) {
        return keychainError(error);
      }
      const result = await settings.update((latest) => upsertServer(latest, { url: server, auth: { kind: 'none' } }));
      options.credentialsChanged?.();
      return result.ok ? ok(null) : validationFailed(result.issues);
    },
  };
}
