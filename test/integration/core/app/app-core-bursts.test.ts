/**
 * A burst through the real composition down to the D-Bus wire: startAppCore with the conf settings file, the SQLite
 * history and a test server on 127.0.0.1, popups through the real D-Bus notifier to a notification server played by
 * the test on a private session bus (scripted-notification-server.ts), which records each Notify with its
 * replaces_id and hints. The clock is manual, so every message of a burst arrives at the same instant whatever the
 * machine's load, and the quiet gap that ends a burst is a clock step, not a wait.
 */
import { EventEmitter } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ConnectionDto, MessageDto } from '../../../../common/ipc.ts';
import { type AppCore, startAppCore } from '../../../../main/core/app/app-core.ts';
import { SqliteHistoryStore } from '../../../../main/core/store/history/index.ts';
import { openConfSettingsStore } from '../../../../main/core/store/settings/conf-settings-store.ts';
import { connectSessionBus } from '../../../../main/os/dbus/session-bus.ts';
import { type DbusNotifier, openDbusNotifier } from '../../../../main/os/notifications/dbus-notifier.ts';
import { createRecordingLogger } from '../../../fakes/logger.ts';
import { ManualClock } from '../../../support/manual-clock.ts';
import { startTestServer, type TestServer } from '../../../server/index.ts';
import { createInMemorySecretStoreForDev } from '../../../web-bridge/memory-secret-store.ts';
import { findExecutable, type NotificationSession, startNotificationSession } from '../../os/notification-session.ts';
import {
  type RecordedNotify,
  type ScriptedNotificationServer,
  startScriptedNotificationServer,
} from '../../os/scripted-notification-server.ts';

const dbusDaemon = await findExecutable('dbus-daemon');
if (dbusDaemon === undefined) console.warn('Skipping the burst test on D-Bus: dbus-daemon is not installed');

/** Noon local time, whatever the machine's time zone: no quiet hours in the way. */
const NOON = new Date(2026, 0, 15, 12, 0).getTime();
/** The policy's default burst window (ms): a burst ends once this long passes without a message. */
const BURST_WINDOW_MS = 1000;
/** The `urgency` hint's byte for critical (Desktop Notifications Specification 1.2). */
const CRITICAL = 2;

let server: TestServer;
let dir: string;
let history: SqliteHistoryStore;
let bus: NotificationSession;
let popups: ScriptedNotificationServer;
let notifier: DbusNotifier;
let core: AppCore | undefined;
const clock = new ManualClock(NOON);
const log = createRecordingLogger('bursts');
const events = new EventEmitter<{ messages: [readonly MessageDto[]]; connections: [readonly ConnectionDto[]] }>();

function startCore(): AppCore {
  core = startAppCore({
    settings: openConfSettingsStore({ dir, log }),
    history,
    secrets: createInMemorySecretStoreForDev(),
    notifier,
    clock,
    random: () => 0.5,
    log,
    openExternal: () => Promise.resolve(),
    copyText: () => undefined,
    openMessage: () => undefined,
    events: {
      messagesReceived: (messages) => events.emit('messages', messages),
      connectionsChanged: (connections) => events.emit('connections', connections),
      settingsChanged: () => undefined,
      trayChanged: () => undefined,
    },
  });
  return core;
}

/** Resolves once the app has stored (and handed to the notification policy) every one of these bodies. */
function allStored(bodies: readonly string[]): Promise<void> {
  const waiting = new Set(bodies);
  return new Promise((resolve) => {
    const listener = (messages: readonly MessageDto[]): void => {
      for (const message of messages) waiting.delete(message.message);
      if (waiting.size > 0) return;
      events.off('messages', listener);
      resolve();
    };
    events.on('messages', listener);
  });
}

/**
 * Publishes `count` messages alternating between backups and alerts (`urgentAt` at priority 5), in chunks of ten
 * each stored before the next goes out: the engine hands on whatever arrived during a store as one batch, and the
 * chunks make sure the summary is updated more than once.
 */
