/**
 * The app's ntfy account: signing in and out, and syncing its subscriptions. Its syncs write the settings, so the
 * window's subscription list refreshes the way it does after any edit (settingsChanged → the window reads the list
 * again); changes made elsewhere (web app, other devices) announce themselves on the account's sync topic, which
 * starts a sync at once.
 */
import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { AccountStatusDto } from '../../../common/ipc.ts';
import { serverUrlOf } from '../../../common/server-url.ts';
import { createAccountApi } from '../account/account-api.ts';
import { type AccountRequests, createAccountRequests, toAccountStatusDto } from '../account/account-requests.ts';
import { AccountService } from '../account/account-service.ts';
import type { AppRequests } from '../bridge/app-service.ts';
import type { Clock, Logger } from '../ports.ts';
import type { SecretStore } from '../store/secrets/secret-store.ts';
import type { SettingsStore } from '../store/settings/settings-store.ts';
import { openTransport } from '../transports/index.ts';
import { SyncTopicListener } from './sync-topic-listener.ts';

interface AppAccountOptions {
  readonly settings: SettingsStore;
  readonly secrets: SecretStore;
  readonly clock: Clock;
  readonly random: () => number;
  readonly log: Logger;
  /** Signed in or out, or a sync ran; absent where no window listens. */
  readonly accountChanged?: (status: AccountStatusDto) => void;
}

interface AppAccount {
  /** The window's account requests (sign in, sign out, status, sync). */
  readonly requests: AccountRequests;
  /**
   * The bridge's clearCredentials, except for the account's own server: clearing its credentials removes its token,
   * which leaves the account nothing to sync with, so that signs out instead (the token is deleted on the server
   * too, and the window says "signed out").
   */
  clearCredentials(clearOthers: AppRequests['clearCredentials']): AppRequests['clearCredentials'];
  stop(): Promise<void>;
}

export function startAppAccount(options: AppAccountOptions): AppAccount {
  const { settings, clock, log } = options;
  const account = new AccountService({
    settings,
    secrets: options.secrets,
    api: createAccountApi(),
    clock,
    log,
    newId: () => randomUUID(),
    tokenLabel: `ntfy-tray on ${hostname()}`,
  });
  const syncTopic = new SyncTopicListener({
    clock,
    random: options.random,
    log: log.child('account sync topic'),
    openTransport,
    secrets: options.secrets,
    keepaliveTimeoutMs: () => settings.get().preferences.keepaliveTimeoutSeconds * 1000,
    onSyncEvent: () => {
      account.syncSoon().catch((error: unknown) => {
        log.log('error', 'account sync threw', { error: String(error) });
      });
    },
  });
  const accountChanged = (): void => {
    syncTopic.listen(account.syncTopic());
    options.accountChanged?.(toAccountStatusDto(account.status()));
  };
  const unsubscribeAccount = account.onSynced(accountChanged);
  account.start();
  return {
    requests: createAccountRequests({ account, accountChanged }),
    clearCredentials: (clearOthers) => async (server) => {
      const signedIn = settings.get().account;
      if (signedIn === undefined || serverUrlOf(server) !== signedIn.server) return clearOthers(server);
      const result = await account.signOut();
      // Signing out fails only when the keychain does not answer (the token stays, and so does the account).
      if (!result.ok) return { ok: false, error: { code: 'keychain-unavailable', message: result.error } };
      accountChanged();
      return { ok: true, value: null };
    },
    stop: async () => {
      unsubscribeAccount();
      syncTopic.stop();
      await account.dispose();
    },
  };
}
