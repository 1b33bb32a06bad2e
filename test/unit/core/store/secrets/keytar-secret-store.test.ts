// The real keychain paths (available, no Secret Service, locked keyring) are in
// test/integration/core/store/secrets-*.test.ts; these cover the error mapping and the load failure.
import { describe, expect, it } from 'vitest';
import { SecretStoreUnavailableError } from '../../../../../main/core/store/secrets/errors.ts';
import {
  classifyKeytarError,
  createKeytarSecretStore,
} from '../../../../../main/core/store/secrets/keytar-secret-store.ts';
import { createRecordingLogger } from '../../../../fakes/logger.ts';

describe('classifyKeytarError', () => {
  // Messages seen from keytar 7.9 on Linux (libsecret) and macOS (Security framework).
  it.each([
    ['Could not connect: No such file or directory', 'no-secret-service'],
    ['Cannot autolaunch D-Bus without X11 $DISPLAY', 'no-secret-service'],
    [
      'GDBus.Error:org.freedesktop.DBus.Error.ServiceUnknown: The name org.freedesktop.secrets was not provided by any .service files',
      'no-secret-service',
    ],
    ['Object does not exist at path “/org/freedesktop/secrets/collection/login”', 'locked'],
    ['Cannot create an item in a locked collection', 'locked'],
    ['User interaction is not allowed.', 'locked'],
    ['The specified keychain could not be found.', 'no-secret-service'],
  ] as const)('%s → %s', (message, reason) => {
    expect(classifyKeytarError(message)).toBe(reason);
  });

  it('leaves other errors unclassified', () => {
    expect(classifyKeytarError('The stub received bad data.')).toBeUndefined();
  });
});

describe('keytar that cannot be loaded', () => {
  it('becomes a typed error that says how to fix it, for every operation', async () => {
    const store = createKeytarSecretStore({
      log: createRecordingLogger(),
      platform: 'linux',
      loadKeytar: () => Promise.reject(new Error('libsecret-1.so.0: cannot open shared object file')),
    });
    const ref = { server: 'https://x.example.com', kind: 'token' } as const;

    const attempts: Promise<unknown>[] = [
      store.get(ref),
      store.set(ref, 'hunter2'),
      store.delete(ref),
      store.checkAvailable(),
    ];
    const errors = await Promise.all(
      attempts.map((attempt) =>
        attempt.then(
          () => undefined,
          (caught: unknown) => caught,
        ),
      ),
    );

    expect(errors).toHaveLength(4);
    for (const error of errors) {
      expect(error).toBeInstanceOf(SecretStoreUnavailableError);
      expect(error).toMatchObject({ reason: 'load-failed' });
      expect((error as Error).message).toContain('install libsecret');
      expect((error as Error).message).toContain('NTFY_PASSWORD or NTFY_TOKEN');
      expect((error as Error).message).not.toContain('hunter2');
    }
  });
});
