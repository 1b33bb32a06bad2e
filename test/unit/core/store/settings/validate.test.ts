import { describe, expect, it } from 'vitest';
import { defaultSettings, type Settings, SETTINGS_VERSION } from '../../../../../main/core/store/settings/schema.ts';
import {
  formatIssue,
  rawTransportRefused,
  validateSettings,
} from '../../../../../main/core/store/settings/validate.ts';
import { isSecretKey } from '../../../../../main/core/store/secrets/redact.ts';

/** A document using every field, as JSON from a file would be (plain data, not our types). */
function fullDocument(): Record<string, unknown> {
  return {
    version: SETTINGS_VERSION,
    defaultServer: 'https://ntfy.sh',
    servers: [
      { url: 'https://ntfy.example.com', auth: { kind: 'basic', user: 'alice' } },
      { url: 'https://other.example.com/base', auth: { kind: 'token' } },
      { url: 'http://127.0.0.1:8080', auth: { kind: 'none' } },
    ],
    subscriptions: [
      {
        id: 'a1',
        server: 'https://ntfy.example.com',
        topic: 'alerts',
        displayName: 'Alerts',
        transport: 'json',
        filters: { priority: ['4', 'urgent'], tags: ['warning', 'disk'], title: 'Backup' },
        muted: false,
        minPriority: 3,
        command: 'notify-send "$t" "$m"',
      },
      {
        id: 'b2',
        server: 'https://ntfy.sh',
        topic: 'backups',
        transport: 'ws',
        filters: {},
        muted: true,
        minPriority: 1,
        auth: { kind: 'token' },
      },
      {
        id: 'c3',
        server: 'https://ntfy.sh',
        topic: 'builds',
        transport: 'sse',
        filters: {},
        muted: false,
        minPriority: 5,
      },
    ],
    preferences: {
      notificationsEnabled: true,
      quietHours: { enabled: true, start: '22:30', end: '06:45', urgentBreaksThrough: false },
      sounds: false,
      minPriority: 2,
      startAtLogin: true,
      theme: 'dark',
      historyRetention: { maxAgeDays: 7, maxPerSubscription: 500 },
      keepaliveTimeoutSeconds: 120,
      autoDownloadAttachments: 'any-server',
      autoDownloadMaxBytes: 500_000,
      checkForUpdates: false,
      unifiedPushEnabled: false,
    },
  };
}

function issuesOf(input: unknown): string[] {
  const result = validateSettings(input);
  return result.ok ? [] : result.issues.map(formatIssue);
}

/** The document with one value replaced at a path of keys and indexes. */
function withValue(path: readonly (string | number)[], value: unknown): Record<string, unknown> {
  const document = fullDocument();
  let target: Record<string | number, unknown> = document;
  for (const key of path.slice(0, -1)) target = target[key] as Record<string | number, unknown>;
  const last = path.at(-1);
  if (last === undefined) throw new Error('empty path');
  if (value === undefined) Reflect.deleteProperty(target, last);
  else target[last] = value;
  return document;
}

