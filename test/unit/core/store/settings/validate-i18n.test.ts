import { afterEach, describe, expect, it } from 'vitest';
import { setLocale } from '../../../../../common/i18n/translate.ts';
import { defaultSettings } from '../../../../../main/core/store/settings/schema.ts';
import { formatIssue, validateSettings } from '../../../../../main/core/store/settings/validate.ts';

afterEach(() => {
  setLocale(['en-US']);
});

/** The defaults as a file holds them, with one subscription that breaks several rules. */
function documentWithBadSubscription(): Record<string, unknown> {
  const document = JSON.parse(JSON.stringify(defaultSettings())) as Record<string, unknown>;
  document['subscriptions'] = [
    {
      id: 'a1',
      server: 'ftp://example.com',
      topic: 'a b',
      displayName: ' ',
      transport: 'raw',
      filters: { priority: ['loud'], tags: ['a,b'] },
      muted: 'no',
      minPriority: 6,
    },
  ];
  return document;
}

function issuesOf(input: unknown): string[] {
  const result = validateSettings(input);
  return result.ok ? [] : result.issues.map(formatIssue);
}

describe('settings validation in German', () => {
  it('says every problem in German, the paths and the file values as they are', () => {
    setLocale(['de-DE']);
    expect(issuesOf(documentWithBadSubscription())).toEqual([
      'subscriptions[0].displayName: muss 1 bis 100 Zeichen lang und nicht leer sein',
      'subscriptions[0].server: muss eine http- oder https-URL sein',
      'subscriptions[0].topic: muss aus 1–64 Zeichen A-Z a-z 0-9 _ - bestehen',
      'subscriptions[0].transport: raw wird in der App nicht angeboten (ohne Nachrichten-IDs, Titel, Prioritäten und Nachholen); verwenden Sie json, den JSON-Stream desselben Servers',
      'subscriptions[0].filters.priority[0]: muss 1-5 oder min, low, default, high, urgent sein',
      'subscriptions[0].filters.tags[0]: darf nicht leer sein und keine Kommas oder Leerzeichen am Rand enthalten',
      'subscriptions[0].muted: muss true oder false sein',
      'subscriptions[0].minPriority: muss eine ganze Zahl von 1 bis 5 sein',
    ]);
  });

  it('keeps the bounds as the file writes them (no digit grouping) in German', () => {
    setLocale(['de-DE']);
    const document = JSON.parse(JSON.stringify(defaultSettings())) as Record<string, unknown>;
    const preferences = document['preferences'] as Record<string, unknown>;
    preferences['historyRetention'] = { maxAgeDays: 0, maxPerSubscription: 10_000 };
    expect(issuesOf(document)).toEqual([
      'preferences.historyRetention.maxAgeDays: muss eine ganze Zahl von 1 bis 3650 sein',
    ]);
  });
});
