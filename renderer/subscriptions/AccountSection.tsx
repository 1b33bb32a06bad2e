import { useState } from 'react';
import { t } from '../../common/i18n/translate.ts';
import type { BridgeApi } from '../../common/ipc.ts';
import { AccountSignedIn } from './AccountSignedIn.tsx';
import { AccountSignIn } from './AccountSignIn.tsx';
import { useAccount } from './use-account.ts';
import './account-section.css';

interface AccountSectionProps {
  readonly api: BridgeApi;
}

/**
 * "ntfy account" in the Subscriptions view (issue 14 §2): sign in to sync the subscriptions with an ntfy account,
 * then its status, Sync now and Sign out. New subscriptions from a sync reach the list above as any edit does.
 */
export function AccountSection({ api }: AccountSectionProps) {
  const { status, error, refresh } = useAccount(api);
  /** What the last action said; a polite live region reads it out. */
  const [said, setSaid] = useState('');
  const say = (words: string) => {
    setSaid(words);
    refresh();
  };
  return (
    <section className="account-section" aria-labelledby="account-title">
      <h3 id="account-title">{t('subscriptions.account.title')}</h3>
      {error === undefined ? null : (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
      {status === undefined ? null : status.signedIn ? (
        <AccountSignedIn api={api} status={status} onSaid={say} />
      ) : (
        <AccountSignIn api={api} headingId="account-title" onSignedIn={say} />
      )}
      <p className="account-said" role="status">
        {said}
      </p>
    </section>
  );
}
