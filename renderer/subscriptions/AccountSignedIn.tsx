import { useState } from 'react';
import { t } from '../../common/i18n/translate.ts';
import type { AccountStatusDto, BridgeApi } from '../../common/ipc.ts';
import {
  limitWords,
  reservationWords,
  serverHost,
  syncNoteWords,
  syncOutcomeWords,
  syncTimeWords,
} from './account-words.ts';
import { richText } from './rich-text.tsx';
import { Button } from '../ui/Button.tsx';

type SignedIn = Extract<AccountStatusDto, { signedIn: true }>;

interface AccountSignedInProps {
  readonly api: BridgeApi;
  readonly status: SignedIn;
  /** What the last action said (a sync's outcome, a refusal), for the section's status line. */
  readonly onSaid: (words: string) => void;
}

/** Who is signed in where, the last sync and its notes, Sync now and Sign out, reservations and limits. */
export function AccountSignedIn({ api, status, onSaid }: AccountSignedInProps) {
  const [busy, setBusy] = useState<'sync' | 'sign-out' | undefined>(undefined);
  const lastSync = status.lastSync;
  const notes = lastSync?.ok === true ? lastSync.notes : [];
  const limits = limitWords(status.limits);

  const syncNow = async () => {
    setBusy('sync');
    const result = await api.accountSyncNow();
    setBusy(undefined);
    onSaid(
      result.ok
        ? syncOutcomeWords(result.value)
        : t('subscriptions.account.sync-failed', { problem: result.error.message }),
    );
  };
  const signOut = async () => {
    setBusy('sign-out');
    const result = await api.accountSignOut();
    setBusy(undefined);
    if (!result.ok) onSaid(t('subscriptions.account.still-signed-in', { problem: result.error.message }));
    else onSaid(result.value.ok ? result.value.message : `${result.value.error}.`);
  };

  return (
    <div className="account-signed-in">
      <p className="account-who">
        {richText(t('subscriptions.account.signed-in-as', { user: '{user}', server: '{server}' }), {
          user: <strong>{status.user}</strong>,
          server: <strong>{serverHost(status.server)}</strong>,
        })}
      </p>
      <p className="account-last-sync">
        {status.syncing
          ? t('subscriptions.account.syncing')
          : status.lastSyncAt === undefined
            ? t('subscriptions.account.not-synced')
            : t('subscriptions.account.last-synced', { time: syncTimeWords(status.lastSyncAt) })}
      </p>
      {lastSync?.ok === false ? <p className="form-error">{syncOutcomeWords(lastSync)}</p> : null}
      <div className="account-actions">
        <Button
          type="button"
          variant="primary"
          disabled={busy !== undefined}
          onClick={() => {
            void syncNow();
          }}
        >
          {busy === 'sync' ? t('subscriptions.account.syncing') : t('subscriptions.account.sync-now')}
        </Button>
        <Button
          type="button"
          disabled={busy !== undefined}
          onClick={() => {
            void signOut();
          }}
        >
          {busy === 'sign-out' ? t('subscriptions.account.signing-out') : t('subscriptions.account.sign-out')}
        </Button>
      </div>
      {notes.length === 0 ? null : (
        <section className="account-part" aria-labelledby="account-notes-title">
          <h4 id="account-notes-title">{t('subscriptions.account.notes-title')}</h4>
          <ul className="account-notes">
            {notes.map((note) => {
              const words = syncNoteWords(note);
              return <li key={`${note.kind} ${note.entry.server} ${note.entry.topic}`}>{words}</li>;
            })}
          </ul>
        </section>
      )}
      <section className="account-part" aria-labelledby="account-reservations-title">
        <h4 id="account-reservations-title">{t('subscriptions.account.reservations-title')}</h4>
        {status.reservations.length === 0 ? (
          <p className="field-hint">{t('subscriptions.account.reservations-none')}</p>
        ) : (
          <ul className="account-reservations">
            {status.reservations.map((reservation) => (
              <li key={reservation.topic}>
                <span className="account-topic">{reservation.topic}</span>: {reservationWords(reservation)}
              </li>
            ))}
          </ul>
        )}
      </section>
      {limits.length === 0 ? null : (
        <section className="account-part" aria-labelledby="account-limits-title">
          <h4 id="account-limits-title">{t('subscriptions.account.limits-title')}</h4>
          <ul className="account-limits">
            {limits.map((words) => (
              <li key={words}>{words}</li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}
