/**
 * Wires Electron's power and network signals to the engine: `powerMonitor` 'resume' and 'unlock-screen', and
 * `net.isOnline()` polled for an offline → online change (the main process has no online event). The decisions
 * (what counts, how bursts collapse) are in main/core/connectivity/reconnect-triggers.ts.
 */
import { ReconnectTriggers, type ReconnectTriggersOptions } from '../core/connectivity/reconnect-triggers.ts';
import type { Clock, Logger } from '../core/ports.ts';
import type { NetHandle, PowerMonitorHandle } from './electron-api.ts';

interface PowerNetworkOptions {
  readonly powerMonitor: PowerMonitorHandle;
  readonly net: NetHandle;
  readonly clock: Clock;
  /** `engine.reconnectNow()`: every connection drops its socket and connects afresh from its cursor. */
  readonly reconnectNow: () => void;
  readonly log: Logger;
  readonly pollIntervalMs?: number;
}

/**
 * Starts watching; returns the function that stops it. Call after app 'ready': Electron's powerMonitor and net
 * cannot be used before.
 */
export function watchPowerAndNetwork(options: PowerNetworkOptions): () => void {
  const triggers = new ReconnectTriggers({
    clock: options.clock,
    isOnline: () => options.net.isOnline(),
    reconnectNow: (reasons) => {
      options.log.log('info', 'reconnecting every subscription', { reasons });
      options.reconnectNow();
    },
    log: options.log,
    ...(options.pollIntervalMs === undefined ? {} : { pollIntervalMs: options.pollIntervalMs }),
  } satisfies ReconnectTriggersOptions);
  const onResume = (): void => {
    triggers.notify('resume');
  };
  const onUnlock = (): void => {
    triggers.notify('unlock-screen');
  };
  options.powerMonitor.on('resume', onResume);
  options.powerMonitor.on('unlock-screen', onUnlock);
  triggers.start();
  return () => {
    options.powerMonitor.removeListener('resume', onResume);
    options.powerMonitor.removeListener('unlock-screen', onUnlock);
    triggers.stop();
  };
}
