/**
 * A settings file from a newer ntfy-tray is never rewritten or moved aside, by the store (the app, login) or by the
 * read-only reader (subscribe, publish); and the reader never changes anything on disk, whatever it finds.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  openConfSettingsStore,
  readConfSettings,
  settingsFilePath,
} from '../../../../main/core/store/settings/conf-settings-store.ts';
import { openSettingsStore } from '../../../../main/core/store/settings/open-settings-store.ts';
import { defaultSettings, SETTINGS_VERSION, type Settings } from '../../../../main/core/store/settings/schema.ts';
import { moveSettingsFileAside } from '../../../../main/core/store/settings/settings-file.ts';
import { createRecordingLogger, type RecordingLogger } from '../../../fakes/logger.ts';

const NEWER = SETTINGS_VERSION + 1;
const SERVER = 'https://ntfy.example.com';

let dir: string;
let log: RecordingLogger;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'ntfy-tray-settings-newer-'));
  log = createRecordingLogger();
});

afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

const path = (): string => settingsFilePath(dir);

/** What this version knows of the newer file below. */
const KNOWN: Settings = {
  ...defaultSettings(),
  defaultServer: SERVER,
  servers: [{ url: SERVER, auth: { kind: 'basic', user: 'alice' } }],
  subscriptions: [
    { id: 'a', server: SERVER, topic: 'alerts', transport: 'json', filters: {}, muted: false, minPriority: 1 },
  ],
  preferences: { ...defaultSettings().preferences, theme: 'dark' },
};

/** As a newer version might write it: this version's fields plus keys it added, in its own formatting. */
const NEWER_TEXT = `${JSON.stringify(
  {
    ...KNOWN,
    version: NEWER,
    subscriptions: KNOWN.subscriptions.map((item) => ({ ...item, colour: 'teal' })),
    preferences: { ...KNOWN.preferences, compactList: true },
    profiles: [{ name: 'work' }],
  },
  null,
  4,
)}\n`;

/** A newer file whose known fields this version cannot read: a transport it does not have. */
const UNREADABLE_TEXT = JSON.stringify({
  ...KNOWN,
  version: NEWER,
  subscriptions: [{ ...KNOWN.subscriptions[0], transport: 'quic' }],
});

const REFUSAL =
  `the settings file ${settingsFilePath('DIR')} was written by a newer ntfy-tray (settings version ${NEWER}; ` +
  `this one reads up to ${SETTINGS_VERSION}): update ntfy-tray to change settings. The file was left as it is.`;

function refusal(): string {
  return REFUSAL.replace(settingsFilePath('DIR'), path());
}

function expectUntouched(text: string): void {
  expect(readFileSync(path(), 'utf8')).toBe(text);
  expect(readdirSync(dir)).toEqual(['config.json']);
}

