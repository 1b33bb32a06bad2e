/**
 * The window's credential requests: a server's password or token goes into the keychain (write-only: the window
 * never reads it back), the settings keep only which kind and user, and the engine is told to pick it up.
 */
import { t } from '../../../common/i18n/translate.ts';
import type { BridgeRequests, CredentialsInput } from '../../../common/ipc.ts';
import { invalidServerUrl, serverUrlOf } from '../../../common/server-url.ts';
import type { Logger } from '../ports.ts';
import { secretRefFor } from '../store/secrets/credentials.ts';
import type { SecretStore } from '../store/secrets/secret-store.ts';
import { upsertServer } from '../store/settings/edits.ts';
import type { ServerSettings } from '../store/settings/schema.ts';
import type { SettingsStore } from '../store/settings/settings-store.ts';
import { fail, keychainError, ok, validationFailed } from './request-results.ts';

export type CredentialRequests = Pick<BridgeRequests, 'setCredentials' | 'clearCredentials'>;

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

export function createCredentialRequests(options: CredentialRequestsOptions): CredentialRequests {
  const { settings, secrets, log } = options;
  return {
    setCredentials: async (input: CredentialsInput) => {
      const server = serverUrlOf(input.server);
      if (server === undefined) return validationFailed([{ path: 'server', message: invalidServerUrl().message }]);
      const entry: ServerSettings =
        input.kind === 'basic'
          ? { url: server, auth: { kind: 'basic', user: input.user } }
          : { url: server, auth: { kind: 'token' } };
      const ref = secretRefFor(entry);
      if (ref === undefined) return fail({ code: 'internal', message: t('rules.bridge.no-keychain-entry') });
      const previous = settings.get().servers.find((item) => item.url === server);
      const previousRef = previous === undefined ? undefined : secretRefFor(previous);
      try {
        await secrets.set(ref, input.kind === 'basic' ? input.password : input.token);
      } catch (error) {
        return keychainError(error);
      }
      const result = await settings.update((latest) => upsertServer(latest, entry));
      // Another user or kind replaced the old credentials: their secret must not stay behind in the keychain.
      if (result.ok && previousRef !== undefined && JSON.stringify(previousRef) !== JSON.stringify(ref)) {
        await secrets.delete(previousRef).catch((error: unknown) => {
          log.log('warn', 'could not remove replaced credentials from the keychain', { error: String(error) });
        });
      }
      options.credentialsChanged?.();
      return result.ok ? ok(null) : validationFailed(result.issues);
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
