import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openConfSettingsStore, settingsFilePath } from '../../../../main/core/store/settings/conf-settings-store.ts';
import { upsertSubscription } from '../../../../main/core/store/settings/edits.ts';
import {
  defaultSettings,
  SETTINGS_VERSION,
  type SubscriptionSettings,
} from '../../../../main/core/store/settings/schema.ts';
import { SettingsFileError } from '../../../../main/core/store/settings/settings-file.ts';
import type { SettingsStore } from '../../../../main/core/store/settings/settings-store.ts';
import { createRecordingLogger, type RecordingLogger } from '../../../fakes/logger.ts';

// 2023-11-14T22:13:20.000Z: backups are named after it.
const NOW = 1_700_000_000_000;
const STAMP = '2023-11-14T22-13-20-000Z';

let dir: string;
let log: RecordingLogger;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'ntfy-tray-settings-'));
  log = createRecordingLogger();
});

afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

const open = (): SettingsStore => openConfSettingsStore({ dir, log, now: () => NOW });
const path = (): string => settingsFilePath(dir);
const readJson = (file: string): unknown => JSON.parse(readFileSync(file, 'utf8'));

function subscription(id: string): SubscriptionSettings {
  return {
    id,
    server: 'https://ntfy.sh',
    topic: `topic-${id}`,
    transport: 'json',
    filters: {},
    muted: false,
    minPriority: 1,
  };
}

