/**
 * From server settings (auth kind + user name) and a secret source to what the engine and the UI need: the
 * engine gets `Credentials` with the secret, the UI only learns whether a secret is stored.
 */
import type { Credentials } from '../../protocol/subscribe-request.ts';
import type { ServerAuth, ServerSettings } from '../settings/schema.ts';
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

/** A server as the UI may see it: never the secret, only whether one is stored. */
export interface ServerAuthView {
  readonly url: string;
  readonly auth: ServerAuth;
  readonly hasSecret: boolean;
}

export async function describeServerAuth(server: ServerSettings, secrets: SecretSource): Promise<ServerAuthView> {
  const ref = secretRefFor(server);
  const hasSecret = ref !== undefined && (await secrets.get(ref)) !== undefined;
  return { url: server.url, auth: server.auth, hasSecret };
}
