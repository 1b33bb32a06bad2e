/**
 * Secrets from the environment, for the headless command on machines without a keychain (servers, containers,
 * CI): NTFY_PASSWORD answers for any password, NTFY_TOKEN for any token — a headless run talks to one account.
 */
import type { SecretSource } from './secret-store.ts';

export const PASSWORD_VARIABLE = 'NTFY_PASSWORD';
export const TOKEN_VARIABLE = 'NTFY_TOKEN';

export function createEnvSecretSource(env: Readonly<Record<string, string | undefined>>): SecretSource {
  return {
    get(ref) {
      const value = env[ref.kind === 'token' ? TOKEN_VARIABLE : PASSWORD_VARIABLE];
      // An empty variable (`NTFY_TOKEN= cmd`) means "not set", never an empty secret.
      return Promise.resolve(value === undefined || value === '' ? undefined : value);
    },
  };
}

/**
 * Asks the sources in order and returns the first secret found. A source that fails (e.g. no keychain) fails the
 * lookup only when no earlier source had the secret, so NTFY_PASSWORD works where the keychain does not.
 */
export function firstSecretSource(sources: readonly SecretSource[]): SecretSource {
  return {
    async get(ref) {
      for (const source of sources) {
        const secret = await source.get(ref);
        if (secret !== undefined) return secret;
      }
      return undefined;
    },
  };
}