describe('validateSettings', () => {
  it('accepts the defaults and a document that uses every field', () => {
    expect(validateSettings(defaultSettings())).toEqual({ ok: true, settings: defaultSettings() });
    const result = validateSettings(fullDocument());
    expect(result.ok).toBe(true);
    expect(result.ok && result.settings).toEqual(fullDocument());
  });

  it('defaults: ntfy.sh, quiet hours 22:00-07:00 with urgent breaking through, every priority pops up, 30 days / 10000 kept, 90 s keepalive', () => {
    const settings: Settings = defaultSettings();
    expect(settings.defaultServer).toBe('https://ntfy.sh');
    expect(settings.preferences).toEqual({
      notificationsEnabled: true,
      quietHours: { enabled: false, start: '22:00', end: '07:00', urgentBreaksThrough: true },
      sounds: true,
      minPriority: 1,
      startAtLogin: false,
      theme: 'system',
      historyRetention: { maxAgeDays: 30, maxPerSubscription: 10_000 },
      keepaliveTimeoutSeconds: 90,
      autoDownloadAttachments: 'subscription-server',
      autoDownloadMaxBytes: 2_097_152,
      checkForUpdates: true,
      unifiedPushEnabled: true,
    });
  });

  it('reports a bad topic with its path', () => {
    expect(issuesOf(withValue(['subscriptions', 2, 'topic'], 'no spaces allowed'))).toEqual([
      'subscriptions[2].topic: must be 1-64 characters of A-Z a-z 0-9 _ -',
    ]);
    expect(issuesOf(withValue(['subscriptions', 0, 'topic'], 'x'.repeat(65)))).toEqual([
      'subscriptions[0].topic: must be 1-64 characters of A-Z a-z 0-9 _ -',
    ]);
  });

  it('refuses a blank command, one over 4000 characters and one with U+0000', () => {
    expect(issuesOf(withValue(['subscriptions', 0, 'command'], '  '))).toEqual([
      'subscriptions[0].command: must be 1 to 4000 characters, not blank',
    ]);
    expect(issuesOf(withValue(['subscriptions', 0, 'command'], 'x'.repeat(4001)))).toEqual([
      'subscriptions[0].command: must be 1 to 4000 characters, not blank',
    ]);
    expect(issuesOf(withValue(['subscriptions', 0, 'command'], 'echo a\u0000b'))).toEqual([
      'subscriptions[0].command: cannot contain the character U+0000',
    ]);
  });

  it('collects every issue instead of stopping at the first', () => {
    const document = withValue(['subscriptions', 1, 'transport'], 'carrier-pigeon');
    (document['preferences'] as Record<string, unknown>)['theme'] = 'neon';
    (document['servers'] as Record<string, unknown>[])[0] = { url: 'ftp://example.com', auth: { kind: 'none' } };
    expect(issuesOf(document)).toEqual([
      'servers[0].url: must be an http or https URL',
      'subscriptions[1].transport: must be one of json, sse, ws',
      'preferences.theme: must be one of system, light, dark',
    ]);
  });

  it.each([
    [
      ['preferences', 'quietHours', 'start'],
      '24:00',
      'preferences.quietHours.start: must be a time HH:MM (00:00 to 23:59)',
    ],
    [['preferences', 'quietHours', 'end'], '7:00', 'preferences.quietHours.end: must be a time HH:MM (00:00 to 23:59)'],
    [['preferences', 'quietHours', 'end'], '22:30', 'preferences.quietHours.end: must differ from start'],
    [
      ['preferences', 'historyRetention', 'maxAgeDays'],
      0,
      'preferences.historyRetention.maxAgeDays: must be a whole number from 1 to 3650',
    ],
    [
      ['preferences', 'historyRetention', 'maxPerSubscription'],
      2.5,
      'preferences.historyRetention.maxPerSubscription: must be a whole number from 10 to 1000000',
    ],
    [
      ['preferences', 'keepaliveTimeoutSeconds'],
      '90',
      'preferences.keepaliveTimeoutSeconds: must be a whole number from 15 to 3600',
    ],
    [['preferences', 'sounds'], 'yes', 'preferences.sounds: must be true or false'],
    [['preferences', 'startAtLogin'], undefined, 'preferences.startAtLogin: is required'],
    [['preferences', 'checkForUpdates'], 'off', 'preferences.checkForUpdates: must be true or false'],
    [['preferences', 'unifiedPushEnabled'], 1, 'preferences.unifiedPushEnabled: must be true or false'],
    [['preferences', 'minPriority'], 0, 'preferences.minPriority: must be a whole number from 1 to 5'],
    [['subscriptions', 0, 'minPriority'], 6, 'subscriptions[0].minPriority: must be a whole number from 1 to 5'],
    [['subscriptions', 0, 'id'], 'a b', 'subscriptions[0].id: must match [-_A-Za-z0-9]{1,64}'],
    [
      ['subscriptions', 0, 'displayName'],
      '   ',
      'subscriptions[0].displayName: must be 1 to 100 characters, not blank',
    ],
    [['subscriptions', 0, 'server'], 'not a url', 'subscriptions[0].server: must be an http or https URL'],
    [
      ['subscriptions', 0, 'filters', 'priority'],
      ['9'],
      'subscriptions[0].filters.priority[0]: must be 1-5 or min, low, default, high, urgent',
    ],
    [
      ['subscriptions', 0, 'filters', 'tags'],
      ['a,b'],
      'subscriptions[0].filters.tags[0]: must be non-empty, without commas or spaces around',
    ],
    [['subscriptions', 0, 'filters'], undefined, 'subscriptions[0].filters: is required'],
    [['servers', 0, 'auth', 'user'], 'al:ice', 'servers[0].auth.user: must not contain ":"'],
    [['servers', 0, 'auth', 'kind'], 'oauth', 'servers[0].auth.kind: must be one of none, basic, token'],
    [['servers', 1, 'auth', 'user'], 'bob', 'servers[1].auth.user: is only used with kind basic'],
    [['servers', 0, 'url'], 'https://alice@ntfy.example.com', 'servers[0].url: must not contain credentials'],
    [['defaultServer'], 42, 'defaultServer: must be a string'],
    [['servers'], {}, 'servers: must be a list'],
    [['version'], 1, `version: must be ${SETTINGS_VERSION}`],
    [['subscriptions', 1, 'transport'], 'raw', `subscriptions[1].transport: ${rawTransportRefused()}`],
    [['surprise'], true, 'surprise: is not a known setting'],
  ])('%j = %j → %s', (path, value, expected) => {
    expect(issuesOf(withValue(path, value))).toEqual([expected]);
  });

  it('refuses duplicate subscription ids and duplicate servers (after normalization)', () => {
    const document = withValue(['subscriptions', 2, 'id'], 'a1');
    (document['servers'] as unknown[]).push({ url: 'https://NTFY.example.com/', auth: { kind: 'none' } });
    expect(issuesOf(document)).toEqual([
      'servers[3].url: duplicates servers[0].url',
      'subscriptions[2].id: duplicates subscriptions[0].id',
    ]);
  });

  it('returns normalized server URLs', () => {
    const document = withValue(['servers', 0, 'url'], 'https://NTFY.Example.com/');
    (document['subscriptions'] as Record<string, unknown>[])[0] = {
      ...(document['subscriptions'] as Record<string, unknown>[])[0],
      server: 'https://ntfy.example.com/#x',
    };
    document['defaultServer'] = 'https://ntfy.sh/';
    const result = validateSettings(document);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.settings.servers[0]?.url).toBe('https://ntfy.example.com');
    expect(result.settings.subscriptions[0]?.server).toBe('https://ntfy.example.com');
    expect(result.settings.defaultServer).toBe('https://ntfy.sh');
  });

  it('refuses anything that is not a settings object', () => {
    expect(issuesOf(null)).toEqual(['(document): must be an object']);
    expect(issuesOf([])).toEqual(['(document): must be an object']);
    expect(issuesOf({})).toEqual([
      `version: must be ${SETTINGS_VERSION}`,
      'servers: is required',
      'subscriptions: is required',
      'defaultServer: is required',
      'preferences: is required',
    ]);
  });

  describe('no secret ever goes into settings', () => {
    it.each([
      [['password'], 'password'],
      [['servers', 0, 'password'], 'servers[0].password'],
      [['servers', 1, 'auth', 'token'], 'servers[1].auth.token'],
      [['servers', 0, 'auth', 'password'], 'servers[0].auth.password'],
      [['subscriptions', 0, 'accessToken'], 'subscriptions[0].accessToken'],
      [['preferences', 'apiSecret'], 'preferences.apiSecret'],
    ])('refuses a %j key', (path, where) => {
      const issues = issuesOf(withValue(path, 'hunter2-secret-value'));
      expect(issues).toEqual([`${where}: secrets are never stored in settings (they belong in the OS keychain)`]);
      expect(issues.join('\n')).not.toContain('hunter2');
    });

    it('has no secret-named key of its own, so the refusal above never hits a real setting', () => {
      const keys: string[] = [];
      const collect = (value: unknown): void => {
        if (Array.isArray(value)) value.forEach(collect);
        else if (typeof value === 'object' && value !== null) {
          for (const [key, item] of Object.entries(value)) {
            keys.push(key);
            collect(item);
          }
        }
      };
      collect(fullDocument());
      expect(keys.length).toBeGreaterThan(30);
      expect(keys.filter(isSecretKey)).toEqual([]);
    });
  });

  it('never quotes the offending value in a message', () => {
    const issues = issuesOf(withValue(['subscriptions', 0, 'topic'], 'leaky value'));
    expect(issues.join('\n')).not.toContain('leaky');
  });
});

