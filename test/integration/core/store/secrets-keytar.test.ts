import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { formatLogLine } from '../../../../main/core/logging.ts';
import { resolveCredentials } from '../../../../main/core/store/secrets/credentials.ts';
import { SecretStoreError } from '../../../../main/core/store/secrets/errors.ts';
import type { KeytarSecretStore } from '../../../../main/core/store/secrets/keytar-secret-store.ts';
import type { SecretRef } from '../../../../main/core/store/secrets/secret-store.ts';
import { createRecordingLogger, type RecordingLogger } from '../../../fakes/logger.ts';
import { skipKeychainTests, testKeychain, testService } from '../../../support/keyring.ts';

const server = 'https://ntfy.example.com';
const alice: SecretRef = { server, kind: 'password', user: 'alice' };
const userCalledToken: SecretRef = { server, kind: 'password', user: 'token' };
const token: SecretRef = { server, kind: 'token' };

describe.skipIf(skipKeychainTests)('keytar secret store against the real keyring', () => {
  let log: RecordingLogger;
  let keychain: KeytarSecretStore;

  beforeEach(() => {
    log = createRecordingLogger();
    keychain = testKeychain(log, testService());
  });

  afterEach(async () => {
    // Each test has its own service name; deleting what it may have stored leaves the keyring as it was.
    await Promise.all([alice, userCalledToken, token].map((ref) => keychain.delete(ref)));
  });

  it('is available (the probe writes and removes its own entry)', async () => {
    await expect(keychain.checkAvailable()).resolves.toBeUndefined();
  });

  it('stores, reads, replaces and deletes a secret', async () => {
    expect(await keychain.get(alice)).toBeUndefined();
    await keychain.set(alice, 'first-password');
    expect(await keychain.get(alice)).toBe('first-password');
    await keychain.set(alice, 'second-password');
    expect(await keychain.get(alice)).toBe('second-password');
    expect(await keychain.delete(alice)).toBe(true);
    expect(await keychain.get(alice)).toBeUndefined();
    expect(await keychain.delete(alice)).toBe(false);
  });

  it('keeps one entry per server + user, separate from the token, whatever the user is called', async () => {
    await keychain.set(alice, 'alice-password');
    await keychain.set(userCalledToken, 'password-of-user-token');
    await keychain.set(token, 'tk_token');
    expect(await keychain.get({ ...alice, server: 'https://NTFY.example.com/' })).toBe('alice-password');
    expect(await keychain.get(userCalledToken)).toBe('password-of-user-token');
    expect(await keychain.get(token)).toBe('tk_token');
    expect(await keychain.get({ ...token, server: 'https://other.example.com' })).toBeUndefined();
  });

  it('feeds resolveCredentials', async () => {
    await keychain.set(token, 'tk_for_engine');
    expect(await resolveCredentials({ url: server, auth: { kind: 'token' } }, keychain)).toEqual({
      kind: 'token',
      token: 'tk_for_engine',
    });
  });

  it('refuses an empty secret instead of storing it', async () => {
    await expect(keychain.set(token, '')).rejects.toBeInstanceOf(SecretStoreError);
  });

  it('logs [hidden] where the secret would be', async () => {
    await keychain.set(alice, 'logged-never');
    const lines = log.entries.map((entry) => formatLogLine(entry.name, entry.message, entry.fields));
    expect(lines).toContainEqual(expect.stringContaining('"secret":"[hidden]"'));
    expect(lines.join('\n')).not.toContain('logged-never');
  });
});
