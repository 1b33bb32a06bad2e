/**
 * Versioned upgrades of the settings document, run on load before validation. Each step is a pure function from
 * the document of one version to the next; the runner chains them from the file's `version` to SETTINGS_VERSION.
 *
 * Steps move data, they do not judge it: a step copies what it does not understand as is (unknown keys included),
 * and the validator of the current version decides afterwards. That keeps each step small, and means a
 * hand-edited old file with a stray `password` key is refused rather than quietly rewritten.
 *
 * Why not conf's own `migrations` option: those are keyed by the app's semver and run inside conf's constructor
 * by mutating the store through its API, so they cannot be tested as pure functions, they run only where conf
 * runs (the same steps are needed for both adapters), and they have no answer for a file from a newer version
 * (ours is read as far as it can be and never written: load-settings.ts). Conf's maintainer also documents them as having known bugs.
 */
import { isRecord, type JsonRecord } from './field-reader.ts';
import { DEFAULT_PREFERENCES, SETTINGS_VERSION } from './schema.ts';
import { errorMessage } from '../../../../common/error-message.ts';

/**
 * Version 1, the first shape: a server's auth was implied by an optional `username` (no token support), and the
 * only preference was the top-level `notifications` switch. Subscriptions already had today's shape.
 */
export interface SettingsV1 {
  readonly version: 1;
  readonly defaultServer: string;
  readonly servers: readonly { readonly url: string; readonly username?: string }[];
  readonly subscriptions: readonly unknown[];
  readonly notifications: boolean;
}

export interface SettingsMigration {
  /** The version this step reads; it returns a document of version `from + 1`. */
  readonly from: number;
  readonly description: string;
  readonly migrate: (previous: JsonRecord) => JsonRecord;
}

/** v1 → v2: `username` becomes `auth`, and `notifications` moves into a `preferences` object with defaults. */
export function migrateV1ToV2(previous: JsonRecord): JsonRecord {
  const { notifications, servers, ...rest } = previous;
  const migratedServers = Array.isArray(servers)
    ? servers.map((server: unknown) => {
        if (!isRecord(server)) return server;
        const { username, ...serverRest } = server;
        return { ...serverRest, auth: username === undefined ? { kind: 'none' } : { kind: 'basic', user: username } };
      })
    : servers;
  const { minPriority: _addedInV3, ...v2Defaults } = DEFAULT_PREFERENCES;
  return {
    ...rest,
    version: 2,
    servers: migratedServers,
    preferences: {
      ...v2Defaults,
      // A v1 file without the switch had notifications on (v1's default).
      notificationsEnabled: notifications ?? true,
    },
  };
}

/** v2 → v3: a global minimum priority for popups; 1 (everything) keeps what v2 showed. */
export function migrateV2ToV3(previous: JsonRecord): JsonRecord {
  const { preferences } = previous;
  return {
    ...previous,
    version: 3,
    preferences: isRecord(preferences) ? { ...preferences, minPriority: 1 } : preferences,
  };
}

/**
 * v3 → v4: the app no longer offers the raw stream (see APP_TRANSPORTS in common/transports.ts), so a raw
 * subscription moves to json: the same messages from the same server, now with ids (dedupe, catch-up), titles, priorities and tags.
 */
export function migrateV3ToV4(previous: JsonRecord): JsonRecord {
  const { subscriptions } = previous;
  return {
    ...previous,
    version: 4,
    subscriptions: Array.isArray(subscriptions)
      ? subscriptions.map((subscription: unknown) =>
          isRecord(subscription) && subscription['transport'] === 'raw'
            ? { ...subscription, transport: 'json' }
            : subscription,
        )
      : subscriptions,
  };
}

/**
 * v4 → v5: room for the ntfy account's sync state (`account`, see schema.ts). Nobody is signed in after an upgrade,
 * so the step only moves the version; the key appears at the first sign-in.
 */
export function migrateV4ToV5(previous: JsonRecord): JsonRecord {
  return { ...previous, version: 5 };
}

/**
 * v5 → v6: the "download attachments" preference. Before, every image attachment up to 5 MB was fetched from
 * wherever the message pointed; now the default: only from the subscription's own server, up to 2 MiB.
 */
export function migrateV5ToV6(previous: JsonRecord): JsonRecord {
  const { preferences } = previous;
  return {
    ...previous,
    version: 6,
    preferences: isRecord(preferences)
      ? { ...preferences, autoDownloadAttachments: 'subscription-server', autoDownloadMaxBytes: 2 * 1024 * 1024 }
      : preferences,
  };
}