describe('validateSettings: the account sync state (version 5)', () => {
  const account = {
    server: 'https://ntfy.example.com',
    user: 'alice',
    lastSyncAt: 1_700_000_000_000,
    synced: [{ server: 'https://ntfy.example.com', topic: 'alerts', displayName: 'Alerts' }],
    localChanges: [{ server: 'https://ntfy.sh', topic: 'builds', changedAt: 1_700_000_100_000, removed: true }],
  };

  it('keeps a signed-in account with what the last sync saw and the local changes since', () => {
    const document = { ...fullDocument(), account };
    const result = validateSettings(document);
    expect(result.ok && result.settings).toEqual(document);
  });

  it('reports a bad entry with its path and refuses unknown keys there', () => {
    const bad = {
      ...account,
      synced: [{ server: 'https://ntfy.example.com', topic: 'no spaces' }],
      localChanges: [{ server: 'https://ntfy.sh', topic: 'builds', changedAt: -1, removed: true, extra: 1 }],
    };
    expect(issuesOf({ ...fullDocument(), account: bad })).toEqual([
      'account.synced[0].topic: must be 1-64 characters of A-Z a-z 0-9 _ -',
      'account.localChanges[0].extra: is not a known setting',
      'account.localChanges[0].changedAt: must be a whole number from 0 to 253402300799999',
    ]);
  });
});
