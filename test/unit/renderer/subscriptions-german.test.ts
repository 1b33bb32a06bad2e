/**
 * The Subscriptions view's words in German (issue 14 §3): connection status with its countdown, the account's
 * limits with plurals and German number formats, a sync's outcome, and the transport names. The English wording
 * is asserted next to each function (account-words.test.ts, connection-status.test.ts, …).
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { setLocale } from '../../../common/i18n/translate.ts';
import {
  limitWords,
  reservationWords,
  syncNoteWords,
  syncOutcomeWords,
  syncTimeWords,
} from '../../../renderer/subscriptions/account-words.ts';
import { describeStatus, describeTestResult } from '../../../renderer/subscriptions/connection-status.ts';
import { emptyEntry, untestableEntry } from '../../../renderer/subscriptions/credentials.ts';
import { transportName } from '../../../renderer/subscriptions/subscription-draft.ts';

beforeEach(() => {
  setLocale(['de-DE']);
});
afterEach(() => {
  setLocale(['en-US']);
});

describe('the Subscriptions view in German', () => {
  it('counts down to the next connection attempt and names each state', () => {
    const status = { kind: 'reconnecting', nextAttemptAt: 20_000, reason: 'x' } as const;
    expect(describeStatus(status, 8_000).label).toBe('Neuer Verbindungsversuch in 12 s');
    expect(describeStatus(status, 20_000).label).toBe('Neuer Verbindungsversuch läuft');
    expect(describeStatus({ kind: 'connected' }, 0).label).toBe('Verbunden');
    expect(describeStatus({ kind: 'no-permission', anonymous: false }, 0)).toMatchObject({
      label: 'Keine Berechtigung',
      detail:
        'Mit diesen Zugangsdaten darf dieses Thema nicht gelesen werden; geben Sie die Zugangsdaten eines Kontos ein, das es lesen darf.',
    });
    expect(describeStatus({ kind: 'no-permission', anonymous: true }, 0).detail).toBe(
      'Ohne Anmeldung darf dieses Thema nicht gelesen werden; geben Sie die Zugangsdaten eines Kontos ein, das es lesen darf.',
    );
    expect(describeTestResult({ outcome: 'wrong-credentials', detail: 'HTTP 401' }, 'https://ntfy.sh').label).toBe(
      'Zugangsdaten nicht akzeptiert',
    );
  });

  it('says the account limits with German plurals and digit grouping', () => {
    expect(limitWords({ messages: 17280, reservations: 3, attachment_file_size: 1_500_000 })).toEqual([
      '17.280 Nachrichten pro Tag',
      '3 reservierte Themen',
      'Anhänge bis je 1,5 MB',
    ]);
    expect(limitWords({ messages: 1, reservations: 1, attachment_file_size: 0 })).toEqual([
      '1 Nachricht pro Tag',
      '1 reserviertes Thema',
      'keine Anhänge',
    ]);
    expect(limitWords({ reservations: 0 })).toEqual(['keine reservierten Themen']);
  });

  it('says what a sync did, counting in the singular and plural', () => {
    const entry = { server: 'https://ntfy.example.com', topic: 'deploys', displayName: 'Deploys' };
    expect(
      syncOutcomeWords({ ok: true, at: 0, notes: [{ kind: 'added-here', entry }], sentToServer: 1234, skipped: 0 }),
    ).toBe('Synchronisiert: 1 Änderung hier, 1.234 Änderungen an das Konto gesendet.');
    expect(syncOutcomeWords({ ok: true, at: 0, notes: [], sentToServer: 0, skipped: 0 })).toBe(
      'Synchronisiert: hier nichts geändert, nichts zu senden.',
    );
    expect(syncNoteWords({ kind: 'added-here', entry })).toBe('„Deploys“ (deploys) aus dem Konto hinzugefügt.');
    expect(reservationWords({ topic: 'news', everyone: 'read-only' })).toBe('alle dürfen lesen');
  });

  it('writes the last sync time as the German locale does', () => {
    const at = new Date(2026, 2, 5, 14, 7).getTime();
    expect(syncTimeWords(at)).toBe('05.03.2026, 14:07');
  });

  it('names the transports and what is missing before a test', () => {
    expect(transportName('sse')).toBe('Server-Sent Events');
    expect(untestableEntry({ ...emptyEntry('basic'), user: 'alice' })).toBe('Bitte geben Sie das Passwort ein');
  });
});
