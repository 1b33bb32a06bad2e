/**
 * Typed failures of the secret store. Messages say how to fix the problem and never contain a secret: details that
 * come from the keychain are passed through hideSecretsInText by the adapter before they get here.
 */
import { describeSecretRef, type SecretRef } from './secret-store.ts';

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

export const HEADLESS_HINT = 'On a headless server, pass the secret in NTFY_PASSWORD or NTFY_TOKEN instead.';

function fixFor(reason: SecretStoreUnavailableReason, platform: NodeJS.Platform): string {
  if (reason === 'load-failed') {
    return platform === 'linux'
      ? 'keytar could not be loaded: install libsecret (Debian/Ubuntu: libsecret-1-0) and reinstall ntfy-tray'
      : 'keytar could not be loaded: reinstall ntfy-tray';
  }
  if (platform === 'darwin') return 'unlock the login keychain (Keychain Access), then try again';
  if (platform === 'win32') return 'make sure the Windows Credential Manager service is running, then try again';
  return reason === 'locked'
    ? 'the keyring is locked: unlock gnome-keyring or KWallet (log in to the desktop, or use "Passwords and Keys")'
    : 'no Secret Service answered on the D-Bus session bus: install and start gnome-keyring or KWallet in your session';
}

/** The OS keychain cannot be used. Secrets are never written anywhere else instead. */
export class SecretStoreUnavailableError extends SecretStoreError {
  override readonly name = 'SecretStoreUnavailableError';
  readonly reason: SecretStoreUnavailableReason;
  /** What the keychain said, secrets hidden. */
  readonly detail: string;

  constructor(options: { reason: SecretStoreUnavailableReason; detail: string; platform: NodeJS.Platform }) {
    super(
      `The OS keychain is not available (${options.detail}). To fix: ${fixFor(options.reason, options.platform)}. ${HEADLESS_HINT}`,
    );
    this.reason = options.reason;
    this.detail = options.detail;
  }
}

/** A server's settings call for a secret that is not stored. */
export class MissingSecretError extends Error {
  override readonly name = 'MissingSecretError';
  readonly ref: SecretRef;

  constructor(ref: SecretRef) {
    const variable = ref.kind === 'token' ? 'NTFY_TOKEN' : 'NTFY_PASSWORD';
    super(
      `${describeSecretRef(ref)} is not stored: enter it in the server settings, or set ${variable} for the headless command`,
    );
    this.ref = ref;
  }
}
