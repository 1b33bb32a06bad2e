/**
 * The import report in German: its counts are plural messages and its numbers are formatted for the locale, so a
 * report read in German is not English words around German numbers. A file refused as a whole is told in German
 * too (the problems of single items, with the core's refusals, are in import-subscriptions.test.ts).
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { setLocale } from '../../../common/i18n/translate.ts';
import { describeImport, type ImportReport } from '../../../renderer/settings/import-subscriptions.ts';
import { describePause } from '../../../renderer/settings/pause-words.ts';
import { parseSubscriptionsJson } from '../../../renderer/settings/subscriptions-json-import.ts';
import { errorOf } from '../../support/import-plans.ts';

const nothing: ImportReport = {
  imported: 0,
  skipped: 0,
  failures: [],
  rawAsJson: 0,
};

describe('the settings in German', () => {
  beforeEach(() => {
    setLocale(['de-DE']);
  });
  afterEach(() => {
    setLocale(['en-US']);
  });

  it('reports an import with German plurals and German digit grouping', () => {
    const report: ImportReport = {
      ...nothing,
      imported: 1234,
      skipped: 1,
      failures: [{ label: 'Eintrag 2 (alerts)', message: 'Thema ist zu lang' }],
      rawAsJson: 3,
    };
    expect(describeImport(report)).toEqual([
      '1.234 importiert, 1 übersprungen (bereits abonniert), 1 fehlgeschlagen: Eintrag 2 (alerts): Thema ist zu lang',
      '3 Abonnements nutzen den JSON-Stream statt Rohtext, den ntfy Tray nicht mehr anbietet (dieselben Nachrichten, mit Titeln, Prioritäten und Nachholen).',
    ]);
  });

  it('says in German why a whole subscriptions file is refused, keys and values as the file writes them', () => {
    expect(errorOf(parseSubscriptionsJson('[]'))).toBe(
      'ist keine ntfy-Tray-Abonnementdatei (kein "format": "ntfy-tray-subscriptions")',
    );
    // A format version is the file's, not a number to group: 1000, never 1.000.
    expect(
      errorOf(parseSubscriptionsJson('{"format": "ntfy-tray-subscriptions", "version": 1000, "subscriptions": []}')),
    ).toBe('wurde von einer neueren Version von ntfy Tray geschrieben (Formatversion 1000)');
    expect(errorOf(parseSubscriptionsJson('{"format": "ntfy-tray-subscriptions", "subscriptions": []}'))).toBe(
      'nennt keine Formatversion',
    );
    expect(errorOf(parseSubscriptionsJson('{"format": "ntfy-tray-subscriptions", "version": 1}'))).toBe(
      'hat keine „subscriptions“-Liste',
    );
  });

  it('says a pause and its end time in German', () => {
    const now = new Date(2026, 0, 10, 12, 0).getTime();
    expect(describePause(undefined, now)).toBe('Benachrichtigungen sind nicht pausiert');
    expect(describePause(null, now)).toBe('Pausiert bis zur Fortsetzung');
    expect(describePause(new Date(2026, 0, 10, 19, 43).getTime(), now)).toBe('Pausiert bis 19:43');
  });
});
