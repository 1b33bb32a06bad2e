/**
 * Whether the keychain tests can run here. `npm test` runs them inside scripts/test-session.sh (a throwaway D-Bus
 * session with an unlocked throwaway gnome-keyring), where they must run: a failed check there fails the tests
 * instead of skipping them. Run directly with vitest outside that session and without a reachable keychain, they
 * are skipped with the reason printed.
 */
import { randomUUID } from 'node:crypto';
import { createKeytarSecretStore, type KeytarSecretStore } from '../../main/core/store/secrets/keytar-secret-store.ts';
import type { Logger } from '../../main/core/ports.ts';
import { errorMessage } from '../../common/error-message.ts';

/** A keychain service name no real entry uses, so tests never meet (or leave) anything of the user's. */
export function testService(): string {
  return `ntfy-tray-test-${randomUUID()}`;
}

export function testKeychain(log: Logger, service: string): KeytarSecretStore {
  return createKeytarSecretStore({ log, service });
}

const silent: Logger = {
  log: () => undefined,
  child: () => silent,
};

async function skipReason(): Promise<string | undefined> {
  if (process.env['NTFY_TRAY_TEST_SESSION'] !== undefined) return undefined;
  try {
    await testKeychain(silent, testService()).checkAvailable();
    return undefined;
  } catch (error) {
    return errorMessage(error);
  }
}

const reason = await skipReason();
if (reason !== undefined) {
  console.warn(
    `Skipping keychain integration tests: no usable keychain outside scripts/test-session.sh (${reason}). ` +
      'Run them with `sh scripts/test-session.sh npm exec -- vitest run test/integration/core/store`.',
  );
}

/** True when the keychain tests must be skipped (the reason has been printed). */
export const skipKeychainTests = reason !== undefined;
