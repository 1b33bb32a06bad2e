import { describe, expect, it } from 'vitest';
import { parseSettingsText, usableSettings } from '../../../../../main/core/store/settings/parse.ts';
import { defaultSettings, SETTINGS_VERSION } from '../../../../../main/core/store/settings/schema.ts';

const json = (value: unknown): string => JSON.stringify(value, null, 2);

describe('parseSettingsText', () => {
  it('reads a current file as it is', () => {
    expect(parseSettingsText(json(defaultSettings()))).toEqual({
      ok: true,
      settings: defaultSettings(),
      fromVersion: SETTINGS_VERSION,
      needsWrite: false,
    });
  });

  it('skips a byte order mark that an editor saved', () => {
    expect(parseSettingsText(`\uFEFF${json(defaultSettings())}`).ok).toBe(true);
  });

  it('asks for a write when it migrated or normalized the file', () => {
    const v1 = { version: 1, defaultServer: 'https://ntfy.sh', servers: [], subscriptions: [], notifications: true };
    expect(parseSettingsText(json(v1))).toMatchObject({ ok: true, fromVersion: 1, needsWrite: true });
    expect(parseSettingsText(json({ ...defaultSettings(), defaultServer: 'https://NTFY.sh/' }))).toMatchObject({
      ok: true,
      needsWrite: true,
    });
  });

  it('says where JSON is broken without quoting the text around it', () => {
    const result = parseSettingsText('{"servers": [{"url": "x", "password": "hunter2" ');
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.problem.kind).toBe('not-json');
    expect(result.problem.message).toMatch(/^not valid JSON/);
    expect(result.problem.message).not.toContain('hunter2');
  });

  it.each([
    ['[]', 'not-an-object'],
    ['"settings"', 'not-an-object'],
    ['{"version": 99}', 'newer-version'],
    ['{"servers": []}', 'no-version'],
    ['{"version": 2}', 'invalid'],
  ])('%s → %s', (text, kind) => {
    expect(parseSettingsText(text)).toMatchObject({ ok: false, problem: { kind } });
  });

  it('reads what it knows of a newer file, ignoring unknown keys, but never calls it usable as is', () => {
    const newer = { ...defaultSettings(), version: SETTINGS_VERSION + 1, defaultServer: 'https://x.test', extra: 1 };
    const parsed = parseSettingsText(json(newer));
    expect(parsed).toMatchObject({
      ok: false,
      problem: { kind: 'newer-version' },
      newer: { version: SETTINGS_VERSION + 1 },
    });
    expect(usableSettings(parsed)).toEqual({ ...defaultSettings(), defaultServer: 'https://x.test' });

    const unreadable = parseSettingsText(json({ ...newer, servers: 'all of them' }));
    expect(unreadable).toMatchObject({ newer: { known: { ok: false, issues: [{ path: 'servers' }] } } });
    expect(usableSettings(unreadable)).toBeUndefined();
  });

  it('lists the first issues and counts the rest', () => {
    const result = parseSettingsText('{"version": 2, "a": 1, "b": 2, "c": 3}');
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.problem.issues).toHaveLength(7);
    expect(result.problem.message).toBe(
      '7 invalid setting(s): a: is not a known setting; b: is not a known setting; c: is not a known setting; ' +
        'servers: is required; subscriptions: is required; and 2 more',
    );
  });
});
