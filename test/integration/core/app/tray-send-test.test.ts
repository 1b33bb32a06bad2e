/**
 * "Send test notification" from the tray menu, at the core: the command publishes the fixed test message to the
 * subscription's topic on test/server (127.0.0.1), and a refusal is said in a popup that names the subscription.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { type AppCore, startAppCore } from '../../../../main/core/app/app-core.ts';
import { SqliteHistoryStore } from '../../../../main/core/store/history/index.ts';
import { openConfSettingsStore } from '../../../../main/core/store/settings/conf-settings-store.ts';
import { createRecordingLogger } from '../../../fakes/logger.ts';
import { createRecordingNotifier, type RecordingNotifier } from '../../../fakes/notifier.ts';
import { startTestServer, type TestServer } from '../../../server/index.ts';
import type { TestServerOptions } from '../../../server/types.ts';
import { systemClock } from '../../../support/engine-harness.ts';
import { createInMemorySecretStoreForDev } from '../../../web-bridge/memory-secret-store.ts';

interface Running {
  readonly server: TestServer;
  readonly core: AppCore;
  readonly notifier: RecordingNotifier;
  readonly dir: string;
  readonly history: SqliteHistoryStore;
}

let running: Running | undefined;

async function start(serverOptions: TestServerOptions = {}): Promise<Running> {
  const server = await startTestServer(serverOptions);
  const dir = await mkdtemp(path.join(tmpdir(), 'ntfy-tray-send-test-'));
  const history = await SqliteHistoryStore.open({ dataDir: dir });
  const notifier = createRecordingNotifier();
  const log = createRecordingLogger();
  const core = startAppCore({
    settings: openConfSettingsStore({ dir, log }),
    history,
    secrets: createInMemorySecretStoreForDev(),
    notifier,
    clock: systemClock,
    random: Math.random,
    log,
    openExternal: () => Promise.resolve(),
    copyText: () => undefined,
    openMessage: () => undefined,
    events: {
      messagesReceived: () => undefined,
      connectionsChanged: () => undefined,
      settingsChanged: () => undefined,
      trayChanged: () => undefined,
    },
  });
  running = { server, core, notifier, dir, history };
  return running;
}

afterEach(async () => {
  if (running === undefined) return;
  const { core, history, server, dir } = running;
  running = undefined;
  await core.stop();
  await history.close();
  await server.close();
  await rm(dir, { recursive: true, force: true });
});

async function subscribe(core: AppCore, server: TestServer, topic: string, displayName: string): Promise<string> {
  const saved = await core.service.saveSubscription({ server: server.url, topic, displayName });
  if (!saved.ok) throw new Error(saved.error.message);
  return saved.value.id;
}

describe('send-test from the tray menu', () => {
  it('publishes "Test notification" with the tada tag to that subscription\'s topic', async () => {
    const { core, server, notifier } = await start();
    await subscribe(core, server, 'alerts', 'Alerts');
    const backups = await subscribe(core, server, 'backups', 'Backups');

    await core.handleTrayCommand({ type: 'send-test', subscriptionId: backups });

    expect(server.cachedMessages().map(({ topic, title, message, tags }) => ({ topic, title, message, tags }))).toEqual(
      [{ topic: 'backups', title: 'Test notification', message: 'This is a test from ntfy Tray', tags: ['tada'] }],
    );
    expect(notifier.shown.filter((popup) => popup.title === 'Test notification not sent')).toEqual([]);
  });

  it('says in a popup, naming the subscription, that a read-only topic refused it', async () => {
    const { core, server, notifier } = await start({ auth: { users: [], defaultAccess: 'read-only' } });
    const id = await subscribe(core, server, 'announcements', 'Announcements');

    await core.handleTrayCommand({ type: 'send-test', subscriptionId: id });

    expect(server.cachedMessages()).toEqual([]);
    const popup = await notifier.waitForShown((shown) => shown.title === 'Test notification not sent');
    expect(popup.body).toMatch(/^Announcements: .*read-only/i);
  });
});
