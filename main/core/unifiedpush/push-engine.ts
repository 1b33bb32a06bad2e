/**
 * The engine that carries the push topics: the same connections, resume points, backoff and exactly-once delivery as
 * every subscription (core/engine), over a history of its own (`<data>/unifiedpush/history.sqlite`), so push
 * messages never reach the window's message list or the popups. Each message goes to its app before its commit
 * (`sinkBeforeCommit`): a crash in between hands it over again after a restart, never loses it.
 */
import { join } from 'node:path';
import { scheduleRetention } from '../app/retention-schedule.ts';
import type { ConnectionStatus, ConnectionTiming } from '../engine/connection-types.ts';
import { createEngine } from '../engine/create-engine.ts';
import type { Subscription } from '../engine/groups.ts';
import { checkTopicAccess, pollOnce } from '../engine/http-requests.ts';
import type { Clock, Logger } from '../ports.ts';
import type { Credentials } from '../protocol/subscribe-request.ts';
import { resolveCredentials } from '../store/secrets/credentials.ts';
import type { SecretStore } from '../store/secrets/secret-store.ts';
import { SqliteHistoryStore } from '../store/history/index.ts';
import type { SettingsStore } from '../store/settings/settings-store.ts';
import { openTransport as defaultOpenTransport } from '../transports/index.ts';
import type { OpenTransport } from '../transports/transport.ts';
import type { UnifiedPushDistributor } from './distributor.ts';

/** The distributor's own folder inside the data folder: its registrations and its history. */
export const UNIFIEDPUSH_DIR = 'unifiedpush';

export interface PushEngineOptions {
  readonly dataDir: string;
  readonly distributor: UnifiedPushDistributor;
  readonly settings: SettingsStore;
  readonly secrets: SecretStore;
  readonly clock: Clock;
  readonly random: () => number;
  readonly log: Logger;
  /** Tests: the transports' address guard; the real transports when absent. */
  readonly openTransport?: OpenTransport;
  readonly timing?: Partial<ConnectionTiming>;
  /** A push connection's state changed, or messages reached their apps (their counts changed). */
  readonly onChange?: () => void;
}

interface PushEngine {
  /** Follows the distributor's registrations (and the servers' credentials). */
  reconcile(): Promise<void>;
  reconnectAll(): void;
  /** The state of each push connection (a row shows its server unreachable or refusing). */
  statuses(): readonly ConnectionStatus[];
  stop(): Promise<void>;
}

async function credentialsFor(server: string, options: PushEngineOptions): Promise<Credentials> {
  const entry = options.settings.get().servers.find((candidate) => candidate.url === server);
  if (entry === undefined) return { kind: 'none' };
  try {
    return await resolveCredentials(entry, options.secrets);
  } catch (error) {
    options.log.log('warn', 'UnifiedPush: no usable credentials for a server', { server, error: String(error) });
    return { kind: 'none' };
  }
}

export async function startPushEngine(options: PushEngineOptions): Promise<PushEngine> {
  const { distributor, clock, log } = options;
  const history = await SqliteHistoryStore.open({ dataDir: join(options.dataDir, UNIFIEDPUSH_DIR), clock });
  const manager = createEngine({
    clock,
    random: options.random,
    log,
    history,
    openTransport: options.openTransport ?? defaultOpenTransport,
    poll: pollOnce,
    checkTopicAccess,
    // A new endpoint's topic has no past, so `all` only brings what was pushed before the first connect.
    initialSince: { kind: 'all' },
    timing: () => ({ ...options.timing }),
    onStatus: () => options.onChange?.(),
    sinkBeforeCommit: (batch) => {
      distributor.deliver(batch);
      options.onChange?.();
      return Promise.resolve();
    },
  });
  const stopRetention = scheduleRetention({ clock, history, settings: options.settings, log });
  let reconciling = Promise.resolve();
  const reconcile = (): Promise<void> => {
    reconciling = reconciling.then(async () => {
      // Switched off (settings): no push topic is carried; the registrations stay for when it is on again.
      const carried = options.settings.get().preferences.unifiedPushEnabled ? distributor.list() : [];
      const subscriptions: Subscription[] = await Promise.all(
        carried.map(async ({ server, topic }) => ({
          server,
          topic,
          credentials: await credentialsFor(server, options),
        })),
      );
      manager.reconcile(subscriptions);
    });
    const done = reconciling;
    // The next one runs whether or not this one worked; this caller still learns of a failure.
    reconciling = done.catch(() => undefined);
    return done;
  };
  await reconcile();
  return {
    reconcile,
    reconnectAll: () => {
      manager.reconnectAll();
    },
    statuses: () => manager.statuses(),
    async stop() {
      stopRetention();
      await reconciling;
      await manager.stopAll();
      await history.close();
    },
  };
}
