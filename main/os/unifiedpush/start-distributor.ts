/**
 * ntfy Tray as a UnifiedPush distributor (Linux; issue 35): the registrations, the engine carrying their topics and
 * the service on the session bus, started together and stopped together. Both the Electron root and the tests start
 * exactly this.
 */
import { join } from 'node:path';
import { UnifiedPushDistributor } from '../../core/unifiedpush/distributor.ts';
import { type PushEngineOptions, startPushEngine, UNIFIEDPUSH_DIR } from '../../core/unifiedpush/push-engine.ts';
import { createRegistrationsFile, REGISTRATIONS_FILE } from '../../core/unifiedpush/registrations-file.ts';
import type { DbusServiceConnection } from '../dbus/session-bus.ts';
import { createDbusConnector } from './dbus-connector.ts';
import { serveDistributor } from './dbus-distributor.ts';

/** The push engine's options (the distributor is made here) and the session bus to serve on. */
interface UnifiedPushOptions extends Omit<PushEngineOptions, 'distributor'> {
  readonly connect: () => Promise<DbusServiceConnection>;
}

export interface RunningDistributor {
  readonly distributor: UnifiedPushDistributor;
  readonly ownsName: boolean;
  reconnectAll(): void;
  stop(): Promise<void>;
}

export async function startUnifiedPush(options: UnifiedPushOptions): Promise<RunningDistributor> {
  const { log } = options;
  const connection = await options.connect();
  const connector = await createDbusConnector(connection, log);
  let reconcile: () => Promise<void> = () => Promise.resolve();
  const distributor = await UnifiedPushDistributor.open({
    file: createRegistrationsFile(join(options.dataDir, UNIFIEDPUSH_DIR, REGISTRATIONS_FILE), log),
    connector,
    defaultServer: () => options.settings.get().defaultServer,
    clock: options.clock,
    log,
    onChange: () => {
      reconcile().catch((error: unknown) => {
        log.log('error', 'UnifiedPush: could not follow the registrations', { error: String(error) });
      });
    },
  });
  const engine = await startPushEngine({ ...options, distributor });
  reconcile = () => engine.reconcile();
  const stopFollowing = options.settings.onChange((next, previous) => {
    if (next.defaultServer === previous.defaultServer) return;
    distributor.moveTo(next.defaultServer).catch((error: unknown) => {
      log.log('error', 'UnifiedPush: could not move the endpoints', { error: String(error) });
    });
  });
  const served = await serveDistributor(connection, distributor);
  if (!served.ownsName) log.log('warn', 'UnifiedPush: another process holds the distributor name; not serving');
  return {
    distributor,
    ownsName: served.ownsName,
    reconnectAll: () => {
      engine.reconnectAll();
    },
    async stop() {
      stopFollowing();
      await served.withdraw();
      await engine.stop();
      await distributor.flush();
      await connector.stop();
      await connection.close();
    },
  };
}

interface BackgroundDistributor {
  reconnectAll(): void;
  stop(): Promise<void>;
}

/**
 * The app's distributor (Linux): started beside the app, never in its way — without a session bus, or when it fails
 * to start, the app runs on without it (logged).
 */
export function startUnifiedPushInBackground(options: UnifiedPushOptions): BackgroundDistributor {
  const starting = startUnifiedPush(options).catch((error: unknown) => {
    options.log.log('warn', 'UnifiedPush: the distributor did not start', { error: String(error) });
    return undefined;
  });
  return {
    reconnectAll() {
      void starting.then((running) => running?.reconnectAll());
    },
    async stop() {
      await (await starting)?.stop();
    },
  };
}