/**
 * v6 → v7: a subscription may have a command (schema.ts). Nothing to move; the version changes so that an older app,
 * whose validator refuses the unknown key, reads a file with commands as newer (kept, never rewritten) instead of
 * as broken (backed up and reset).
 */
export function migrateV6ToV7(previous: JsonRecord): JsonRecord {
  return { ...previous, version: 7 };
}

/** v7 → v8: the "check for updates" preference, on as before (builds with a release feed checked unasked). */
export function migrateV7ToV8(previous: JsonRecord): JsonRecord {
  const { preferences } = previous;
  return {
    ...previous,
    version: 8,
    preferences: isRecord(preferences) ? { ...preferences, checkForUpdates: true } : preferences,
  };
}

/** v8 → v9: a subscription may have credentials of its own (schema.ts `auth`); nothing to move, as for v7. */
export function migrateV8ToV9(previous: JsonRecord): JsonRecord {
  return { ...previous, version: 9 };
}

/** v9 → v10: the UnifiedPush distributor's switch (issue 35), on: what version 9 did on Linux. */
export function migrateV9ToV10(previous: JsonRecord): JsonRecord {
  const { preferences } = previous;
  return {
    ...previous,
    version: 10,
    preferences: isRecord(preferences) ? { ...preferences, unifiedPushEnabled: true } : preferences,
  };
}

export const SETTINGS_MIGRATIONS: readonly SettingsMigration[] = [
  { from: 1, description: 'server auth kinds and the preferences object', migrate: migrateV1ToV2 },
  { from: 2, description: 'a global minimum priority for popups', migrate: migrateV2ToV3 },
  { from: 3, description: 'raw subscriptions use the JSON stream', migrate: migrateV3ToV4 },
  { from: 4, description: 'an ntfy account and its subscription sync state', migrate: migrateV4ToV5 },
  { from: 5, description: 'from where attachments are downloaded without a click', migrate: migrateV5ToV6 },
  { from: 6, description: 'a command per subscription', migrate: migrateV6ToV7 },
  { from: 7, description: 'a setting that turns update checks off', migrate: migrateV7ToV8 },
  { from: 8, description: 'credentials per subscription', migrate: migrateV8ToV9 },
  { from: 9, description: 'a switch for the UnifiedPush distributor', migrate: migrateV9ToV10 },
];

export type MigrationProblemKind = 'no-version' | 'newer-version' | 'unknown-version' | 'migration-failed';

type MigrationOutcome =
  | { readonly ok: true; readonly document: JsonRecord; readonly fromVersion: number }
  | { readonly ok: false; readonly kind: MigrationProblemKind; readonly message: string };

export interface MigrateOptions {
  readonly migrations?: readonly SettingsMigration[];
  readonly currentVersion?: number;
}

/** Runs the steps from the document's version up to the current one. */
export function migrateSettings(document: JsonRecord, options: MigrateOptions = {}): MigrationOutcome {
  const migrations = options.migrations ?? SETTINGS_MIGRATIONS;
  const currentVersion = options.currentVersion ?? SETTINGS_VERSION;
  const fromVersion = document['version'];
  if (typeof fromVersion !== 'number' || !Number.isInteger(fromVersion) || fromVersion < 1) {
    return { ok: false, kind: 'no-version', message: 'version: must be a whole number from 1' };
  }
  if (fromVersion > currentVersion) {
    return {
      ok: false,
      kind: 'newer-version',
      message: `version ${fromVersion} was written by a newer ntfy-tray (this one reads up to ${currentVersion})`,
    };
  }
  let current = document;
  for (let version = fromVersion; version < currentVersion; version++) {
    const step = migrations.find((migration) => migration.from === version);
    if (step === undefined) {
      return { ok: false, kind: 'unknown-version', message: `no upgrade from version ${version} exists` };
    }
    let next: unknown;
    try {
      next = step.migrate(current);
    } catch (error) {
      const reason = errorMessage(error);
      return { ok: false, kind: 'migration-failed', message: `upgrade from version ${version} failed: ${reason}` };
    }
    if (!isRecord(next) || next['version'] !== version + 1) {
      const message = `upgrade from version ${version} did not produce version ${version + 1}`;
      return { ok: false, kind: 'migration-failed', message };
    }
    current = next;
  }
  return { ok: true, document: current, fromVersion };
}
