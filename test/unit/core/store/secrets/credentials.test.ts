import { describe, expect, it } from 'vitest';
import { resolveCredentials, secretRefFor } from '../../../../../main/core/store/secrets/credentials.ts';
import { createEnvSecretSource, firstSecretSource } from '../../../../../main/core/store/secrets/env-secret-source.ts';
import { MissingSecretError, SecretStoreUnavailableError } from '../../../../../main/core/store/secrets/errors.ts';
import {
  keychainAccount,
  type SecretRef,
  type SecretSource,
} from '../../../../../main/core/store/secrets/secret-store.ts';
import type { ServerSettings } from '../../../../../main/core/store/settings/schema.ts';

const basic: ServerSettings = { url: 'https://ntfy.example.com', auth: { kind: 'basic', user: 'alice' } };
const token: ServerSettings = { url: 'https://ntfy.example.com', auth: { kind: 'token' } };
const open: ServerSettings = { url: 'https://ntfy.sh', auth: { kind: 'none' } };

/** A secret source backed by a map of keychain accounts, standing in for the keychain at the edge. */
function mapSource(entries: Record<string, string>): SecretSource {
  return { get: (ref) => Promise.resolve(entries[keychainAccount(ref)]) };
}

const unavailable: SecretSource = {
  get: () =>
    Promise.reject(
      new SecretStoreUnavailableError({ reason: 'no-secret-service', detail: 'Could not connect', platform: 'linux' }),
    ),
};

describe('keychain accounts', () => {
  it('are one per server + user, or per server for a token, on the normalized URL', () => {
    expect(keychainAccount({ server: 'https://NTFY.example.com/', kind: 'password', user: 'alice' })).toBe(
      'https://ntfy.example.com user:alice',
    );
    expect(keychainAccount({ server: 'https://ntfy.example.com', kind: 'token' })).toBe(
      'https://ntfy.example.com token',
    );
  });

  it('never collide, not even for a user called "token"', () => {
    const refs: SecretRef[] = [
      { server: 'https://a.example.com', kind: 'token' },
      { server: 'https://a.example.com', kind: 'password', user: 'token' },
      { server: 'https://a.example.com', kind: 'password', user: 'alice' },
      { server: 'https://a.example.com/base', kind: 'token' },
      { server: 'https://a.example.com', kind: 'token', subscription: 's1' },
      { server: 'https://a.example.com', kind: 'token', subscription: 's2' },
      { server: 'https://a.example.com', kind: 'password', user: 'alice', subscription: 's1' },
    ];
    expect(new Set(refs.map(keychainAccount)).size).toBe(refs.length);
  });
});

describe("a subscription's own credentials", () => {
  it('are read from its own entry, never from its server’s', async () => {
    const source = mapSource({
      'https://ntfy.example.com token': 'tk_server',
      'https://ntfy.example.com token subscription:s1': 'tk_own',
    });
    expect(await resolveCredentials(token, source, 's1')).toEqual({ kind: 'token', token: 'tk_own' });
    expect(await resolveCredentials(token, source)).toEqual({ kind: 'token', token: 'tk_server' });
    await expect(resolveCredentials(token, source, 's2')).rejects.toThrow(MissingSecretError);
    expect(secretRefFor(basic, 's1')).toEqual({ ...secretRefFor(basic), subscription: 's1' });
  });
});

describe('resolveCredentials', () => {
  const source = mapSource({
    'https://ntfy.example.com user:alice': 'alice-password',
    'https://ntfy.example.com token': 'tk_secret',
  });

  it('turns auth settings plus the stored secret into engine credentials', async () => {
    expect(await resolveCredentials(open, source)).toEqual({ kind: 'none' });
    expect(await resolveCredentials(basic, source)).toEqual({
      kind: 'basic',
      user: 'alice',
      password: 'alice-password',
    });
    expect(await resolveCredentials(token, source)).toEqual({ kind: 'token', token: 'tk_secret' });
  });

  it('does not ask the secret source for a server without auth', async () => {
    expect(await resolveCredentials(open, unavailable)).toEqual({ kind: 'none' });
    expect(secretRefFor(open)).toBeUndefined();
  });

  it('says how to provide a missing secret', async () => {
    const error = await resolveCredentials({ ...basic, auth: { kind: 'basic', user: 'bob' } }, source).catch(
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(MissingSecretError);
    expect((error as Error).message).toBe(
      'the password of bob on https://ntfy.example.com is not stored: enter it in the server settings, or set NTFY_PASSWORD for the headless command',
    );
    await expect(resolveCredentials(token, mapSource({}))).rejects.toThrow(/set NTFY_TOKEN/);
  });

  it('passes an unavailable keychain on as its typed error', async () => {
    await expect(resolveCredentials(basic, unavailable)).rejects.toBeInstanceOf(SecretStoreUnavailableError);
  });
});

describe('environment secrets', () => {
  it('answer passwords from NTFY_PASSWORD and tokens from NTFY_TOKEN; empty means unset', async () => {
    const env = createEnvSecretSource({ NTFY_PASSWORD: 'pw', NTFY_TOKEN: '' });
    expect(await resolveCredentials(basic, env)).toEqual({ kind: 'basic', user: 'alice', password: 'pw' });
    await expect(resolveCredentials(token, env)).rejects.toBeInstanceOf(MissingSecretError);
  });

  it('come first, so a headless machine without a keychain still works', async () => {
    const sources = firstSecretSource([createEnvSecretSource({ NTFY_TOKEN: 'from-env' }), unavailable]);
    expect(await resolveCredentials(token, sources)).toEqual({ kind: 'token', token: 'from-env' });
    await expect(resolveCredentials(basic, sources)).rejects.toBeInstanceOf(SecretStoreUnavailableError);
  });

  it('fall through to the next source when they have nothing', async () => {
    const sources = firstSecretSource([
      createEnvSecretSource({}),
      mapSource({ 'https://ntfy.example.com token': 'kc' }),
    ]);
    expect(await resolveCredentials(token, sources)).toEqual({ kind: 'token', token: 'kc' });
  });
});