/** A promise and its resolve function, to hold a mutator open while another update is queued. */
function deferred(): { promise: Promise<void>; resolve: () => void } {
  let resolve: () => void = () => undefined;
  const promise = new Promise<void>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

describe('settings store (conf)', () => {
  it('creates config.json with defaults, readable by the user only', () => {
    const store = open();
    expect(store.path).toBe(join(dir, 'config.json'));
    expect(store.loadReport).toEqual({ kind: 'created' });
    expect(store.get()).toEqual(defaultSettings());
    expect(readJson(path())).toEqual(defaultSettings());
    if (process.platform !== 'win32') expect(statSync(path()).mode & 0o777).toBe(0o600);
  });

  it('creates the folder when it is missing', () => {
    dir = join(dir, 'nested', 'data');
    expect(open().get()).toEqual(defaultSettings());
    expect(readJson(path())).toEqual(defaultSettings());
  });

  it('persists updates (patch or mutator) and reads them back after a restart', async () => {
    const store = open();
    expect(await store.update({ preferences: { theme: 'dark', quietHours: { enabled: true } } })).toMatchObject({
      ok: true,
      changed: true,
    });
    await store.update((current) => upsertSubscription(current, subscription('a')));

    const reopened = open();
    expect(reopened.loadReport).toEqual({ kind: 'loaded' });
    expect(reopened.get()).toEqual(store.get());
    expect(reopened.get().preferences.theme).toBe('dark');
    expect(reopened.get().preferences.quietHours.enabled).toBe(true);
    expect(reopened.get().subscriptions).toEqual([subscription('a')]);
  });

  it('hands out frozen settings', () => {
    const settings = open().get();
    expect(Object.isFrozen(settings)).toBe(true);
    expect(Object.isFrozen(settings.preferences.quietHours)).toBe(true);
  });

  it('refuses an invalid update with typed issues, writing and announcing nothing', async () => {
    const store = open();
    const before = readFileSync(path(), 'utf8');
    const changes: unknown[] = [];
    store.onChange((next) => changes.push(next));

    const result = await store.update((current) => upsertSubscription(current, { ...subscription('a'), topic: 'a b' }));

    expect(result).toEqual({
      ok: false,
      issues: [{ path: 'subscriptions[0].topic', message: 'must be 1-64 characters of A-Z a-z 0-9 _ -' }],
    });
    expect(store.get()).toEqual(defaultSettings());
    expect(readFileSync(path(), 'utf8')).toBe(before);
    expect(changes).toEqual([]);
  });

  it('stores server URLs normalized', async () => {
    const store = open();
    await store.update({ servers: [{ url: 'https://NTFY.example.com/', auth: { kind: 'basic', user: 'alice' } }] });
    expect(store.get().servers).toEqual([{ url: 'https://ntfy.example.com', auth: { kind: 'basic', user: 'alice' } }]);
    expect(readJson(path())).toMatchObject({ servers: [{ url: 'https://ntfy.example.com' }] });
  });

  it('tells listeners about changes (not about no-ops) until they unsubscribe', async () => {
    const store = open();
    const seen: string[] = [];
    const unsubscribe = store.onChange((next, previous) => {
      seen.push(`${previous.preferences.theme}→${next.preferences.theme}`);
    });

    await store.update({ preferences: { theme: 'light' } });
    expect(await store.update({ preferences: { theme: 'light' } })).toMatchObject({ ok: true, changed: false });
    unsubscribe();
    await store.update({ preferences: { theme: 'dark' } });

    expect(seen).toEqual(['system→light']);
  });

  it('keeps notifying the other listeners when one throws, and logs the failure', async () => {
    const store = open();
    let heard = 0;
    store.onChange(() => {
      throw new Error('listener bug');
    });
    store.onChange(() => {
      heard++;
    });

    await store.update({ preferences: { sounds: false } });

    expect(heard).toBe(1);
    expect(log.entries).toContainEqual(
      expect.objectContaining({ level: 'error', message: 'settings listener failed' }),
    );
  });

  it('serializes racing updates: each one starts from the result of the one before', async () => {
    const store = open();
    const gate = deferred();
    const seenBySecond: string[] = [];

    const first = store.update(async (current) => {
      await gate.promise; // still running when the second update is requested
      return upsertSubscription(current, subscription('first'));
    });
    const second = store.update((current) => {
      seenBySecond.push(...current.subscriptions.map((item) => item.id));
      return upsertSubscription(current, subscription('second'));
    });
    gate.resolve();
    await Promise.all([first, second]);

    expect(seenBySecond).toEqual(['first']);
    expect(store.get().subscriptions.map((item) => item.id)).toEqual(['first', 'second']);
    expect(
      open()
        .get()
        .subscriptions.map((item) => item.id),
    ).toEqual(['first', 'second']);
  });

  it('rejects only the update whose mutator throws; the ones queued behind it still run', async () => {
    const store = open();
    const failing = store.update(() => {
      throw new Error('mutator bug');
    });
    const next = store.update((current) => upsertSubscription(current, subscription('after')));
    await expect(failing).rejects.toThrow('mutator bug');
    expect(await next).toMatchObject({ ok: true, changed: true });
    expect(store.get().subscriptions.map((item) => item.id)).toEqual(['after']);
  });

  it('loses none of many concurrent updates', async () => {
    const store = open();
    const ids = Array.from({ length: 25 }, (_, index) => `s${index}`);
    await Promise.all(ids.map((id) => store.update((current) => upsertSubscription(current, subscription(id)))));
    expect(
      open()
        .get()
        .subscriptions.map((item) => item.id),
    ).toEqual(ids);
  });

  it('rejects a failed write with SettingsFileError, keeps the settings as they were, and recovers', async () => {
    const store = open();
    // A non-empty directory where the file should be: the atomic rename onto it fails, even for root.
    rmSync(path());
    mkdirSync(path());
    writeFileSync(join(path(), 'blocker'), '');

    await expect(store.update({ preferences: { theme: 'dark' } })).rejects.toBeInstanceOf(SettingsFileError);
    expect(store.get().preferences.theme).toBe('system');
    expect(log.entries).toContainEqual(expect.objectContaining({ level: 'error', message: 'settings not saved' }));

    rmSync(path(), { recursive: true });
    expect(await store.update({ preferences: { theme: 'dark' } })).toMatchObject({ ok: true, changed: true });
    expect(readJson(path())).toMatchObject({ preferences: { theme: 'dark' } });
  });

  it('upgrades a version 1 file on load and writes it back as version 2', () => {
    const v1 = {
      version: 1,
      defaultServer: 'https://ntfy.sh',
      servers: [{ url: 'https://ntfy.example.com', username: 'alice' }],
      subscriptions: [{ ...subscription('a'), server: 'https://ntfy.example.com' }],
      notifications: false,
    };
    writeFileSync(path(), JSON.stringify(v1));

    const store = open();

    expect(store.loadReport).toEqual({ kind: 'migrated', fromVersion: 1 });
    const expected = {
      ...defaultSettings(),
      servers: [{ url: 'https://ntfy.example.com', auth: { kind: 'basic', user: 'alice' } }],
      subscriptions: [{ ...subscription('a'), server: 'https://ntfy.example.com' }],
      preferences: { ...defaultSettings().preferences, notificationsEnabled: false },
    };
    expect(store.get()).toEqual(expected);
    expect(readJson(path())).toEqual(expected);
    expect(log.entries.map((entry) => `${entry.level} ${entry.message}`)).toEqual([
      `info settings upgraded from version 1 to ${SETTINGS_VERSION}`,
    ]);
    expect(open().loadReport).toEqual({ kind: 'loaded' });
  });

  it('rewrites a file whose URLs are not in normalized form', () => {
    writeFileSync(path(), JSON.stringify({ ...defaultSettings(), defaultServer: 'https://NTFY.sh/' }));
    expect(open().loadReport).toEqual({ kind: 'loaded' });
    expect(readJson(path())).toEqual(defaultSettings());
  });

  describe('an unusable file is moved aside, kept, and replaced by defaults with one log line', () => {
    const badSubscription = { ...subscription('a'), topic: 'not a topic' };
    it.each([
      ['bad JSON', '{"version": 2, "servers": [', 'not-json'],
      ['an empty file', '', 'not-json'],
      ['not an object', '[1, 2, 3]', 'not-an-object'],
      ['no version', JSON.stringify({ servers: [] }), 'no-version'],
      ['failing validation', JSON.stringify({ ...defaultSettings(), subscriptions: [badSubscription] }), 'invalid'],
      // A file from a newer version is never moved aside: settings-newer-version.test.ts.
    ])('%s', (_name, text, kind) => {
      writeFileSync(path(), text);

      const store = open();

      const backupPath = `${path()}.corrupt-${STAMP}`;
      expect(store.loadReport).toMatchObject({ kind: 'reset', backupPath, problem: { kind } });
      expect(store.get()).toEqual(defaultSettings());
      expect(readFileSync(backupPath, 'utf8')).toBe(text);
      expect(readJson(path())).toEqual(defaultSettings());
      expect(log.entries).toHaveLength(1);
      const [entry] = log.entries;
      expect(entry?.level).toBe('warn');
      expect(entry?.message).toContain(`kept it as ${backupPath} and started from defaults`);
      expect(entry?.fields).toEqual({ path: path(), backupPath, problem: kind });
    });

    it('says which setting was wrong', () => {
      writeFileSync(
        path(),
        JSON.stringify({
          ...defaultSettings(),
          subscriptions: [subscription('x'), subscription('y'), badSubscription],
        }),
      );
      open();
      expect(log.entries[0]?.message).toContain('subscriptions[2].topic: must be 1-64 characters of A-Z a-z 0-9 _ -');
    });

    it('never overwrites an earlier backup', () => {
      writeFileSync(path(), 'first');
      open();
      writeFileSync(path(), 'second');
      open();
      expect(readdirSync(dir).sort()).toEqual([
        'config.json',
        `config.json.corrupt-${STAMP}`,
        `config.json.corrupt-${STAMP}-2`,
      ]);
      expect(readFileSync(`${path()}.corrupt-${STAMP}-2`, 'utf8')).toBe('second');
    });

    it('keeps a secret found in the file out of the log', () => {
      const settings = {
        ...defaultSettings(),
        servers: [{ url: 'https://x.example.com', auth: { kind: 'none' }, password: 'hunter2-in-file' }],
      };
      writeFileSync(path(), JSON.stringify(settings));
      expect(open().loadReport.kind).toBe('reset');
      expect(JSON.stringify(log.entries)).toContain('servers[0].password: secrets are never stored in settings');
      expect(JSON.stringify(log.entries)).not.toContain('hunter2');
    });
  });
});
