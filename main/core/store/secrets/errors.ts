/**
 * Typed failures of the secret store. Messages say how to fix the problem and never contain a secret: details that
 * come from the keychain are passed through hideSecretsInText by the adapter before they get here.
 */
import type { SecretRef } from './secret-store.ts';
import { t } from '../../../../common/i18n/translate.ts';

/** The keychain answered with an error that does not mean "unavailable" (e.g. a value it refuses). */
export class SecretStoreError extends Error {
  override readonly name: string = 'SecretStoreError';
}

/**
 * - `load-failed`: keytar (or the library it needs, libsecret on Linux) could not be loaded
 * - `no-secret-service`: nothing to talk to (no D-Bus session, or no Secret Service provider on it)
 * - `locked`: the keyring exists but is locked, or has no default collection and cannot prompt for one
 */
export type SecretStoreUnavailableReason = 'load-failed' | 'no-secret-service' | 'locked';

function fixFor(reason: SecretStoreUnavailableReason, platform: NodeJS.Platform): string {
  if (reason === 'load-failed') {
    return platform === 'linux' ? t('system.keychain.fix.load-failed-linux') : t('system.keychain.fix.load-failed');
  }
  if (platform === 'darwin') return t('system.keychain.fix.macos');
  if (platform === 'win32') return t('system.keychain.fix.windows');
  return reason === 'locked' ? t('system.keychain.fix.locked') : t('system.keychain.fix.no-secret-service');
}

/** The OS keychain cannot be used. Secrets are never written anywhere else instead. */
export class SecretStoreUnavailableError extends SecretStoreError {
  override readonly name = 'SecretStoreUnavailableError';
  readonly reason: SecretStoreUnavailableReason;
  /** What the keychain said, secrets hidden. */
  readonly detail: string;

  constructor(options: { reason: SecretStoreUnavailableReason; detail: string; platform: NodeJS.Platform }) {
    super(t('system.keychain.unavailable', { detail: options.detail, fix: fixFor(options.reason, options.platform) }));
    this.reason = options.reason;
    this.detail = options.detail;
  }
}

/** A server's settings call for a secret that is not stored. */
export class MissingSecretError extends Error {
  override readonly name = 'MissingSecretError';
  readonly ref: SecretRef;

  constructor(ref: SecretRef) {
    super(
      ref.kind === 'token'
        ? t('system.keychain.token-missing', { server: ref.server })
        : t('system.keychain.password-missing', { user: ref.user, server: ref.server }),
    );
    this.ref = ref;
  }
}
