/**
 * One "device" for the account tests: its own data directory (real settings file), keychain stand-in, manual clock
 * and AccountService, talking to test/server over real sockets.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createAccountApi } from '../../../../main/core/account/account-api.ts';
import { AccountService } from '../../../../main/core/account/account-service.ts';
import type { SyncResult } from '../../../../main/core/account/account-types.ts';
import { keychainAccount, type SecretStore } from '../../../../main/core/store/secrets/secret-store.ts';
import { openConfSettingsStore, settingsFilePath } from '../../../../main/core/store/settings/conf-settings-store.ts';
import { upsertSubscription } from '../../../../main/core/store/settings/edits.ts';
import type { SettingsStore } from '../../../../main/core/store/settings/settings-store.ts';
import { createRecordingLogger } from '../../../fakes/logger.ts';
import { ManualClock } from '../../../support/manual-clock.ts';

/** The keychain stand-in: every entry it holds, by keychain account, so tests can look at all of them. */
export interface KeychainStandIn extends SecretStore {
  readonly entries: ReadonlyMap<string, string>;
}

export function createKeychainStandIn(): KeychainStandIn {
  const entries = new Map<string, string>();
  return {
    entries,
    get: (ref) => Promise.resolve(entries.get(keychainAccount(ref))),
    set: (ref, secret) => {
      entries.set(keychainAccount(ref), secret);
      return Promise.resolve();
    },
    delete: (ref) => Promise.resolve(entries.delete(keychainAccount(ref))),
  };
}

export interface Device {
  readonly dir: string;
  readonly settings: SettingsStore;
  readonly keychain: KeychainStandIn;
  readonly clock: ManualClock;
  readonly service: AccountService;
  /** The settings file as written. */
  settingsText(): string;
  topics(): string[];
  names(): Record<string, string | undefined>;
  subscribe(server: string, topic: string, displayName?: string): Promise<void>;
  rename(topic: string, displayName: string): Promise<void>;
  unsubscribe(topic: string): Promise<void>;
  /** Resolves with the result of the next sync this device finishes. */
  nextSync(): Promise<SyncResult>;
  /** Stops the service (waiting for a running sync) and removes the data directory. */
  close(): Promise<void>;
}

export function createDevice(name: string, startMs = 1_700_000_000_000): Device {
  const dir = mkdtempSync(join(tmpdir(), `ntfy-tray-account-${name}-`));
  const settings = openConfSettingsStore({ dir, log: createRecordingLogger(name) });
  const keychain = createKeychainStandIn();
  const clock = new ManualClock(startMs);
  let ids = 0;
  const service = new AccountService({
    settings,
    secrets: keychain,
    api: createAccountApi({ timeoutMs: 10_000 }),
    clock,
    log: createRecordingLogger(name),
    newId: () => `${name}-${++ids}`,
    tokenLabel: `ntfy-tray ${name}`,
  });
  const update = async (change: Parameters<SettingsStore['update']>[0]): Promise<void> => {
    const result = await settings.update(change);
    if (!result.ok) throw new Error(`settings refused: ${JSON.stringify(result.issues)}`);
  };
  return {
    dir,
    settings,
    keychain,
    clock,
    service,
    settingsText: () => readFileSync(settingsFilePath(dir), 'utf8'),
    topics: () =>
      settings
        .get()
        .subscriptions.map((item) => item.topic)
        .sort(),
    names: () => Object.fromEntries(settings.get().subscriptions.map((item) => [item.topic, item.displayName])),
    subscribe: (server, topic, displayName) =>
      update((current) =>
        upsertSubscription(current, {
          id: `${name}-local-${topic}`,
          server,
          topic,
          ...(displayName === undefined ? {} : { displayName }),
          transport: 'json',
          filters: {},
          muted: false,
          minPriority: 1,
        }),
      ),
    rename: (topic, displayName) =>
      update((current) => ({
        ...current,
        subscriptions: current.subscriptions.map((item) => (item.topic === topic ? { ...item, displayName } : item)),
      })),
    unsubscribe: (topic) =>
      update((current) => ({
        ...current,
        subscriptions: current.subscriptions.filter((item) => item.topic !== topic),
      })),
    nextSync: () =>
      new Promise((resolve) => {
        const off = service.onSynced((result) => {
          off();
          resolve(result);
        });
      }),
    close: async () => {
      await service.dispose();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