describe('a settings file from a newer version, opened to write (the app, login)', () => {
  it('uses the fields this version knows and leaves the file byte for byte, with no backup', () => {
    writeFileSync(path(), NEWER_TEXT);

    const store = openConfSettingsStore({ dir, log });

    expect(store.loadReport).toEqual({ kind: 'newer', version: NEWER, issues: [] });
    expect(store.get()).toEqual(KNOWN);
    expectUntouched(NEWER_TEXT);
    expect(log.entries.map((entry) => `${entry.level} ${entry.message}`)).toEqual([
      `warn the settings file ${path()} was written by a newer ntfy-tray (settings version ${NEWER}; this one ` +
        `reads up to ${SETTINGS_VERSION}): using the settings this version knows, and leaving the file as it is`,
    ]);
  });

  it('refuses every change with a sentence that says to update, writing and announcing nothing', async () => {
    writeFileSync(path(), NEWER_TEXT);
    const store = openConfSettingsStore({ dir, log });
    const changes: unknown[] = [];
    store.onChange((next) => changes.push(next));

    const patched = await store.update({ preferences: { theme: 'light' } });
    const mutated = await store.update((current) => ({ ...current, subscriptions: [] }));

    const refused = { ok: false, issues: [{ path: 'version', message: refusal() }] };
    expect(patched).toEqual(refused);
    expect(mutated).toEqual(refused);
    expect(store.get()).toEqual(KNOWN);
    expect(changes).toEqual([]);
    expectUntouched(NEWER_TEXT);
  });

  it('never hands the file to the adapter (conf), which could rewrite it', () => {
    writeFileSync(path(), NEWER_TEXT);
    let opened = 0;

    const store = openSettingsStore({
      path: path(),
      log,
      openFile: () => {
        opened++;
        return { path: path(), write: () => undefined };
      },
    });

    expect(store.loadReport.kind).toBe('newer');
    expect(opened).toBe(0);
  });

  it('uses the defaults when the known fields are not valid, says which, and still leaves the file alone', async () => {
    writeFileSync(path(), UNREADABLE_TEXT);

    const store = openConfSettingsStore({ dir, log });

    expect(store.loadReport).toMatchObject({
      kind: 'newer',
      version: NEWER,
      issues: [{ path: 'subscriptions[0].transport' }],
    });
    expect(store.get()).toEqual(defaultSettings());
    expect(log.entries).toHaveLength(1);
    expect(log.entries[0]?.message).toContain('this version cannot read its settings (subscriptions[0].transport:');
    expect(log.entries[0]?.message).toContain('using the defaults, and leaving the file as it is');
    expect(await store.update({ preferences: { theme: 'light' } })).toMatchObject({ ok: false });
    expectUntouched(UNREADABLE_TEXT);
  });

  it('still refuses a secret-named key, and keeps its value out of the log', () => {
    const text = JSON.stringify({ ...KNOWN, version: NEWER, servers: [{ ...KNOWN.servers[0], password: 'hunter2' }] });
    writeFileSync(path(), text);

    const store = openConfSettingsStore({ dir, log });

    expect(store.get()).toEqual(defaultSettings());
    expect(JSON.stringify(log.entries)).toContain('servers[0].password: secrets are never stored in settings');
    expect(JSON.stringify(log.entries)).not.toContain('hunter2');
    expectUntouched(text);
  });

  it('is never moved aside, even by a caller that asks', () => {
    writeFileSync(path(), NEWER_TEXT);
    expect(() => moveSettingsFileAside(path(), 'newer-version', Date.now())).toThrow(/newer version/);
    expectUntouched(NEWER_TEXT);
  });
});

describe('settings opened read-only (subscribe, publish)', () => {
  it('read the known fields of a newer file and leave it byte for byte', () => {
    writeFileSync(path(), NEWER_TEXT);

    const settings = readConfSettings({ dir, log });

    expect(settings.loadReport).toEqual({ kind: 'newer', version: NEWER, issues: [] });
    expect(settings.get()).toEqual(KNOWN);
    expect(Object.isFrozen(settings.get().servers)).toBe(true);
    expectUntouched(NEWER_TEXT);
  });

  it('create nothing when there is no file, not even the folder', () => {
    const missing = join(dir, 'not-yet');

    const settings = readConfSettings({ dir: missing, log });

    expect(settings.loadReport).toEqual({ kind: 'missing' });
    expect(settings.get()).toEqual(defaultSettings());
    expect(readdirSync(dir)).toEqual([]);
  });

  it('leave an unusable file where it is, use the defaults and say so', () => {
    writeFileSync(path(), '{"version": 2, "servers": [');

    const settings = readConfSettings({ dir, log });

    expect(settings.loadReport).toMatchObject({ kind: 'unusable', problem: { kind: 'not-json' } });
    expect(settings.get()).toEqual(defaultSettings());
    expectUntouched('{"version": 2, "servers": [');
    expect(log.entries.map((entry) => entry.level)).toEqual(['warn']);
    expect(log.entries[0]?.message).toContain(`the settings file ${path()} cannot be used (not valid JSON`);
  });

  it('upgrade an older file in memory only', () => {
    const v4 = JSON.stringify({ ...KNOWN, version: 4 });
    writeFileSync(path(), v4);

    const settings = readConfSettings({ dir, log });

    expect(settings.loadReport).toEqual({ kind: 'migrated', fromVersion: 4 });
    expect(settings.get()).toEqual(KNOWN);
    expectUntouched(v4);
  });

  it('do not rewrite a current file that is not in normalized form', () => {
    const text = JSON.stringify({ ...KNOWN, defaultServer: 'https://NTFY.example.com/' });
    writeFileSync(path(), text);

    expect(readConfSettings({ dir, log }).get().defaultServer).toBe(SERVER);
    expectUntouched(text);
  });
});
