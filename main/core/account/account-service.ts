/**
 * The ntfy account of the app: sign in once with user and password (only the token the server creates is kept, in
 * the keychain as the server's token, and the server's auth becomes `token`, so its subscriptions use it too), sign
 * out (the token is deleted on the server, then here, even when the server cannot be reached), and keep the
 * subscriptions in sync with the account: at start, shortly after a local change, and every few minutes.
 *
 * Not wired yet: the composition roots create one with their settings, secret store and clock, call start() and
 * dispose(); the window reaches it through IPC (accountStatus, accountSignIn, accountSignOut, accountSyncNow).
 */
import { isDeepStrictEqual } from 'node:util';
import { errorMessage } from '../../../common/error-message.ts';
import { t } from '../../../common/i18n/translate.ts';
import { normalizeServerUrl, serverUrlError } from '../../../common/server-url.ts';
import type { Clock, Logger, TimerHandle } from '../ports.ts';
import type { SecretRef, SecretStore } from '../store/secrets/secret-store.ts';
import { upsertServer } from '../store/settings/edits.ts';
import type { Settings } from '../store/settings/schema.ts';
import type { SettingsStore } from '../store/settings/settings-store.ts';
import type { AccountApi, AccountInfo } from './account-api.ts';
import type { AccountStatus, SignInRequest, SignInResult, SignOutResult, SyncResult } from './account-types.ts';
import { diffSubscriptions, recordChanges } from './local-changes.ts';
import { describeFailure, runSync } from './sync-run.ts';
import { TokenKeeper } from './token-keeper.ts';

interface AccountServiceOptions {
  readonly settings: SettingsStore;
  readonly secrets: SecretStore;
  readonly api: AccountApi;
  readonly clock: Clock;
  readonly log: Logger;
  /** Ids for subscriptions that arrive from the account (the app uses randomUUID). */
  readonly newId: () => string;
  /** Between periodic syncs, milliseconds. Default 5 minutes. */
  readonly syncIntervalMs?: number;
  /** After a local change, milliseconds, so a burst of edits is sent in one sync. Default 2 s. */
  readonly changeDelayMs?: number;
  /** The token's label in the account's token list (ntfy's web app shows it). */
  readonly tokenLabel?: string;
}

export class AccountService {
  readonly #options: AccountServiceOptions;
  readonly #log: Logger;
  #timer: TimerHandle | undefined;
  #unsubscribe: (() => void) | undefined;
  /** Settles when the latest queued sync has finished; syncs never overlap. */
  #queue: Promise<unknown> = Promise.resolve();
  #syncing = 0;
  /** A sync queued by syncSoon() that has not started yet. */
  #waiting: Promise<SyncResult> | undefined;
  #lastSync: SyncResult | undefined;
  readonly #syncListeners = new Set<(result: SyncResult) => void>();
  #account: AccountInfo | undefined;
  /** The latest write of dated local changes; a sync waits for it so it sees them. */
  #recording: Promise<unknown> = Promise.resolve();
  /** The settings this service itself is writing, so that its own edits are not dated as the user's. */
  #ownWrite: Settings | undefined;
  readonly #tokenKeeper: TokenKeeper;

  constructor(options: AccountServiceOptions) {
    this.#options = options;
    this.#log = options.log.child('account');
    this.#tokenKeeper = new TokenKeeper({ api: options.api, clock: options.clock, log: this.#log });
  }

