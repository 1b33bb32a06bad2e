import { describe, expect, it } from 'vitest';
import {
  judgeTrayPresence,
  type TrayPresence,
  trayPresenceEffects,
  TrayPresenceTracker,
  type WatcherLook,
} from '../../../../main/core/tray/tray-presence.ts';
import { createRecordingLogger } from '../../../fakes/logger.ts';
import { ManualClock } from '../../../support/manual-clock.ts';

const SETTLE_MS = 10_000;
const noWatcher: WatcherLook = { watcherRunning: false, hostRegistered: undefined, ownItemRegistered: undefined };
const listed: WatcherLook = { watcherRunning: true, hostRegistered: true, ownItemRegistered: true };
const notListed: WatcherLook = { watcherRunning: true, hostRegistered: true, ownItemRegistered: false };

describe('judgeTrayPresence', () => {
  it.each<[string, WatcherLook, TrayPresence]>([
    ['no watcher (plain GNOME Shell)', noWatcher, 'no-host'],
    ['a watcher without a host', { ...listed, hostRegistered: false }, 'no-host'],
    ['a watcher that lists our item', listed, 'shown'],
    ['a watcher that does not list it', notListed, 'not-registered'],
    ['a watcher that cannot say (no items property): trusted', { ...listed, ownItemRegistered: undefined }, 'shown'],
    ['a watcher that does not answer about hosts but lists us', { ...listed, hostRegistered: undefined }, 'shown'],
  ])('%s', (_name, look, expected) => {
    expect(judgeTrayPresence(look)).toBe(expected);
  });
});

describe('trayPresenceEffects', () => {
  it('shows the window once, when the icon goes missing, and not again while it stays missing', () => {
    expect(trayPresenceEffects('pending', 'not-registered').showWindow).toBe(true);
    expect(trayPresenceEffects('shown', 'no-host').showWindow).toBe(true);
    expect(trayPresenceEffects('no-host', 'not-registered').showWindow).toBe(false);
    expect(trayPresenceEffects('not-registered', 'shown').showWindow).toBe(false);
    expect(trayPresenceEffects('pending', 'shown').showWindow).toBe(false);
  });

  it('raises the notice that names the cause and clears the other', () => {
    expect(trayPresenceEffects('pending', 'no-host')).toMatchObject({ trayHostMissing: true, trayIconMissing: false });
    expect(trayPresenceEffects('pending', 'not-registered')).toMatchObject({
      trayHostMissing: false,
      trayIconMissing: true,
    });
    expect(trayPresenceEffects('not-registered', 'shown')).toMatchObject({
      trayHostMissing: false,
      trayIconMissing: false,
    });
  });
});

function tracker(looks: WatcherLook[]): { tracker: TrayPresenceTracker; clock: ManualClock; changes: TrayPresence[] } {
  const clock = new ManualClock();
  const changes: TrayPresence[] = [];
  const subject = new TrayPresenceTracker({
    look: () => {
      const next = looks.length > 1 ? looks.shift() : looks[0];
      return next === undefined ? Promise.reject(new Error('no bus')) : Promise.resolve(next);
    },
    clock,
    settleMs: SETTLE_MS,
    onChange: (next) => changes.push(next),
    log: createRecordingLogger(),
  });
  return { tracker: subject, clock, changes };
}

describe('TrayPresenceTracker', () => {
  it('decides a missing host at once, a missing item only after the settle delay', async () => {
    const noHost = tracker([noWatcher]);
    await noHost.tracker.start();
    expect(noHost.changes).toEqual(['no-host']);

    const late = tracker([notListed]);
    await late.tracker.start();
    expect(late.changes).toEqual([]);
    late.clock.advance(SETTLE_MS - 1);
    expect(late.changes).toEqual([]);
    late.clock.advance(1);
    await late.tracker.idle();
    expect(late.changes).toEqual(['not-registered']);
  });

  it('takes an item that registers during the settle delay and forgets the delay', async () => {
    const subject = tracker([notListed, listed]);
    await subject.tracker.start();
    await subject.tracker.itemsChanged();

    expect(subject.changes).toEqual(['shown']);
    expect(subject.clock.pendingTimers).toBe(0);
  });

  it('after a watcher change, waits for the new watcher’s items before judging', async () => {
    const subject = tracker([listed, noWatcher, notListed]);
    await subject.tracker.start();
    await subject.tracker.watcherChanged(); // gone: no decision yet
    expect(subject.tracker.presence).toBe('shown');
    await subject.tracker.watcherChanged(); // a new one, without us: the delay starts again
    subject.clock.advance(SETTLE_MS);
    await subject.tracker.idle();

    expect(subject.changes).toEqual(['shown', 'not-registered']);
  });

  it('keeps the presence when the bus cannot be asked, and stops looking once stopped', async () => {
    const failing = tracker([]);
    await failing.tracker.start();
    expect(failing.tracker.presence).toBe('pending');

    const stopped = tracker([notListed]);
    await stopped.tracker.start();
    stopped.tracker.stop();
    stopped.clock.advance(SETTLE_MS);
    await stopped.tracker.idle();
    expect(stopped.changes).toEqual([]);
  });
});
