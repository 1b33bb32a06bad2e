/**
 * End to end through the real stores: settings (conf, temp data dir) and secrets (the keyring of the test session)
 * used the way the app uses them, then every file in the data dir and every log line is searched for the secrets.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { formatLogLine } from '../../../../main/core/logging.ts';
import { describeServerAuth, resolveCredentials } from '../../../../main/core/store/secrets/credentials.ts';
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
  let log: RecordingLogger;
  let keychain: KeytarSecretStore;

  beforeEach(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'ntfy-tray-leak-'));
    log = createRecordingLogger();
    keychain = testKeychain(log.child('keychain'), testService());
  });

  afterEach(async () => {
    await keychain.delete({ server: basicServer.url, kind: 'password', user: 'alice' });
    await keychain.delete({ server: tokenServer.url, kind: 'token' });
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('after a realistic session of settings and credential changes', async () => {
    const settings = openConfSettingsStore({ dir: dataDir, log: log.child('settings') });
    await settings.update((current) => upsertServer(upsertServer(current, basicServer), tokenServer));
    await settings.update((current) =>
      upsertSubscription(current, {
        id: 'alerts',
        server: basicServer.url,
        topic: 'alerts',
        transport: 'json',
        filters: {},
        muted: false,
        minPriority: 3,
      }),
    );
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

    // What the UI gets.
    const views = await Promise.all([basicServer, tokenServer].map((server) => describeServerAuth(server, keychain)));
    expect(views.map((view) => view.hasSecret)).toEqual([true, true]);

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
