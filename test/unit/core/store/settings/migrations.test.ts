import { describe, expect, it } from 'vitest';
import type { JsonRecord } from '../../../../../main/core/store/settings/field-reader.ts';
import {
  migrateSettings,
  migrateV1ToV2,
  migrateV2ToV3,
  migrateV3ToV4,
  migrateV4ToV5,
  migrateV5ToV6,
  migrateV6ToV7,
  migrateV7ToV8,
  migrateV8ToV9,
  migrateV9ToV10,
  SETTINGS_MIGRATIONS,
  type SettingsMigration,
  type SettingsV1,
} from '../../../../../main/core/store/settings/migrations.ts';
import { DEFAULT_PREFERENCES, SETTINGS_VERSION } from '../../../../../main/core/store/settings/schema.ts';
import { validateSettings } from '../../../../../main/core/store/settings/validate.ts';

const subscription = {
  id: 's1',
  server: 'https://ntfy.example.com',
  topic: 'alerts',
  transport: 'json',
  filters: {},
  muted: false,
  minPriority: 3,
};

const v1: SettingsV1 = {
  version: 1,
  defaultServer: 'https://ntfy.sh',
  servers: [{ url: 'https://ntfy.example.com', username: 'alice' }, { url: 'https://open.example.com' }],
  subscriptions: [subscription],
  notifications: false,
};

/** The preferences v2 had: today's defaults without what later versions added. */
const { minPriority: _v3, ...v2Preferences } = DEFAULT_PREFERENCES;

describe('v1 → v2', () => {
  it('turns username into basic auth, no username into none, and moves notifications into preferences', () => {
    expect(migrateV1ToV2({ ...v1 })).toEqual({
      version: 2,
      defaultServer: 'https://ntfy.sh',
      servers: [
        { url: 'https://ntfy.example.com', auth: { kind: 'basic', user: 'alice' } },
        { url: 'https://open.example.com', auth: { kind: 'none' } },
      ],
      subscriptions: [subscription],
      preferences: { ...v2Preferences, notificationsEnabled: false },
    });
  });

  it('produces a valid current document once the later steps ran', () => {
    const migrated = migrateSettings({ ...v1 });
    expect(migrated.ok && validateSettings(migrated.document).ok).toBe(true);
  });

  it('keeps v1 default (notifications on) when the switch is missing', () => {
    const { notifications: _ignored, ...withoutSwitch } = v1;
    const migrated = migrateV1ToV2(withoutSwitch);
    expect(migrated['preferences']).toEqual(v2Preferences);
  });

  it('carries what it does not understand, so the validator judges it (a stray password is refused, not dropped)', () => {
    const migrated = migrateV1ToV2({ ...v1, servers: [{ url: 'https://x.example.com', password: 'p' }], extra: 1 });
    expect(migrated['extra']).toBe(1);
    expect(migrated['servers']).toEqual([{ url: 'https://x.example.com', password: 'p', auth: { kind: 'none' } }]);
    expect(validateSettings(migrated).ok).toBe(false);
  });

  it('is pure: the input is left as it was', () => {
    const input = structuredClone(v1) as unknown as JsonRecord;
    migrateV1ToV2(input);
    expect(input).toEqual(v1);
  });
});

describe('v2 → v3', () => {
  const v2 = { version: 2, defaultServer: 'https://ntfy.sh', servers: [], subscriptions: [subscription] };

  it('adds the global minimum priority as 1, so everything that popped up before still does', () => {
    const migrated = migrateV2ToV3({ ...v2, preferences: { ...v2Preferences, sounds: false } });
    expect(migrated).toEqual({ ...v2, version: 3, preferences: { ...v2Preferences, sounds: false, minPriority: 1 } });
    const current = migrateSettings(migrated);
    expect(current.ok && validateSettings(current.document).ok).toBe(true);
  });

  it('leaves preferences that are not an object to the validator', () => {
    const migrated = migrateV2ToV3({ ...v2, preferences: 'loud' });
    expect(migrated['preferences']).toBe('loud');
    expect(validateSettings(migrated).ok).toBe(false);
  });
});

