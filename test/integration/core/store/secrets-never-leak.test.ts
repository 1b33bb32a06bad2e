/**
 * End to end through the real stores: settings (conf, temp data dir) and secrets (the keyring of the test session)
 * used the way the app uses them, and what the window learns through the app service; then every file in the data
 * dir, every log line and every answer is searched for the secrets.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createAppService } from '../../../../main/core/bridge/app-service.ts';
import { runHttpAction } from '../../../../main/core/delivery/http-action.ts';
import { checkTopicAccess } from '../../../../main/core/engine/http-requests.ts';
import { formatLogLine } from '../../../../main/core/logging.ts';
import { SqliteHistoryStore } from '../../../../main/core/store/history/index.ts';
import { resolveCredentials } from '../../../../main/core/store/secrets/credentials.ts';
import type { KeytarSecretStore } from '../../../../main/core/store/secrets/keytar-secret-store.ts';
import { openConfSettingsStore } from '../../../../main/core/store/settings/conf-settings-store.ts';
import { upsertServer, upsertSubscription } from '../../../../main/core/store/settings/edits.ts';
import type { Settings } from '../../../../main/core/store/settings/schema.ts';
import { createRecordingLogger, type RecordingLogger } from '../../../fakes/logger.ts';
import { skipKeychainTests, testKeychain, testService } from '../../../support/keyring.ts';

const PASSWORD = 'pw-7f3a9c-never-in-a-file';
const TOKEN = 'tk_5e1d0b-never-in-a-file';
const basicServer = { url: 'https://ntfy.example.com', auth: { kind: 'basic', user: 'alice' } } as const;
const tokenServer = { url: 'https://token.example.com', auth: { kind: 'token' } } as const;

/** Every file below dir (recursively), as raw bytes. */
function filesBelow(dir: string): { path: string; bytes: Buffer }[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile())
    .map((entry) => {
      const path = join(entry.parentPath, entry.name);
      return { path, bytes: readFileSync(path) };
    });
}

/** The secret as text, and base64 encoded the way an Authorization header would carry it. */
function forms(secret: string): string[] {
  return [secret, Buffer.from(secret).toString('base64'), Buffer.from(`alice:${secret}`).toString('base64')];
}

describe.skipIf(skipKeychainTests)('secrets never reach the settings files or the logs', () => {
  let dataDir: string;
  /** The history database lives apart, so the scan below sees the settings file alone. */
  let historyDir: string;
  let history: SqliteHistoryStore;
  let log: RecordingLogger;
  let keychain: KeytarSecretStore;

  beforeEach(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'ntfy-tray-leak-'));
    historyDir = mkdtempSync(join(tmpdir(), 'ntfy-tray-leak-history-'));
    history = await SqliteHistoryStore.open({ dataDir: historyDir });
    log = createRecordingLogger();
    keychain = testKeychain(log.child('keychain'), testService());
  });

  afterEach(async () => {
    await keychain.delete({ server: basicServer.url, kind: 'password', user: 'alice' });
    await keychain.delete({ server: tokenServer.url, kind: 'token' });
    await history.close();
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(historyDir, { recursive: true, force: true });
  });

  it('after a realistic session of settings and credential changes', async () => {
    const settings = openConfSettingsStore({ dir: dataDir, log: log.child('settings') });
    await settings.update((current) => upsertServer(upsertServer(current, basicServer), tokenServer));
    for (const [id, server] of [
      ['alerts', basicServer.url],
      ['builds', tokenServer.url],
    ] as const) {
      await settings.update((current) =>
        upsertSubscription(current, {
          id,
          server,
          topic: id,
          transport: 'json',
          filters: {},
          muted: false,
          minPriority: 3,
        }),
      );
    }
    await keychain.set({ server: basicServer.url, kind: 'password', user: 'alice' }, PASSWORD);
    await keychain.set({ server: tokenServer.url, kind: 'token' }, TOKEN);

    // The secrets really are stored and usable: the scan below is not vacuous.
    expect(await resolveCredentials(basicServer, keychain)).toEqual({
      kind: 'basic',
      user: 'alice',
      password: PASSWORD,
    });
    expect(await resolveCredentials(tokenServer, keychain)).toEqual({ kind: 'token', token: TOKEN });

    // A buggy caller tries to put the password into settings: refused, nothing written.
    const refused = await settings.update(
      (current) => ({ ...current, servers: [{ ...basicServer, password: PASSWORD }] }) as unknown as Settings,
    );
    expect(refused.ok).toBe(false);

    // What the window gets: the app service's subscription list, with only whether credentials are stored.
    const service = createAppService({
      settings,
      history,
      secrets: keychain,
      connections: () => [],
      checkTopicAccess,
      pause: { get: () => undefined, set: () => undefined },
      openExternal: () => Promise.resolve(),
      copyText: () => undefined,
      runHttpAction: (action, options) => runHttpAction(action, options),
      newId: () => 'unused',
      now: () => 0,
      log: log.child('app-service'),
    });
    const views = await service.listSubscriptions();
    expect(views.ok && views.value.map((view) => [view.topic, view.auth, view.hasCredentials])).toEqual([
      ['alerts', 'basic', true],
      ['builds', 'token', true],
    ]);

    // A restart reads everything back.
    const reopened = openConfSettingsStore({ dir: dataDir, log: log.child('settings') });
    expect(reopened.get().servers).toEqual([basicServer, tokenServer]);

    const files = filesBelow(dataDir);
    expect(files.map((file) => file.path)).toEqual([join(dataDir, 'config.json')]);
    const logText = log.entries.map((entry) => formatLogLine(entry.name, entry.message, entry.fields)).join('\n');
    expect(logText).toContain('[hidden]');
    const returned = JSON.stringify([refused, views, reopened.get()]);

    for (const secret of [...forms(PASSWORD), ...forms(TOKEN)]) {
      for (const file of files) expect(file.bytes.includes(secret), `${secret} in ${file.path}`).toBe(false);
      expect(logText).not.toContain(secret);
      expect(returned).not.toContain(secret);
    }
  });
});
