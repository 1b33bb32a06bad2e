/**
 * Settings reach the engine and the notification policy through the real composition (startAppCore with the conf
 * settings file, the SQLite history, a test server on 127.0.0.1 and a recording notifier). The clock is manual so
 * the time of day is fixed; nothing here waits on it (the connection's timers simply never fire).
 */
import { EventEmitter } from 'node:events';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ConnectionDto, MessageDto } from '../../../../common/ipc.ts';
import { type AppCore, startAppCore } from '../../../../main/core/app/app-core.ts';
import { SqliteHistoryStore } from '../../../../main/core/store/history/index.ts';
import { rawTransportRefused } from '../../../../main/core/store/settings/validate.ts';
import { openConfSettingsStore, settingsFilePath } from '../../../../main/core/store/settings/conf-settings-store.ts';
import { createRecordingLogger } from '../../../fakes/logger.ts';
import { createRecordingNotifier, type RecordingNotifier } from '../../../fakes/notifier.ts';
import { ManualClock } from '../../../support/manual-clock.ts';
import { startTestServer, type TestServer } from '../../../server/index.ts';
import { createInMemorySecretStoreForDev } from '../../../web-bridge/memory-secret-store.ts';

let server: TestServer;
let dir: string;
let history: SqliteHistoryStore;
let notifier: RecordingNotifier;
let core: AppCore | undefined;
const events = new EventEmitter<{ messages: [readonly MessageDto[]]; connections: [readonly ConnectionDto[]] }>();

/** 23:30 local time, whatever the machine's time zone: inside quiet hours 22:00–07:00. */
const LATE_EVENING = new Date(2026, 0, 15, 23, 30).getTime();

function startCore(): AppCore {
  const log = createRecordingLogger();
  core = startAppCore({
    settings: openConfSettingsStore({ dir, log }),
    history,
    secrets: createInMemorySecretStoreForDev(),
    notifier,
    clock: new ManualClock(LATE_EVENING),
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

function nextOpen(): Promise<readonly ConnectionDto[]> {
  return new Promise((resolve) => {
    const listener = (connections: readonly ConnectionDto[]): void => {
      if (!connections.some((connection) => connection.state.kind === 'open')) return;
      events.off('connections', listener);
      resolve(connections);
    };
    events.on('connections', listener);
  });
}

/** Resolves when the app has stored (and handed to the policy) the message with this body. */
function stored(body: string): Promise<void> {
  return new Promise((resolve) => {
    const listener = (messages: readonly MessageDto[]): void => {
      if (!messages.some((message) => message.message === body)) return;
      events.off('messages', listener);
      resolve();
    };
    events.on('messages', listener);
  });
}

async function publishAndStore(topic: string, body: string, priority: number): Promise<void> {
  const done = stored(body);
  await server.publish(topic, { message: body, priority });
  await done;
}

beforeEach(async () => {
  server = await startTestServer();
  dir = await mkdtemp(path.join(tmpdir(), 'ntfy-tray-wiring-'));
  history = await SqliteHistoryStore.open({ dataDir: dir });
  notifier = createRecordingNotifier();
  core = undefined;
});

afterEach(async () => {
  await core?.stop();
  await history.close();
  await server.close();
  await rm(dir, { recursive: true, force: true });
});

describe('quiet hours through the app core', () => {
  it('keeps an urgent message silent when "urgent breaks through" is off, and shows the next one once it is on', async () => {
    const app = startCore();
    const quiet = { enabled: true, start: '22:00', end: '07:00', urgentBreaksThrough: false };
    expect((await app.service.updateSettings({ preferences: { quietHours: quiet } })).ok).toBe(true);
    const open = nextOpen();
    expect((await app.service.saveSubscription({ server: server.url, topic: 'alerts' })).ok).toBe(true);
    await open;
    await server.waitForSubscribers(1);

    await publishAndStore('alerts', 'urgent while not allowed', 5);
    const allowed = await app.service.updateSettings({ preferences: { quietHours: { urgentBreaksThrough: true } } });
    expect(allowed.ok).toBe(true);
    await publishAndStore('alerts', 'high, still quiet', 4);
    await publishAndStore('alerts', 'urgent once allowed', 5);
    await notifier.waitForShown((request) => request.body === 'urgent once allowed');

    // Each message was decided before the next was published, so an earlier popup would already be listed.
    expect(notifier.shown.map((request) => request.body)).toEqual(['urgent once allowed']);
    expect(core?.trayState().unread).toBe(3);
  });
});

describe('raw subscriptions in the app', () => {
  it('refuses a new raw subscription from the bridge with a validation error on the transport', async () => {
    const app = startCore();
    const saved = await app.service.saveSubscription({ server: server.url, topic: 'alerts', transport: 'raw' });
    expect(saved).toMatchObject({
      ok: false,
      error: { code: 'validation-failed', fields: { transport: rawTransportRefused() } },
    });
    const listed = await app.service.listSubscriptions();
    expect(listed.ok && listed.value).toEqual([]);
  });

  it('runs a raw subscription stored by an older version as json, so its messages are stored and pop up', async () => {
    const version3 = {
      version: 3,
      defaultServer: server.url,
      servers: [],
      subscriptions: [
        { id: 's1', server: server.url, topic: 'builds', transport: 'raw', filters: {}, muted: false, minPriority: 1 },
      ],
      preferences: {
        notificationsEnabled: true,
        quietHours: { enabled: false, start: '22:00', end: '07:00', urgentBreaksThrough: true },
        sounds: true,
        minPriority: 1,
        startAtLogin: false,
        theme: 'system',
        historyRetention: { maxAgeDays: 30, maxPerSubscription: 10_000 },
        keepaliveTimeoutSeconds: 90,
        autoDownloadAttachments: 'subscription-server',
        autoDownloadMaxBytes: 2_097_152,
      },
    };
    await writeFile(settingsFilePath(dir), JSON.stringify(version3));
    const open = nextOpen();
    const app = startCore();
    expect((await open).map((connection) => connection.transport)).toEqual(['json']);
    await server.waitForSubscribers(1, { topic: 'builds' });
    expect(server.subscribers().map((subscriber) => subscriber.transport)).toEqual(['json']);

    await publishAndStore('builds', 'build 42 passed', 3);
    await notifier.waitForShown((request) => request.body === 'build 42 passed');
    const page = await app.service.listMessages({});
    expect(page.ok && page.value.messages.map((message) => message.message)).toEqual(['build 42 passed']);
    const listed = await app.service.listSubscriptions();
    expect(listed.ok && listed.value.map((item) => item.transport)).toEqual(['json']);
  });
});
