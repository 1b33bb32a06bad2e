/**
 * The distributor without its bus (issue 35): the registrations, the push engine carrying their topics, and what it
 * follows in the settings — a new default server moves the endpoints, the switch (`unifiedPushEnabled`) stops and
 * starts carrying them. main/os/unifiedpush/start-distributor.ts adds the D-Bus side; the dev:web bridge runs this
 * with a connector of its own.
 */
import { join } from 'node:path';
import { type ConnectorPort, UnifiedPushDistributor } from './distributor.ts';
import type { PushAppsSource } from './push-apps.ts';
import { type PushEngineOptions, startPushEngine, UNIFIEDPUSH_DIR } from './push-engine.ts';
import { createRegistrationsFile, REGISTRATIONS_FILE } from './registrations-file.ts';

export interface PushServiceOptions extends Omit<PushEngineOptions, 'distributor'> {
  readonly connector: ConnectorPort;
  /** The switch was turned (settings): the bus side follows. */
  readonly onSwitch?: (enabled: boolean) => void;
}

export interface PushService extends PushAppsSource {
  readonly distributor: UnifiedPushDistributor;
  reconnectAll(): void;
  stop(): Promise<void>;
}

export async function startPushService(options: PushServiceOptions): Promise<PushService> {
  const { log, settings } = options;
  let reconcile: () => Promise<void> = () => Promise.resolve();
  const follow = (): void => {
    reconcile().catch((error: unknown) => {
      log.log('error', 'UnifiedPush: could not follow the registrations', { error: String(error) });
    });
    options.onChange?.();
  };
  const distributor = await UnifiedPushDistributor.open({
    file: createRegistrationsFile(join(options.dataDir, UNIFIEDPUSH_DIR, REGISTRATIONS_FILE), log),
    connector: options.connector,
    defaultServer: () => settings.get().defaultServer,
    clock: options.clock,
    log,
    onChange: follow,
  });
  const engine = await startPushEngine({ ...options, distributor });
  reconcile = () => engine.reconcile();
  const stopFollowing = settings.onChange((next, previous) => {
    if (next.preferences.unifiedPushEnabled !== previous.preferences.unifiedPushEnabled) {
      log.log('info', `UnifiedPush: switched ${next.preferences.unifiedPushEnabled ? 'on' : 'off'}`);
      follow();
      options.onSwitch?.(next.preferences.unifiedPushEnabled);
    }
    if (next.defaultServer === previous.defaultServer) return;
    distributor.moveTo(next.defaultServer).catch((error: unknown) => {
      log.log('error', 'UnifiedPush: could not move the endpoints', { error: String(error) });
    });
  });
  return {
    distributor,
    list: () => distributor.list(),
    remove: (token) => distributor.remove(token),
    statuses: () => engine.statuses(),
    enabled: () => settings.get().preferences.unifiedPushEnabled,
    reconnectAll: () => {
      engine.reconnectAll();
    },
    async stop() {
      stopFollowing();
      await engine.stop();
      await distributor.flush();
    },
  };
}
