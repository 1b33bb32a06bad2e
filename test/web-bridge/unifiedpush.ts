/**
 * The UnifiedPush distributor behind the dev:web bridge (issue 35 §5), without a session bus: the real registrations,
 * push engine and switch (core/unifiedpush/push-service.ts), with a connector that records what each app would be
 * told instead of calling it over D-Bus. Tests register apps through `distributor.register` as the D-Bus adapter
 * would (main/os/unifiedpush/dbus-distributor.ts); the D-Bus side itself is test/integration/os.
 */
import type { ConnectorPort } from '../../main/core/unifiedpush/distributor.ts';
import type { PushApps } from '../../main/core/unifiedpush/push-apps.ts';
import {
  type PushService,
  type PushServiceOptions,
  startPushService,
} from '../../main/core/unifiedpush/push-service.ts';

/** One thing the distributor told an app's connector. */
export interface ConnectorCall {
  readonly member: 'NewEndpoint' | 'Message' | 'Unregistered';
  readonly service: string;
  readonly token: string;
}

export interface BridgeUnifiedPush {
  readonly service: PushService;
  /** What the apps were told, in order. */
  readonly told: readonly ConnectorCall[];
  stop(): Promise<void>;
}

export async function startBridgeUnifiedPush(
  options: Omit<PushServiceOptions, 'connector' | 'onChange'>,
  pushApps: PushApps,
): Promise<BridgeUnifiedPush> {
  const told: ConnectorCall[] = [];
  const connector: ConnectorPort = {
    newEndpoint: ({ service, token }) => told.push({ member: 'NewEndpoint', service, token }),
    message: ({ service, token }) => told.push({ member: 'Message', service, token }),
    unregistered: ({ service, token }) => told.push({ member: 'Unregistered', service, token }),
    // Every app is "on the bus" as the caller that registered it.
    ownerOf: (service) => Promise.resolve(service),
  };
  const service = await startPushService({
    ...options,
    connector,
    onChange: () => {
      pushApps.changed();
    },
  });
  const detach = pushApps.attach(service);
  return {
    service,
    told,
    async stop() {
      detach();
      await service.stop();
    },
  };
}
