/**
 * The OS keychain through keytar: macOS Keychain, Windows Credential Manager, the Secret Service (gnome-keyring,
 * KWallet) on Linux. keytar is loaded on first use rather than at import, so a missing native library becomes a
 * typed error instead of a crash at startup.
 *
 * Unavailability is found by trying: every keytar error is mapped to a typed error. A locked Linux keyring that
 * cannot prompt answers reads with "nothing stored" and fails only on writes, so `checkAvailable()` writes and
 * deletes a probe entry to find out up front.
 */
import type { Logger } from '../../ports.ts';
import { SecretStoreError, SecretStoreUnavailableError, type SecretStoreUnavailableReason } from './errors.ts';
import { createSecretSafeLogger, HIDDEN, hideSecretsInText } from './redact.ts';
import {
  describeSecretRef,
  keychainAccount,
  SECRET_SERVICE,
  type SecretRef,
  type SecretStore,
} from './secret-store.ts';
import { errorMessage } from '../../../../common/error-message.ts';
import { t } from '../../../../common/i18n/translate.ts';

/** The part of keytar this adapter uses. */
export interface KeytarApi {
  getPassword(service: string, account: string): Promise<string | null>;
  setPassword(service: string, account: string, password: string): Promise<void>;
  deletePassword(service: string, account: string): Promise<boolean>;
}

interface KeytarSecretStoreOptions {
  readonly log: Logger;
  /** Keychain service name; tests use their own so they never meet real entries. */
  readonly service?: string;
  readonly platform?: NodeJS.Platform;
  /** How keytar is loaded; replaced in tests of the load failure. */
  readonly loadKeytar?: () => Promise<KeytarApi>;
}

export interface KeytarSecretStore extends SecretStore {
  /** Resolves when the keychain can store secrets; rejects with SecretStoreUnavailableError saying how to fix it. */
  checkAvailable(): Promise<void>;
}

// Messages seen from libsecret/GLib (Linux) and the Security framework (macOS) when there is no keychain to use.
const NO_SERVICE = [
  /could not connect/i,
  /cannot autolaunch d-bus/i,
  /not provided by any \.service files/i,
  /no such (?:interface|object|secret service)/i,
  /dbus/i,
  /keychain could not be found/i,
];
const LOCKED = [
  /locked/i,
  /unlock/i,
  /prompt/i,
  /dismissed|cancel/i,
  /object does not exist at path .*collection/i,
  /user interaction is not allowed/i,
];

/** Which kind of failure a keytar error is; `undefined` for errors that do not mean "no keychain". */
export function classifyKeytarError(message: string): SecretStoreUnavailableReason | undefined {
  // Locked first: a D-Bus error about a locked collection mentions D-Bus too.
  if (LOCKED.some((pattern) => pattern.test(message))) return 'locked';
  if (NO_SERVICE.some((pattern) => pattern.test(message))) return 'no-secret-service';
  return undefined;
}

async function importKeytar(): Promise<KeytarApi> {
  // keytar is CommonJS: its exports arrive as the default export.
  const module = await import('keytar');
  return module.default;
}

const PROBE_ACCOUNT = 'ntfy-tray availability check';

export function createKeytarSecretStore(options: KeytarSecretStoreOptions): KeytarSecretStore {
  const service = options.service ?? SECRET_SERVICE;
  const platform = options.platform ?? process.platform;
  const log = createSecretSafeLogger(options.log);
  let keytar: Promise<KeytarApi> | undefined;

  function toError(error: unknown, secret: string | undefined): SecretStoreError {
    const detail = hideSecretsInText(errorMessage(error), [secret]);
    const reason = classifyKeytarError(detail);
    return reason === undefined
      ? new SecretStoreError(t('system.keychain.refused', { detail }))
      : new SecretStoreUnavailableError({ reason, detail, platform });
  }

  async function withKeytar<T>(what: string, operation: (api: KeytarApi) => Promise<T>, secret?: string): Promise<T> {
    keytar ??= (options.loadKeytar ?? importKeytar)();
    try {
      const api = await keytar.catch((error: unknown) => {
        const detail = hideSecretsInText(errorMessage(error), [secret]);
        throw new SecretStoreUnavailableError({ reason: 'load-failed', detail, platform });
      });
      return await operation(api);
    } catch (error) {
      const mapped = error instanceof SecretStoreError ? error : toError(error, secret);
      log.log('warn', `keychain: ${what} failed`, { service, error: mapped });
      throw mapped;
    }
  }

  return {
    async get(ref) {
      const account = keychainAccount(ref);
      const secret = await withKeytar(`reading ${describeSecretRef(ref)}`, (api) => api.getPassword(service, account));
      return secret ?? undefined;
    },
    async set(ref, secret) {
      if (secret === '') throw new SecretStoreError(t('system.keychain.empty-secret'));
      const account = keychainAccount(ref);
      await withKeytar(`storing ${describeSecretRef(ref)}`, (api) => api.setPassword(service, account, secret), secret);
      log.log('info', 'secret stored in the OS keychain', { service, account, secret: HIDDEN });
    },
    async delete(ref: SecretRef) {
      const account = keychainAccount(ref);
      return withKeytar(`deleting ${describeSecretRef(ref)}`, (api) => api.deletePassword(service, account));
    },
    async checkAvailable() {
      await withKeytar('the availability check', async (api) => {
        await api.setPassword(service, PROBE_ACCOUNT, 'probe');
        await api.deletePassword(service, PROBE_ACCOUNT);
      });
    },
  };
}