describe('v3 → v4', () => {
  const v3Preferences = { ...v2Preferences, minPriority: 1 };
  const v3 = { version: 3, defaultServer: 'https://ntfy.sh', servers: [], preferences: v3Preferences };

  it('moves raw subscriptions to json and leaves the other transports and fields alone', () => {
    const raw = { ...subscription, id: 'r1', topic: 'builds', transport: 'raw', muted: true, displayName: 'CI' };
    const ws = { ...subscription, id: 'w1', topic: 'backups', transport: 'ws' };
    const migrated = migrateV3ToV4({ ...v3, subscriptions: [subscription, raw, ws] });
    expect(migrated).toEqual({ ...v3, version: 4, subscriptions: [subscription, { ...raw, transport: 'json' }, ws] });
    const current = migrateV9ToV10(migrateV8ToV9(migrateV7ToV8(migrateV6ToV7(migrateV5ToV6(migrateV4ToV5(migrated))))));
    expect(validateSettings(current).ok).toBe(true);
  });

  it('leaves subscriptions that are not a list (or not objects) to the validator', () => {
    expect(migrateV3ToV4({ ...v3, subscriptions: 'raw' })['subscriptions']).toBe('raw');
    expect(migrateV3ToV4({ ...v3, subscriptions: ['raw'] })['subscriptions']).toEqual(['raw']);
  });

  it('runs for a version 3 file, so a stored raw subscription loads as json', () => {
    const migrated = migrateSettings({ ...v3, subscriptions: [{ ...subscription, transport: 'raw' }] });
    expect(migrated).toMatchObject({ ok: true, fromVersion: 3 });
    const validated = migrated.ok ? validateSettings(migrated.document) : undefined;
    expect(validated?.ok && validated.settings.subscriptions.map((item) => item.transport)).toEqual(['json']);
  });
});

describe('migrateV4ToV5', () => {
  it('only moves the version: nobody is signed in to an account after the upgrade', () => {
    const v4 = { version: 4, defaultServer: 'https://ntfy.sh', servers: [], subscriptions: [subscription] };
    expect(migrateV4ToV5(v4)).toEqual({ ...v4, version: 5 });
  });

  it('runs for a version 4 file, which then validates without an account', () => {
    const v4 = {
      version: 4,
      defaultServer: 'https://ntfy.sh',
      servers: [],
      subscriptions: [subscription],
      preferences: DEFAULT_PREFERENCES,
    };
    const migrated = migrateSettings(v4);
    expect(migrated).toMatchObject({ ok: true, fromVersion: 4, document: { version: SETTINGS_VERSION } });
    const validated = migrated.ok ? validateSettings(migrated.document) : undefined;
    expect(validated?.ok).toBe(true);
    expect(validated?.ok === true && validated.settings.account).toBeUndefined();
  });
});

describe('migrateV5ToV6', () => {
  it('turns automatic downloads to the subscription’s own server, up to 2 MiB (before: anywhere, up to 5 MB)', () => {
    const { autoDownloadAttachments: _from, autoDownloadMaxBytes: _max, ...v5Preferences } = DEFAULT_PREFERENCES;
    const v5 = {
      version: 5,
      defaultServer: 'https://ntfy.sh',
      servers: [],
      subscriptions: [],
      preferences: v5Preferences,
    };
    const migrated = migrateSettings(v5);
    expect(migrated).toMatchObject({
      ok: true,
      fromVersion: 5,
      document: {
        version: SETTINGS_VERSION,
        preferences: { autoDownloadAttachments: 'subscription-server', autoDownloadMaxBytes: 2 * 1024 * 1024 },
      },
    });
    expect(migrated.ok && validateSettings(migrated.document).ok).toBe(true);
    expect(migrateV5ToV6({ version: 5, preferences: 'odd' })).toEqual({ version: 6, preferences: 'odd' });
  });
});

describe('migrateV6ToV7', () => {
  it('only moves the version (a subscription may now have a command), and the result validates', () => {
    const v6 = { version: 6, defaultServer: 'https://ntfy.sh', servers: [], subscriptions: [subscription] };
    expect(migrateV6ToV7(v6)).toEqual({ ...v6, version: 7 });
    const migrated = migrateSettings({ ...v6, preferences: DEFAULT_PREFERENCES });
    expect(migrated.ok && validateSettings(migrated.document).ok).toBe(true);
  });
});

describe('migrateV7ToV8', () => {
  it('keeps update checks on, as every earlier version did, and the result validates', () => {
    const { checkForUpdates: _added, ...v7Preferences } = DEFAULT_PREFERENCES;
    const v7 = { version: 7, defaultServer: 'https://ntfy.sh', servers: [], subscriptions: [subscription] };
    expect(migrateV7ToV8({ ...v7, preferences: v7Preferences })).toEqual({
      ...v7,
      version: 8,
      preferences: { ...v7Preferences, checkForUpdates: true },
    });
    expect(validateSettings({ ...v7, version: 8, preferences: v7Preferences }).ok).toBe(false);
    const migrated = migrateSettings({ ...v7, preferences: v7Preferences });
    expect(migrated.ok && validateSettings(migrated.document).ok).toBe(true);
    expect(migrateV7ToV8({ version: 7, preferences: 'odd' })).toEqual({ version: 8, preferences: 'odd' });
  });
});

