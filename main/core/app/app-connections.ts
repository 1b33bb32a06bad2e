/**
 * The app's connections: the engine kept equal to the subscriptions in the settings (credentials from the keychain),
 * and the status of each running connection for the window and the tray.
 */
import type { ConnectionDto } from '../../../common/ipc.ts';
import { toConnectionDto } from '../bridge/dto.ts';
import type { DeliverOptions } from '../delivery/deliver.ts';
import type { ConnectionManager } from '../engine/connection-manager.ts';
import type { ConnectionStatus, ConnectionTiming } from '../engine/connection-types.ts';
import { createEngine } from '../engine/create-engine.ts';
import { checkTopicAccess, pollOnce } from '../engine/http-requests.ts';
import type { Clock, HistoryStore, Logger } from '../ports.ts';
import type { SecretStore } from '../store/secrets/secret-store.ts';
import type { Settings } from '../store/settings/schema.ts';
import type { SettingsStore } from '../store/settings/settings-store.ts';
import { openTransport } from '../transports/index.ts';
import { desiredSubscriptions } from './desired-subscriptions.ts';

interface AppConnectionsOptions {
  readonly settings: SettingsStore;
  readonly history: HistoryStore;
  readonly secrets: SecretStore;
  readonly clock: Clock;
  readonly random: () => number;
  readonly log: Logger;
  /** Engine timing (tests and the dev bridge); the keepalive timeout always comes from the settings. */
  readonly timing?: Partial<ConnectionTiming>;
  /** After the commit: popups, commands, window, tray. */
  readonly onDelivered: NonNullable<DeliverOptions['onDelivered']>;
  /** A connection's status changed, or connections stopped. */
  readonly connectionsChanged: (connections: readonly ConnectionDto[]) => void;
  /** A connection's status changed. */
  readonly statusChanged: () => void;
}

interface AppConnections {
  readonly manager: ConnectionManager;
  /** The status of each running connection. */
  readonly connections: () => ConnectionStatus[];
  /** Starts and stops connections to match `settings`' subscriptions. */
  readonly reconcile: (settings: Settings) => void;
  /** Waits for the reconcile under way, then stops every connection once what was read is stored. */
  stop(): Promise<void>;
}

export function startAppConnections(options: AppConnectionsOptions): AppConnections {
  const { settings, log } = options;
  let statuses = new Map<string, ConnectionStatus>();
  const connections = (): ConnectionStatus[] => [...statuses.values()];
  const manager = createEngine({
    clock: options.clock,
    random: options.random,
    log,
    history: options.history,
    openTransport,
    poll: pollOnce,
    checkTopicAccess,
    initialSince: { kind: 'all' },
    timing: () => ({
      ...options.timing,
      keepaliveTimeoutMs: settings.get().preferences.keepaliveTimeoutSeconds * 1000,
    }),
    onStatus: (status) => {
      statuses.set(status.key, status);
      options.connectionsChanged(connections().map(toConnectionDto));
      options.statusChanged();
    },
    onDelivered: options.onDelivered,
  });
  // Reconciles run one after another: each waits for the keychain, and an older one must not finish last.
  let reconciling = Promise.resolve();
  const reconcile = (current: Settings): void => {
    reconciling = reconciling
      .then(async () => {
        const result = manager.reconcile(await desiredSubscriptions(current, { secrets: options.secrets, log }));
        const running = new Set(manager.statuses().map((status) => status.key));
        statuses = new Map([...statuses].filter(([key]) => running.has(key)));
        if (result.stopped.length > 0) options.connectionsChanged(connections().map(toConnectionDto));
      })
      .catch((error: unknown) => {
        log.log('error', 'could not apply the subscriptions', { error: String(error) });
      });
  };
  return {
    manager,
    connections,
    reconcile,
    stop: async () => {
      await reconciling;
      await manager.stopAll();
    },
  };
}
