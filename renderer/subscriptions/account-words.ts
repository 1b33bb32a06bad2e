/**
 * The ntfy account in words for the Subscriptions view (AccountSection.tsx): who is signed in where, what everyone
 * else may do with a reserved topic, the account's limits and what a sync changed. Pure, so it is unit-tested.
 * Limit names are ntfy's (`GET /v1/account` → `limits`); numbers and times in the locale's format.
 */
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

const EVERYONE_WORDS: Readonly<Record<string, string>> = {
  'read-write': 'everyone can read and write',
  'read-only': 'everyone can read',
  'write-only': 'everyone can write',
  'deny-all': 'only you',
};

export function reservationWords(reservation: AccountReservationDto): string {
  return EVERYONE_WORDS[reservation.everyone] ?? `everyone: ${reservation.everyone}`;
}

function count(value: number, one: string, many: string, locale: string | undefined): string {
  return `${new Intl.NumberFormat(locale).format(value)} ${value === 1 ? one : many}`;
}

/** Bytes as the locale writes megabytes (or kilobytes below one MB). */
function size(bytes: number, locale: string | undefined): string {
  const megabytes = bytes / 1_000_000;
  if (megabytes >= 1) {
    return new Intl.NumberFormat(locale, { style: 'unit', unit: 'megabyte', maximumFractionDigits: 1 }).format(
      megabytes,
    );
  }
  return new Intl.NumberFormat(locale, { style: 'unit', unit: 'kilobyte', maximumFractionDigits: 0 }).format(
    bytes / 1000,
  );
}

/** The limits the window shows, in plain words; a limit the server did not send is left out. */
export function limitWords(limits: Readonly<Record<string, number | string>>, locale?: string): string[] {
  const number = (key: string): number | undefined => {
    const value = limits[key];
    return typeof value === 'number' ? value : undefined;
  };
  const words: string[] = [];
  const messages = number('messages');
  if (messages !== undefined) words.push(`${count(messages, 'message', 'messages', locale)} a day`);
  const reservations = number('reservations');
  if (reservations !== undefined) {
    words.push(
      reservations === 0 ? 'no reserved topics' : count(reservations, 'reserved topic', 'reserved topics', locale),
    );
  }
  const attachment = number('attachment_file_size');
  if (attachment !== undefined) {
    words.push(attachment === 0 ? 'no attachments' : `attachments up to ${size(attachment, locale)} each`);
  }
  return words;
}

function named(entry: AccountSyncNoteDto['entry']): string {
  return entry.displayName === undefined ? entry.topic : `“${entry.displayName}” (${entry.topic})`;
}

/** One change a sync made here, or one conflict and how it was settled. */
export function syncNoteWords(note: AccountSyncNoteDto): string {
  const { entry } = note;
  switch (note.kind) {
    case 'added-here':
      return `Added ${named(entry)} from the account.`;
    case 'renamed-here':
      return entry.displayName === undefined
        ? `Removed the name of ${entry.topic}, as on the account.`
        : `Renamed ${entry.topic} to “${entry.displayName}”, as on the account.`;
    case 'removed-here':
      return `Removed ${entry.topic}: it was removed from the account.`;
    case 'kept-removed-on-server':
      return `Kept ${named(entry)}: it was removed from the account but changed here since, so it was put back.`;
    case 'kept-removed-here':
      return `Kept ${named(entry)}: it was removed here but changed on the account since.`;
    case 'rename-conflict': {
      const lost = note.lostName === undefined ? '(none)' : `“${note.lostName}”`;
      const kept = entry.displayName === undefined ? '(none)' : `“${entry.displayName}”`;
      const where = note.winner === 'this-device' ? "this device's" : "the account's";
      return `${entry.topic} was renamed here and on the account; kept ${where} name ${kept}, not ${lost}.`;
    }
  }
}

/** "Synced: …" or "Sync failed: …", for the status line after a sync. */
export function syncOutcomeWords(outcome: AccountSyncOutcomeDto): string {
  if (!outcome.ok) return `Sync failed: ${outcome.message}`;
  const here = outcome.notes.filter((note) => note.kind !== 'rename-conflict').length;
  const parts = [
    here === 0 ? 'nothing changed here' : `${String(here)} ${here === 1 ? 'change' : 'changes'} here`,
    outcome.sentToServer === 0
      ? 'nothing to send'
      : `${String(outcome.sentToServer)} ${outcome.sentToServer === 1 ? 'change' : 'changes'} sent to the account`,
  ];
  return `Synced: ${parts.join(', ')}.`;
}

/** When the last sync ran, as the locale writes a date and time. */
export function syncTimeWords(atMs: number, locale?: string): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(atMs));
}