  /** Watches local edits and syncs now, then every few minutes. */
  start(): void {
    this.#unsubscribe ??= this.#options.settings.onChange((next, previous) => {
      this.#onSettingsChange(next, previous);
    });
    this.#schedule(0);
  }

  /**
   * Stops the cycle and resolves once a sync that is running has finished, so that the app closes the settings
   * store only after the sync's last write (a quit during a sync must not lose what it merged).
   */
  async dispose(): Promise<void> {
    this.#unsubscribe?.();
    this.#unsubscribe = undefined;
    if (this.#timer !== undefined) this.#options.clock.clearTimeout(this.#timer);
    this.#timer = undefined;
    await this.#queue;
  }

  /** Called after every sync (started by anyone) with its result; returns the unsubscribe function. */
  onSynced(listener: (result: SyncResult) => void): () => void {
    const entry = (result: SyncResult): void => {
      listener(result);
    };
    this.#syncListeners.add(entry);
    return () => {
      this.#syncListeners.delete(entry);
    };
  }

  status(): AccountStatus {
    const account = this.#options.settings.get().account;
    if (account === undefined) return { signedIn: false };
    const info = this.#account;
    return {
      signedIn: true,
      server: account.server,
      user: account.user,
      ...(account.lastSyncAt === undefined ? {} : { lastSyncAt: account.lastSyncAt }),
      syncing: this.#syncing > 0,
      ...(this.#lastSync === undefined ? {} : { lastSync: this.#lastSync }),
      reservations: info?.reservations ?? [],
      limits: info?.limits ?? {},
      stats: info?.stats ?? {},
      ...(info?.tier === undefined ? {} : { tier: info.tier }),
    };
  }

  async signIn(request: SignInRequest): Promise<SignInResult> {
    const urlProblem = serverUrlError(request.server);
    if (urlProblem !== undefined) return { ok: false, error: urlProblem.message };
    if (request.user.trim() === '' || request.password === '') {
      return { ok: false, error: t('core.account.credentials-needed') };
    }
    if (this.#options.settings.get().account !== undefined)
      return { ok: false, error: t('core.account.already-signed-in') };
    const server = normalizeServerUrl(request.server);
    const { api, secrets } = this.#options;
    const created = await api.createToken(
      server,
      request.user,
      request.password,
      this.#options.tokenLabel ?? 'ntfy-tray',
    );
    if (!created.ok) {
      const { failure } = created;
      // ntfy without an auth file answers 404 to every account endpoint but GET /v1/account.
      const noAccounts = failure.kind === 'refused' && failure.status === 404;
      const error =
        failure.kind === 'unauthorized'
          ? t('core.account.sign-in-wrong-password')
          : t('core.account.sign-in-failed', {
              reason: noAccounts ? t('core.account.no-accounts') : describeFailure(failure),
            });
      return { ok: false, error };
    }
    const ref: SecretRef = { server, kind: 'token' };
    const token = created.value.token;
    try {
      await secrets.set(ref, token);
    } catch (error) {
      // Nowhere safe to keep it: take it back on the server rather than leave an unused token there.
      await api.deleteToken(server, token);
      return { ok: false, error: t('core.account.sign-in-token-not-stored', { error: errorMessage(error) }) };
    }
    const user = request.user.trim();
    const saved = await this.#options.settings
      .update((current) => ({
        ...upsertServer(current, { url: server, auth: { kind: 'token' } }),
        account: { server, user, synced: [], localChanges: [] },
      }))
      .catch((error: unknown) => ({ ok: false as const, issues: [{ path: '', message: errorMessage(error) }] }));
    if (!saved.ok) {
      await secrets.delete(ref).catch((error: unknown) => {
        this.#log.log('error', 'token not removed from the keychain after a failed sign-in', { error });
      });
      await api.deleteToken(server, token);
      const why = saved.issues.map((issue) =>
        issue.path === '' ? issue.message : t('core.field-problem', { field: issue.path, problem: issue.message }),
      );
      return { ok: false, error: t('core.account.sign-in-settings-not-saved', { issues: why.join('; ') }) };
    }
    this.#tokenKeeper.reset();
    this.#log.log('info', 'signed in to an ntfy account', { server, user, tokenExpires: created.value.expires });
    return { ok: true, sync: await this.syncNow() };
  }

  async signOut(): Promise<SignOutResult> {
    const account = this.#options.settings.get().account;
    if (account === undefined) return { ok: false, error: t('core.account.sign-out-not-signed-in') };
    const { api, secrets } = this.#options;
    const ref: SecretRef = { server: account.server, kind: 'token' };
    let message = t('core.account.signed-out-token-deleted');
    let deletedOnServer = false;
    try {
      const token = await secrets.get(ref);
      if (token === undefined) message = t('core.account.signed-out-no-token');
      else {
        const deleted = await api.deleteToken(account.server, token);
        deletedOnServer = deleted.ok;
        if (!deleted.ok)
          message = t('core.account.signed-out-token-kept', { reason: describeFailure(deleted.failure) });
      }
      await secrets.delete(ref);
    } catch (error) {
      return { ok: false, error: t('core.account.sign-out-keychain-failed', { error: errorMessage(error) }) };
    }
    await this.#options.settings.update((current) => {
      const { account: _signedOut, ...rest } = upsertServer(current, { url: account.server, auth: { kind: 'none' } });
      return rest;
    });
    this.#account = undefined;
    this.#lastSync = undefined;
    this.#log.log('info', 'signed out of the ntfy account', { server: account.server, deletedOnServer });
    return { ok: true, tokenDeletedOnServer: deletedOnServer, message };
  }

  /** Runs a sync after any that is running; resolves with its result. */
  syncNow(): Promise<SyncResult> {
    const result = this.#queue.then(() => this.#runOnce());
    this.#queue = result.catch(() => undefined);
    return result;
  }

  /**
   * A sync after the running one, unless one is already waiting to start: a burst of sync events from the server
   * (each change made elsewhere, and each of our own, publishes one) costs one sync, not one each.
   */
  syncSoon(): Promise<SyncResult> {
    if (this.#waiting !== undefined) return this.#waiting;
    const result = this.#queue.then(() => {
      this.#waiting = undefined;
      return this.#runOnce();
    });
    this.#waiting = result;
    this.#queue = result.catch(() => undefined);
    return result;
  }

  /**
   * Where the server announces changes to the account made elsewhere (`{"event":"sync"}` messages on the account's
   * sync topic, docs/protocol.md#accounts): known once a sync has read the account, undefined while signed out.
   */
  syncTopic(): { readonly server: string; readonly topic: string } | undefined {
    const account = this.#options.settings.get().account;
    const topic = this.#account?.syncTopic;
    return account === undefined || topic === undefined ? undefined : { server: account.server, topic };
  }

  async #runOnce(): Promise<SyncResult> {
    this.#syncing++;
    try {
      await this.#recording;
      this.#lastSync = await runSync({
        ...this.#options,
        log: this.#log,
        onOwnWrite: (next) => {
          this.#ownWrite = next;
        },
        onAccount: (info) => {
          this.#account = info;
        },
        keepTokenAlive: (server, token, expires) => this.#tokenKeeper.keepAlive(server, token, expires),
      });
    } finally {
      this.#syncing--;
    }
    const result = this.#lastSync;
    // Not being signed in is the usual state, not a failure worth a line every few minutes.
    if (!result.ok && result.reason !== 'signed-out') this.#log.log('warn', `account sync failed: ${result.message}`);
    for (const listener of this.#syncListeners) {
      try {
        listener(result);
      } catch (error) {
        this.#log.log('error', 'account sync listener failed', { error });
      }
    }
    return result;
  }

  #schedule(delayMs: number): void {
    const { clock } = this.#options;
    if (this.#timer !== undefined) clock.clearTimeout(this.#timer);
    this.#timer = clock.setTimeout(() => {
      this.#timer = undefined;
      this.syncNow()
        .catch((error: unknown) => {
          this.#log.log('error', 'account sync threw', { error });
        })
        .finally(() => {
          // Only a started service keeps syncing; dispose() ends the cycle.
          if (this.#unsubscribe !== undefined && this.#timer === undefined) {
            this.#schedule(this.#options.syncIntervalMs ?? 5 * 60_000);
          }
        });
    }, delayMs);
  }

  #onSettingsChange(next: Settings, previous: Settings): void {
    const own = this.#ownWrite;
    this.#ownWrite = undefined;
    if (next.account === undefined || previous.account === undefined) return;
    // Compared by content: the store hands listeners its validated copy, not the object the sync returned.
    if (own !== undefined && isDeepStrictEqual(own.subscriptions, next.subscriptions)) return;
    const changes = diffSubscriptions(previous.subscriptions, next.subscriptions, this.#options.clock.now());
    if (changes.length === 0) return;
    this.#recording = this.#options.settings
      .update((current) =>
        current.account === undefined
          ? current
          : {
              ...current,
              account: { ...current.account, localChanges: recordChanges(current.account.localChanges, changes) },
            },
      )
      .catch((error: unknown) => {
        this.#log.log('error', 'local subscription changes not recorded for the account sync', { error });
      });
    if (this.#unsubscribe !== undefined) this.#schedule(this.#options.changeDelayMs ?? 2_000);
  }
}