async function publishBurst(label: string, count: number, urgentAt?: number): Promise<void> {
  const bodies = Array.from({ length: count }, (_, i) => `${label} ${String(i)}`);
  for (let start = 0; start < count; start += 10) {
    const chunk = bodies.slice(start, start + 10);
    const stored = allStored(chunk);
    for (const [offset, body] of chunk.entries()) {
      const i = start + offset;
      await server.publish(i % 2 === 0 ? 'backups' : 'alerts', { message: body, priority: i === urgentAt ? 5 : 3 });
    }
    await stored;
  }
}

const isSummary = (notify: RecordedNotify): boolean => / new messages? in /.test(notify.summary);

beforeEach(async () => {
  server = await startTestServer();
  dir = await mkdtemp(path.join(tmpdir(), 'ntfy-tray-bursts-'));
  history = await SqliteHistoryStore.open({ dataDir: dir });
  bus = await startNotificationSession({ server: 'none', log });
  popups = await startScriptedNotificationServer({ busAddress: bus.busAddress });
  notifier = await openDbusNotifier({ connect: () => connectSessionBus({ busAddress: bus.busAddress, log }), log });
  core = undefined;
});

afterEach(async () => {
  await core?.stop();
  await notifier.dispose();
  await popups.close();
  await bus.stop();
  await history.close();
  await server.close();
  await rm(dir, { recursive: true, force: true });
});

describe.skipIf(dbusDaemon === undefined)('a burst of messages through the app core and the D-Bus notifier', () => {
  it('pops the urgent one up on its own, folds the rest into one summary that sounds once, and starts over after a quiet gap', async () => {
    const app = startCore();
    for (const [topic, displayName] of [
      ['backups', 'Backups'],
      ['alerts', 'Alerts'],
    ] as const) {
      expect((await app.service.saveSubscription({ server: server.url, topic, displayName })).ok).toBe(true);
      await server.waitForSubscribers(1, { topic });
    }

    await publishBurst('first', 100, 50);
    // The newest message's popup comes last: its own, or the summary that names it as the latest.
    const last = await popups.waitForNotifyWhere((notify) => notify.body.includes('first 99'));
    expect(last.summary).toBe('96 new messages in Alerts, Backups');
    const first = [...popups.notifies];

    // The three messages before the burst was recognized, and the urgent one: popups of their own.
    const own = first.filter((notify) => !isSummary(notify));
    expect(own.map((notify) => notify.body)).toEqual(['first 0', 'first 1', 'first 2', 'first 50']);
    const urgent = own[3];
    expect(urgent?.hints).toMatchObject({ urgency: CRITICAL });
    expect(urgent?.hintNames).not.toContain('suppress-sound');
    expect(first.filter(isSummary).some((notify) => notify.body.includes('first 50'))).toBe(false);

    // One summary popup: a new one that may sound, then updates of it in place that say nothing.
    const [opening, ...updates] = first.filter(isSummary);
    expect(opening).toMatchObject({ replacesId: 0 });
    expect(opening?.hintNames).not.toContain('suppress-sound');
    expect(updates.length).toBeGreaterThan(0);
    for (const update of updates) {
      expect(update).toMatchObject({ replacesId: opening?.serverId, hints: { 'suppress-sound': true } });
    }
    expect(first.length).toBeLessThan(100);

    clock.advance(BURST_WINDOW_MS); // a quiet window: the next message starts a new burst
    await publishBurst('second', 5);
    const lastOfSecond = await popups.waitForNotifyWhere((notify) => notify.body.includes('second 4'));
    expect(lastOfSecond.summary).toBe('2 new messages in Alerts, Backups');
    const second = popups.notifies.slice(first.length);
    expect(second.filter((notify) => !isSummary(notify)).map((notify) => notify.body)).toEqual([
      'second 0',
      'second 1',
      'second 2',
    ]);
    // The new burst's summary replaces the old one's popup and sounds once, as a burst's first summary may.
    const [reopening, ...laterUpdates] = second.filter(isSummary);
    expect(reopening).toMatchObject({ replacesId: opening?.serverId });
    expect(reopening?.hintNames).not.toContain('suppress-sound');
    for (const update of laterUpdates) expect(update.hints).toMatchObject({ 'suppress-sound': true });
  });
});
