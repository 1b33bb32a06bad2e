/**
 * The app's core behind the bridge the window uses (createBridgeApi over dispatchRequest), on a data folder of the
 * caller's, with the keychain and settings store the caller gives: for tests and benchmarks of whole requests that
 * ask no server (imports, settings). Nothing here reaches the network.
 */
import { randomUUID } from 'node:crypto';
import { type BridgeApi, type BridgeRequests, createBridgeApi } from '../../common/ipc.ts';
import { createPause } from '../../main/core/app/pause.ts';
import { createAppService } from '../../main/core/bridge/app-service.ts';
import { dispatchRequest } from '../../main/core/bridge/dispatch.ts';
import type { Logger } from '../../main/core/ports.ts';
import { SqliteHistoryStore } from '../../main/core/store/history/index.ts';
import { keychainAccount, type SecretStore } from '../../main/core/store/secrets/secret-store.ts';
import type { SettingsStore } from '../../main/core/store/settings/settings-store.ts';

export interface CoreBridge {
  readonly api: BridgeApi;
  readonly service: BridgeRequests;
  close(): Promise<void>;
}

const offline = () => Promise.reject(new Error('this core asks no server'));

export async function openCoreBridge(options: {
  readonly dir: string;
  readonly settings: SettingsStore;
  readonly secrets: SecretStore;
  readonly log: Logger;
}): Promise<CoreBridge> {
  const { dir, settings, secrets, log } = options;
  const history = await SqliteHistoryStore.open({ dataDir: dir });
  const service = createAppService({
    settings,
    history,
    secrets,
    connections: () => [],
    checkTopicAccess: offline,
    pause: createPause({ clock: { now: () => 0 }, onChange: () => undefined }),
    openExternal: offline,
    copyText: () => undefined,
    runHttpAction: offline,
    readImage: () => Promise.resolve(undefined),
    newId: () => randomUUID(),
    now: () => 0,
    log,
  });
  const api = createBridgeApi({
    invoke: (channel, args) => dispatchRequest(service, channel, args, log),
    listen: () => () => undefined,
  });
  return { api, service, close: () => history.close() };
}

/** A keychain in memory, calling `onCall` on every request (the real one is the e2e's and the app tests' part). */
export function memoryKeychain(onCall: () => void = () => undefined): SecretStore & {
  readonly entries: ReadonlyMap<string, string>;
} {
  const entries = new Map<string, string>();
  return {
    entries,
    get: (ref) => {
      onCall();
      return Promise.resolve(entries.get(keychainAccount(ref)));
    },
    set: (ref, secret) => {
      onCall();
      entries.set(keychainAccount(ref), secret);
      return Promise.resolve();
    },
    delete: (ref) => {
      onCall();
      return Promise.resolve(entries.delete(keychainAccount(ref)));
    },
  };
}
