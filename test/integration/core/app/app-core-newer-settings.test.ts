/**
 * The app on a settings file from a newer ntfy-tray (a downgrade): the real composition (startAppCore with the conf
 * settings file as main/index.ts opens it, the SQLite history, a test server on 127.0.0.1) runs the subscriptions
 * this version can read from it, refuses to save any change with a sentence that says to update, and never changes
 * the file or moves it aside.
 */
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type AppCore, startAppCore } from '../../../../main/core/app/app-core.ts';
import { SqliteHistoryStore } from '../../../../main/core/store/history/index.ts';
import { openConfSettingsStore, settingsFilePath } from '../../../../main/core/store/settings/conf-settings-store.ts';
import { defaultSettings, SETTINGS_VERSION } from '../../../../main/core/store/settings/schema.ts';
import { createRecordingLogger } from '../../../fakes/logger.ts';
import { createRecordingNotifier, type RecordingNotifier } from '../../../fakes/notifier.ts';
import { ManualClock } from '../../../support/manual-clock.ts';
import { startTestServer, type TestServer } from '../../../server/index.ts';
import { createInMemorySecretStoreForDev } from '../../../web-bridge/memory-secret-store.ts';

const NEWER = SETTINGS_VERSION + 1;

let server: TestServer;
let dir: string;
let history: SqliteHistoryStore;
let notifier: RecordingNotifier;
let core: AppCore | undefined;
let configText: string;

function startCore(): AppCore {
  const log = createRecordingLogger();
  core = startAppCore({
    settings: openConfSettingsStore({ dir, log }),
    history,
    secrets: createInMemorySecretStoreForDev(),
    notifier,
    clock: new ManualClock(Date.UTC(2026, 0, 15, 12)),
    random: () => 0.5,
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
  return core;
}

async function expectConfigUntouched(): Promise<void> {
  expect(await readFile(settingsFilePath(dir), 'utf8')).toBe(configText);
  expect((await readdir(dir)).filter((name) => name.startsWith('config'))).toEqual(['config.json']);
}

beforeEach(async () => {
  server = await startTestServer();
  dir = await mkdtemp(path.join(tmpdir(), 'ntfy-tray-newer-app-'));
  history = await SqliteHistoryStore.open({ dataDir: dir });
  notifier = createRecordingNotifier();
  core = undefined;
  // As a newer version might write it: a subscription this version can run, among keys it does not know.
  const subscription = { id: 's1', server: server.url, topic: 'builds', transport: 'json', filters: {} };
  configText = `${JSON.stringify(
    {
      ...defaultSettings(),
      version: NEWER,
      subscriptions: [{ ...subscription, muted: false, minPriority: 1, colour: 'teal' }],
      profiles: [{ name: 'work' }],
    },
    null,
    2,
  )}\n`;
  await writeFile(settingsFilePath(dir), configText);
});

afterEach(async () => {
  await core?.stop();
  await history.close();
  await server.close();
  await rm(dir, { recursive: true, force: true });
});

describe('the app on a settings file from a newer version', () => {
  it('runs the subscriptions it can read from it and notifies', async () => {
    startCore();
    await server.waitForSubscribers(1, { topic: 'builds' });

    await server.publish('builds', { message: 'build 42 passed' });

    await notifier.waitForShown((request) => request.body === 'build 42 passed');
    await expectConfigUntouched();
  });

  it('refuses to save settings or subscriptions, saying to update, and leaves the file byte for byte', async () => {
    const app = startCore();
    const refusal =
      `the settings file ${settingsFilePath(dir)} was written by a newer ntfy-tray (settings version ${NEWER}; ` +
      `this one reads up to ${SETTINGS_VERSION}): update ntfy-tray to change settings. The file was left as it is.`;

    const preferences = await app.service.updateSettings({ preferences: { theme: 'dark' } });
    const subscription = await app.service.saveSubscription({ server: server.url, topic: 'more' });

    for (const result of [preferences, subscription]) {
      expect(result).toMatchObject({ ok: false, error: { code: 'validation-failed', fields: { version: refusal } } });
    }
    const settings = await app.service.getSettings();
    expect(settings.ok && settings.value.preferences.theme).toBe('system');
    await expectConfigUntouched();
  });
});
