import { describe, expect, it } from 'vitest';
import {
  DEFAULT_ONLINE_POLL_INTERVAL_MS,
  DEFAULT_RECONNECT_SETTLE_MS,
  ReconnectTriggers,
  type ReconnectReason,
} from '../../../../main/core/connectivity/reconnect-triggers.ts';
import { createRecordingLogger } from '../../../fakes/logger.ts';
import { ManualClock } from '../../../support/manual-clock.ts';

function setUp(initiallyOnline: boolean | (() => boolean) = true) {
  const clock = new ManualClock();
  const network = { online: typeof initiallyOnline === 'boolean' ? initiallyOnline : true };
  const reconnects: (readonly ReconnectReason[])[] = [];
  const log = createRecordingLogger();
  const triggers = new ReconnectTriggers({
    clock,
    isOnline: typeof initiallyOnline === 'function' ? initiallyOnline : () => network.online,
    reconnectNow: (reasons) => reconnects.push(reasons),
    log,
  });
  triggers.start();
  return { clock, network, reconnects, triggers, log };
}

describe('ReconnectTriggers', () => {
  it('reconnects once the settle time after a power event', () => {
    const { clock, reconnects, triggers } = setUp();

    triggers.notify('resume');
    clock.advance(DEFAULT_RECONNECT_SETTLE_MS - 1);
    expect(reconnects).toEqual([]);
    clock.advance(1);

    expect(reconnects).toEqual([['resume']]);
  });

  it('collapses resume, unlock and network-online arriving together into one reconnect', () => {
    const { clock, network, reconnects, triggers } = setUp(false);

    clock.advance(DEFAULT_ONLINE_POLL_INTERVAL_MS - 500);
    triggers.notify('resume');
    triggers.notify('unlock-screen');
    triggers.notify('resume');
    network.online = true;
    clock.advance(DEFAULT_RECONNECT_SETTLE_MS);

    expect(reconnects).toEqual([['resume', 'unlock-screen', 'network-online']]);
  });

  it('reconnects again for a trigger after the burst has been handled', () => {
    const { clock, reconnects, triggers } = setUp();

    triggers.notify('resume');
    clock.advance(DEFAULT_RECONNECT_SETTLE_MS);
    triggers.notify('unlock-screen');
    clock.advance(DEFAULT_RECONNECT_SETTLE_MS);

    expect(reconnects).toEqual([['resume'], ['unlock-screen']]);
  });

  it('fires on an offline → online change found by polling', () => {
    const { clock, network, reconnects } = setUp(true);

    network.online = false;
    clock.advance(DEFAULT_ONLINE_POLL_INTERVAL_MS);
    expect(reconnects).toEqual([]);
    network.online = true;
    clock.advance(DEFAULT_ONLINE_POLL_INTERVAL_MS + DEFAULT_RECONNECT_SETTLE_MS);

    expect(reconnects).toEqual([['network-online']]);
  });

  it('does not fire while the network stays up, nor for the first reading, nor for going offline', () => {
    const { clock, network, reconnects } = setUp(true);

    clock.advance(DEFAULT_ONLINE_POLL_INTERVAL_MS * 5);
    network.online = false;
    clock.advance(DEFAULT_ONLINE_POLL_INTERVAL_MS * 5);

    expect(reconnects).toEqual([]);
  });

  it('counts an app started offline that later goes online', () => {
    const { clock, network, reconnects } = setUp(false);

    network.online = true;
    clock.advance(DEFAULT_ONLINE_POLL_INTERVAL_MS + DEFAULT_RECONNECT_SETTLE_MS);

    expect(reconnects).toEqual([['network-online']]);
  });

  it('keeps the last known state when a reading throws, and logs it', () => {
    let reading: boolean | Error = false;
    const { clock, reconnects, log } = setUp(() => {
      if (reading instanceof Error) throw reading;
      return reading;
    });

    reading = new Error('net is not ready');
    clock.advance(DEFAULT_ONLINE_POLL_INTERVAL_MS);
    reading = true;
    clock.advance(DEFAULT_ONLINE_POLL_INTERVAL_MS + DEFAULT_RECONNECT_SETTLE_MS);

    expect(reconnects).toEqual([['network-online']]);
    expect(log.entries).toContainEqual(expect.objectContaining({ level: 'warn' }));
  });

  it('stops polling and drops a pending reconnect on stop', () => {
    const { clock, reconnects, triggers } = setUp();

    triggers.notify('resume');
    triggers.stop();
    clock.advance(DEFAULT_ONLINE_POLL_INTERVAL_MS * 3);
    triggers.notify('unlock-screen');
    clock.advance(DEFAULT_RECONNECT_SETTLE_MS);

    expect(reconnects).toEqual([]);
    expect(clock.pendingTimers).toBe(0);
  });
});
