/**
 * ntfy Tray as a UnifiedPush distributor (Linux; issue 35): the registrations, the engine carrying their topics and
 * the service on the session bus, started together and stopped together. Both the Electron root and the tests start
 * exactly this.
 */
import type { UnifiedPushDistributor } from '../../core/unifiedpush/distributor.ts';
import type { PushApps } from '../../core/unifiedpush/push-apps.ts';
import type { PushEngineOptions } from '../../core/unifiedpush/push-engine.ts';
import { startPushService } from '../../core/unifiedpush/push-service.ts';
import type { DbusServiceConnection } from '../dbus/session-bus.ts';
import { createDbusConnector } from './dbus-connector.ts';
import { serveDistributor, type ServedDistributor } from './dbus-distributor.ts';

/** The push engine's options (the distributor is made here) and the session bus to serve on. */
interface UnifiedPushOptions extends Omit<PushEngineOptions, 'distributor' | 'onChange'> {
  readonly connect: () => Promise<DbusServiceConnection>;
  /** The window's list and the tray's count (core/unifiedpush/push-apps.ts), attached while running. */
  readonly pushApps?: PushApps;
}

export interface RunningDistributor {
  readonly distributor: UnifiedPushDistributor;
  /** Whether this process owns the distributor's bus name now (false while switched off). */
  ownsName(): boolean;
  /** Resolves once the bus name follows the latest turn of the switch. */
  settled(): Promise<void>;
  reconnectAll(): void;
  stop(): Promise<void>;
}

/** The bus name, owned while the switch is on and released while it is off; turns are applied one after another. */
function followSwitch(
  connection: DbusServiceConnection,
  distributor: UnifiedPushDistributor,
  log: UnifiedPushOptions['log'],
) {
  let served: ServedDistributor | undefined;
  let turning = Promise.resolve();
  const turn = (enabled: boolean): Promise<void> => {
    turning = turning.then(async () => {
      if (enabled && served === undefined) {
        served = await serveDistributor(connection, distributor);
        if (!served.ownsName) log.log('warn', 'UnifiedPush: another process holds the distributor name; not serving');
      } else if (!enabled && served !== undefined) {
        const withdrawn = served;
        served = undefined;
        await withdrawn.withdraw();
      }
    });
    const done = turning;
    turning = done.catch((error: unknown) => {
      log.log('error', 'UnifiedPush: could not follow the switch', { error: String(error) });
    });
    return done;
  };
  return {
    turn,
    ownsName: () => served?.ownsName === true,
    settled: () => turning,
  };
}

export async function startUnifiedPush(options: UnifiedPushOptions): Promise<RunningDistributor> {
  const { log } = options;
  const connection = await options.connect();
  const connector = await createDbusConnector(connection, log);
  let onSwitch: (enabled: boolean) => void = () => undefined;
  const service = await startPushService({
    ...options,
    connector,
    onChange: () => options.pushApps?.changed(),
    onSwitch: (enabled) => {
      onSwitch(enabled);
    },
  });
  const name = followSwitch(connection, service.distributor, log);
  onSwitch = (enabled) => {
    void name.turn(enabled);
  };
  await name.turn(service.enabled());
  const detach = options.pushApps?.attach(service);
  return {
    distributor: service.distributor,
    ownsName: name.ownsName,
    settled: name.settled,
    reconnectAll: () => {
      service.reconnectAll();
    },
    async stop() {
      detach?.();
      onSwitch = () => undefined;
      await name.turn(false);
      await service.stop();
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
