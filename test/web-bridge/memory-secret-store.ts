/**
 * TEST/DEV ONLY — never import this from main/. Keeps secrets in a Map for the lifetime of the dev:web server
 * when no OS keychain is reachable, so credentials can be exercised in a browser. The app itself refuses to store
 * secrets without secure storage; this exists only because the dev bridge holds nothing worth protecting.
 */
import { keychainAccount, type SecretStore } from '../../main/core/store/secrets/secret-store.ts';

export function createInMemorySecretStoreForDev(): SecretStore {
  const entries = new Map<string, string>();
  return {
    get: (ref) => Promise.resolve(entries.get(keychainAccount(ref))),
    set: (ref, secret) => {
      entries.set(keychainAccount(ref), secret);
      return Promise.resolve();
    },
    delete: (ref) => Promise.resolve(entries.delete(keychainAccount(ref))),
  };
}
