/**
 * From server settings (auth kind + user name) and a secret source to what the engine needs: `Credentials` with the
 * secret. (The window only learns whether a secret is stored: `hasCredentials` from the app service.)
 */
import type { Credentials } from '../../protocol/subscribe-request.ts';
import type { ServerSettings } from '../settings/schema.ts';
import { MissingSecretError } from './errors.ts';
import type { SecretRef, SecretSource } from './secret-store.ts';

/** The keychain entry a server's auth needs, or undefined for a server without auth. */
export function secretRefFor(server: ServerSettings): SecretRef | undefined {
  switch (server.auth.kind) {
    case 'none':
      return undefined;
    case 'basic':
      return { server: server.url, kind: 'password', user: server.auth.user };
    case 'token':
      return { server: server.url, kind: 'token' };
  }
}

/**
 * Rejects with MissingSecretError when the settings call for a secret that is not stored, and with the source's
 * own error (e.g. SecretStoreUnavailableError) when it cannot answer.
 */
export async function resolveCredentials(server: ServerSettings, secrets: SecretSource): Promise<Credentials> {
  const ref = secretRefFor(server);
  if (ref === undefined) return { kind: 'none' };
  const secret = await secrets.get(ref);
  if (secret === undefined) throw new MissingSecretError(ref);
  return ref.kind === 'token' ? { kind: 'token', token: secret } : { kind: 'basic', user: ref.user, password: secret };
}
