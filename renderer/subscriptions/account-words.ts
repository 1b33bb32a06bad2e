/**
 * The ntfy account in words for the Subscriptions view (AccountSection.tsx): who is signed in where, what everyone
 * else may do with a reserved topic, the account's limits and what a sync changed. Pure, so it is unit-tested.
 * Limit names are ntfy's (`GET /v1/account` → `limits`); words, numbers and times in the active language and locale.
 */
import { activeLocale, formatNumber, t } from '../../common/i18n/translate.ts';
import type { AccountReservationDto, AccountSyncNoteDto, AccountSyncOutcomeDto } from '../../common/ipc.ts';

/** `https://ntfy.example.com` → `ntfy.example.com`; anything that is not a URL as it is. */
export function serverHost(server: string): string {
  try {
    return new URL(server).host;
  } catch {
    // Not a URL (the core normalises them, so this is only a stored oddity): show it as it is.
    return server;
  }
}

/** What everyone else may do with a reserved topic; ntfy's access names come from `GET /v1/account`. */
export function reservationWords(reservation: AccountReservationDto): string {
  switch (reservation.everyone) {
    case 'read-write':
      return t('subscriptions.account.everyone.read-write');
    case 'read-only':
      return t('subscriptions.account.everyone.read-only');
    case 'write-only':
      return t('subscriptions.account.everyone.write-only');
    case 'deny-all':
      return t('subscriptions.account.everyone.deny-all');
    default:
      return t('subscriptions.account.everyone.other', { access: reservation.everyone });
  }
}

/** Bytes as the locale writes megabytes (or kilobytes below one MB). */
function size(bytes: number): string {
  const megabytes = bytes / 1_000_000;
  if (megabytes >= 1) return formatNumber(megabytes, { style: 'unit', unit: 'megabyte', maximumFractionDigits: 1 });
  return formatNumber(bytes / 1000, { style: 'unit', unit: 'kilobyte', maximumFractionDigits: 0 });
}

/** The limits the window shows, in plain words; a limit the server did not send is left out. */
export function limitWords(limits: Readonly<Record<string, number | string>>): string[] {
  const number = (key: string): number | undefined => {
    const value = limits[key];
    return typeof value === 'number' ? value : undefined;
  };
  const words: string[] = [];
  const messages = number('messages');
  if (messages !== undefined) words.push(t('subscriptions.account.limit.messages', { count: messages }));
  const reservations = number('reservations');
  if (reservations !== undefined) {
    words.push(
      reservations === 0
        ? t('subscriptions.account.limit.no-reservations')
        : t('subscriptions.account.limit.reservations', { count: reservations }),
    );
  }
  const attachment = number('attachment_file_size');
  if (attachment !== undefined) {
    words.push(
      attachment === 0
        ? t('subscriptions.account.limit.no-attachments')
        : t('subscriptions.account.limit.attachments', { size: size(attachment) }),
    );
  }
  return words;
}

function named(entry: AccountSyncNoteDto['entry']): string {
  return entry.displayName === undefined
    ? entry.topic
    : t('subscriptions.account.named', { name: entry.displayName, topic: entry.topic });
}

function quotedOrNone(name: string | undefined): string {
  return name === undefined ? t('subscriptions.account.no-name') : t('subscriptions.account.quoted', { name });
}

/** One change a sync made here, or one conflict and how it was settled. */
export function syncNoteWords(note: AccountSyncNoteDto): string {
  const { entry } = note;
  const topic = entry.topic;
  switch (note.kind) {
    case 'added-here':
      return t('subscriptions.account.note.added-here', { entry: named(entry) });
    case 'renamed-here':
      return entry.displayName === undefined
        ? t('subscriptions.account.note.unnamed-here', { topic })
        : t('subscriptions.account.note.renamed-here', { topic, name: entry.displayName });
    case 'removed-here':
      return t('subscriptions.account.note.removed-here', { topic });
    case 'kept-removed-on-server':
      return t('subscriptions.account.note.kept-removed-on-server', { entry: named(entry) });
    case 'kept-removed-here':
      return t('subscriptions.account.note.kept-removed-here', { entry: named(entry) });
    case 'rename-conflict': {
      const names = { topic, kept: quotedOrNone(entry.displayName), lost: quotedOrNone(note.lostName) };
      return note.winner === 'this-device'
        ? t('subscriptions.account.note.conflict-this-device', names)
        : t('subscriptions.account.note.conflict-account', names);
    }
  }
}

/** "Synced: …" or "Sync failed: …", for the status line after a sync. */
export function syncOutcomeWords(outcome: AccountSyncOutcomeDto): string {
  if (!outcome.ok) return t('subscriptions.account.sync-failed', { problem: outcome.message });
  const here = outcome.notes.filter((note) => note.kind !== 'rename-conflict').length;
  const sent = outcome.sentToServer;
  return t('subscriptions.account.synced', {
    here:
      here === 0
        ? t('subscriptions.account.synced-nothing-here')
        : t('subscriptions.account.synced-here', { count: here }),
    sent:
      sent === 0
        ? t('subscriptions.account.synced-nothing-sent')
        : t('subscriptions.account.synced-sent', { count: sent }),
  });
}

/** When the last sync ran, as the locale writes a date and time. */
export function syncTimeWords(atMs: number): string {
  return new Intl.DateTimeFormat(activeLocale(), { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(atMs));
}
