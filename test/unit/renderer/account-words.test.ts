/**
 * The ntfy account in words (renderer/subscriptions/account-words.ts): reservations, limits and what a sync
 * changed, as the Subscriptions view shows them: English in en-US (the default before setLocale), then German.
 */
import { describe, expect, it } from 'vitest';
import type { AccountSyncNoteDto } from '../../../common/ipc.ts';
import {
  limitWords,
  reservationWords,
  serverHost,
  syncNoteWords,
  syncOutcomeWords,
} from '../../../renderer/subscriptions/account-words.ts';

const S = 'https://ntfy.example.com';

describe('serverHost', () => {
  it('names the host (with its port) of a URL', () => {
    expect(serverHost(S)).toBe('ntfy.example.com');
    expect(serverHost('http://127.0.0.1:8080')).toBe('127.0.0.1:8080');
  });
  it('shows anything else as it is', () => {
    expect(serverHost('not a url')).toBe('not a url');
  });
});

describe('reservationWords', () => {
  it.each([
    ['read-write', 'everyone can read and write'],
    ['read-only', 'everyone can read'],
    ['write-only', 'everyone can write'],
    ['deny-all', 'only you'],
    ['something-new', 'everyone: something-new'],
  ])('%s → %s', (everyone, words) => {
    expect(reservationWords({ topic: 'news', everyone })).toBe(words);
  });
});

describe('limitWords', () => {
  it('says messages a day, reservations and the attachment size in plain words', () => {
    expect(limitWords({ basis: 'tier', messages: 17280, reservations: 3, attachment_file_size: 15_000_000 })).toEqual([
      '17,280 messages a day',
      '3 reserved topics',
      'attachments up to 15 MB each',
    ]);
  });
  it('says none where a limit is zero, and one in the singular', () => {
    expect(limitWords({ messages: 1, reservations: 0, attachment_file_size: 0 })).toEqual([
      '1 message a day',
      'no reserved topics',
      'no attachments',
    ]);
    expect(limitWords({ reservations: 1, attachment_file_size: 500_000 })).toEqual([
      '1 reserved topic',
      'attachments up to 500 kB each',
    ]);
  });
  it('leaves out what the server did not send', () => {
    expect(limitWords({ basis: 'ip' })).toEqual([]);
  });
});

describe('syncNoteWords', () => {
  const entry = { server: S, topic: 'deploys', displayName: 'Deploys' };
  const rows: [AccountSyncNoteDto, string][] = [
    [{ kind: 'added-here', entry }, 'Added “Deploys” (deploys) from the account.'],
    [{ kind: 'renamed-here', entry }, 'Renamed deploys to “Deploys”, as on the account.'],
    [
      { kind: 'renamed-here', entry: { server: S, topic: 'deploys' } },
      'Removed the name of deploys, as on the account.',
    ],
    [{ kind: 'removed-here', entry }, 'Removed deploys: it was removed from the account.'],
    [
      { kind: 'kept-removed-on-server', entry },
      'Kept “Deploys” (deploys): it was removed from the account but changed here since, so it was put back.',
    ],
    [
      { kind: 'kept-removed-here', entry: { server: S, topic: 'deploys' } },
      'Kept deploys: it was removed here but changed on the account since.',
    ],
    [
      { kind: 'rename-conflict', entry, winner: 'this-device', lostName: 'Builds' },
      "deploys was renamed here and on the account; kept this device's name “Deploys”, not “Builds”.",
    ],
    [
      { kind: 'rename-conflict', entry: { server: S, topic: 'deploys' }, winner: 'server', lostName: 'Builds' },
      "deploys was renamed here and on the account; kept the account's name (none), not “Builds”.",
    ],
  ];
  it.each(rows)('%j', (note, words) => {
    expect(syncNoteWords(note)).toBe(words);
  });
});

describe('syncOutcomeWords', () => {
  it('counts the changes here (not conflicts) and those sent to the account', () => {
    const entry = { server: S, topic: 'a' };
    expect(
      syncOutcomeWords({
        ok: true,
        at: 0,
        notes: [
          { kind: 'added-here', entry },
          { kind: 'rename-conflict', entry, winner: 'server' },
        ],
        sentToServer: 2,
        skipped: 0,
      }),
    ).toBe('Synced: 1 change here, 2 changes sent to the account.');
    expect(syncOutcomeWords({ ok: true, at: 0, notes: [], sentToServer: 0, skipped: 0 })).toBe(
      'Synced: nothing changed here, nothing to send.',
    );
  });
  it('says a failed sync with its reason', () => {
    expect(syncOutcomeWords({ ok: false, reason: 'unreachable', message: 'the server did not answer' })).toBe(
      'Sync failed: the server did not answer',
    );
  });
});
