import { describe, expect, it } from 'vitest';
import {
  DEFAULT_ONLINE_POLL_INTERVAL_MS,
  DEFAULT_RECONNECT_SETTLE_MS,
} from '../../../main/core/connectivity/reconnect-triggers.ts';
import { watchPowerAndNetwork } from '../../../main/desktop/power-network.ts';
import { createFakeElectron } from '../../fakes/electron.ts';
import { createRecordingLogger } from '../../fakes/logger.ts';
import { ManualClock } from '../../support/manual-clock.ts';

function setUp(options: { pollIntervalMs?: number } = {}) {
  const electron = createFakeElectron();
  const clock = new ManualClock();
  const log = createRecordingLogger();
  let reconnects = 0;
  const stop = watchPowerAndNetwork({
    powerMonitor: electron.powerMonitor,
    net: electron.net,
    clock,
    reconnectNow: () => {
      reconnects++;
    },
    log,
    ...options,
  });
  return { electron, clock, log, stop, reconnects: () => reconnects };
}

describe('watchPowerAndNetwork', () => {
  it.each(['resume', 'unlock-screen'] as const)('reconnects after powerMonitor "%s"', (event) => {
    const { electron, clock, reconnects } = setUp();

    electron.powerMonitor.emit(event);
    clock.advance(DEFAULT_RECONNECT_SETTLE_MS);

    expect(reconnects()).toBe(1);
  });

  it('reconnects once for a wake-up that resumes and unlocks together, and logs why', () => {
    const { electron, clock, reconnects, log } = setUp();

    electron.powerMonitor.emit('resume');
    electron.powerMonitor.emit('unlock-screen');
    clock.advance(DEFAULT_RECONNECT_SETTLE_MS);

    expect(reconnects()).toBe(1);
    expect(log.entries).toContainEqual(
      expect.objectContaining({
        message: 'reconnecting every subscription',
        fields: { reasons: ['resume', 'unlock-screen'] },
      }),
    );
  });

  it('polls net.isOnline() and reconnects when the network comes back', () => {
    const { electron, clock, reconnects } = setUp();

    electron.net.online = false;
    clock.advance(DEFAULT_ONLINE_POLL_INTERVAL_MS);
    electron.net.online = true;
    clock.advance(DEFAULT_ONLINE_POLL_INTERVAL_MS + DEFAULT_RECONNECT_SETTLE_MS);

    expect(reconnects()).toBe(1);
  });

  it('polls at the given interval', () => {
    const { electron, clock } = setUp({ pollIntervalMs: 2_000 });
    const initialChecks = electron.net.checks;

    clock.advance(10_000);

    expect(electron.net.checks - initialChecks).toBe(5);
  });

  it('removes its listeners and stops polling when stopped', () => {
    const { electron, clock, stop, reconnects } = setUp();

    stop();
    electron.powerMonitor.emit('resume');
    clock.advance(DEFAULT_ONLINE_POLL_INTERVAL_MS * 2);

    expect(reconnects()).toBe(0);
    expect(electron.powerMonitor.listenerCount('resume')).toBe(0);
    expect(electron.powerMonitor.listenerCount('unlock-screen')).toBe(0);
    expect(clock.pendingTimers).toBe(0);
  });
});
