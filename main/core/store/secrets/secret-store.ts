/**
 * The secret store port: passwords and tokens, one per server + user (or per server for a token), and a subscription's
 * own ones under it (`subscription`). Implemented by the OS keychain (keytar-secret-store.ts); the headless CLI can
 * also read them from the environment (env-secret-source.ts). Settings only say which kind of secret a server or a
 * subscription needs (../settings/schema.ts).
 */
import { normalizeServerUrl } from '../../../../common/server-url.ts';

/** The keychain service name every entry of the app is filed under. */
export const SECRET_SERVICE = 'ntfy-tray';

/** `subscription`: the secret of one subscription's own credentials (settings `auth`), else its server's. */
export type SecretRef =
  | { readonly server: string; readonly kind: 'password'; readonly user: string; readonly subscription?: string }
  | { readonly server: string; readonly kind: 'token'; readonly subscription?: string };

/** Read-only access: what turning settings into credentials needs. */
export interface SecretSource {
  /** The secret, or undefined when none is stored. Rejects with a SecretStoreError when the store cannot answer. */
  get(ref: SecretRef): Promise<string | undefined>;
}

export interface SecretStore extends SecretSource {
  set(ref: SecretRef, secret: string): Promise<void>;
  /** Resolves to whether there was an entry to delete. */
  delete(ref: SecretRef): Promise<boolean>;
}

/**
 * The keychain account of an entry, readable in Seahorse / Keychain Access / Credential Manager:
 * `https://ntfy.example.com user:alice` or `https://ntfy.example.com token`. A normalized URL has no spaces and
 * user entries carry the `user:` prefix, so no user name (not even "token") can collide with another entry.
 */
export function keychainAccount(ref: SecretRef): string {
  const server = normalizeServerUrl(ref.server);
  const entry = ref.kind === 'token' ? `${server} token` : `${server} user:${ref.user}`;
  // A user name has no colon (settings/validate.ts), so ` subscription:<id>` cannot be part of one.
  return ref.subscription === undefined ? entry : `${entry} subscription:${ref.subscription}`;
}

/** For log lines (English, as all of the log): which entry, never its content. */
export function describeSecretRef(ref: SecretRef): string {
  return ref.kind === 'token' ? `the token for ${ref.server}` : `the password of ${ref.user} on ${ref.server}`;
}