describe('migrateV8ToV9', () => {
  it('only moves the version (a subscription may now have credentials of its own), and the result validates', () => {
    const v8 = {
      version: 8,
      defaultServer: 'https://ntfy.sh',
      servers: [],
      subscriptions: [subscription],
      preferences: DEFAULT_PREFERENCES,
    };
    expect(migrateV8ToV9(v8)).toEqual({ ...v8, version: 9 });
    const migrated = migrateSettings(v8);
    expect(migrated).toMatchObject({ ok: true, fromVersion: 8, document: { version: SETTINGS_VERSION } });
    expect(migrated.ok && validateSettings(migrated.document).ok).toBe(true);
  });
});

describe('migrateV9ToV10', () => {
  it('turns the UnifiedPush distributor on, as version 9 ran it, and the result validates', () => {
    const { unifiedPushEnabled: _added, ...v9Preferences } = DEFAULT_PREFERENCES;
    const v9 = { version: 9, defaultServer: 'https://ntfy.sh', servers: [], subscriptions: [subscription] };
    expect(migrateV9ToV10({ ...v9, preferences: v9Preferences })).toEqual({
      ...v9,
      version: 10,
      preferences: { ...v9Preferences, unifiedPushEnabled: true },
    });
    expect(validateSettings({ ...v9, version: 10, preferences: v9Preferences }).ok).toBe(false);
    const migrated = migrateSettings({ ...v9, preferences: v9Preferences });
    expect(migrated.ok && validateSettings(migrated.document).ok).toBe(true);
    expect(migrateV9ToV10({ version: 9, preferences: 'odd' })).toEqual({ version: 10, preferences: 'odd' });
  });
});

describe('migrateSettings', () => {
  it('has one step per version, from 1 up to the current version', () => {
    expect(SETTINGS_MIGRATIONS.map((step) => step.from)).toEqual(
      Array.from({ length: SETTINGS_VERSION - 1 }, (_, index) => index + 1),
    );
  });

  it('leaves a current document alone', () => {
    const document = { version: SETTINGS_VERSION, anything: true };
    expect(migrateSettings(document)).toEqual({ ok: true, document, fromVersion: SETTINGS_VERSION });
  });

  it('chains steps in order from the file version', () => {
    const step = (from: number): SettingsMigration => ({
      from,
      description: `step ${from}`,
      migrate: (previous) => ({ ...previous, version: from + 1, trail: `${String(previous['trail'])}>${from + 1}` }),
    });
    const migrations = [step(3), step(1), step(2)];
    expect(migrateSettings({ version: 2, trail: '2' }, { migrations, currentVersion: 4 })).toEqual({
      ok: true,
      document: { version: 4, trail: '2>3>4' },
      fromVersion: 2,
    });
  });

  it.each([
    [{}, 'no-version'],
    [{ version: '2' }, 'no-version'],
    [{ version: 0 }, 'no-version'],
    [{ version: 1.5 }, 'no-version'],
    [{ version: SETTINGS_VERSION + 1 }, 'newer-version'],
  ])('refuses %j as %s', (document, kind) => {
    expect(migrateSettings(document)).toMatchObject({ ok: false, kind });
  });

  it('says when a file is from a newer version', () => {
    expect(migrateSettings({ version: SETTINGS_VERSION + 1 })).toEqual({
      ok: false,
      kind: 'newer-version',
      message: `version ${SETTINGS_VERSION + 1} was written by a newer ntfy-tray (this one reads up to ${SETTINGS_VERSION})`,
    });
  });

  it('refuses a version with no step', () => {
    expect(migrateSettings({ version: 1 }, { migrations: [], currentVersion: 2 })).toEqual({
      ok: false,
      kind: 'unknown-version',
      message: 'no upgrade from version 1 exists',
    });
  });

  it('reports a step that throws or that does not produce the next version', () => {
    const throwing: SettingsMigration = {
      from: 1,
      description: 'throws',
      migrate: () => {
        throw new TypeError('servers.map is not a function');
      },
    };
    expect(migrateSettings({ version: 1 }, { migrations: [throwing], currentVersion: 2 })).toEqual({
      ok: false,
      kind: 'migration-failed',
      message: 'upgrade from version 1 failed: servers.map is not a function',
    });
    const forgetful: SettingsMigration = { from: 1, description: 'no version', migrate: (previous) => previous };
    expect(migrateSettings({ version: 1 }, { migrations: [forgetful], currentVersion: 2 })).toMatchObject({
      ok: false,
      kind: 'migration-failed',
    });
  });
});
