import { type SubmitEvent, useCallback, useState } from 'react';
import { t } from '../../common/i18n/translate.ts';
import type { BridgeApi } from '../../common/ipc.ts';
import { TextField } from './form-fields.tsx';
import { useDefaultServer } from './use-default-server.ts';
import { Button } from '../ui/Button.tsx';

/** The core's words start in lower case ("not signed in: wrong user name or password"). */
function sentence(words: string): string {
  return `${words.charAt(0).toUpperCase()}${words.slice(1)}.`;
}

interface AccountSignInProps {
  readonly api: BridgeApi;
  /** Signed in: the sync's outcome in words, for the section's status line. */
  readonly onSignedIn: (words: string) => void;
  readonly headingId: string;
}

/**
 * Server (the default server prefilled), user and password. The password is used once by main to create a token;
 * the field is emptied after every attempt, and it is never a controlled value (see TextField).
 */
export function AccountSignIn({ api, onSignedIn, headingId }: AccountSignInProps) {
  const [server, setServer] = useState('');
  const [user, setUser] = useState('');
  const [password, setPassword] = useState('');
  /** Keys the password input: a new key is a new, empty input. */
  const [passwordField, setPasswordField] = useState(0);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | undefined>(undefined);
  const fillServer = useCallback((value: string) => {
    setServer((current) => (current === '' ? value : current));
  }, []);
  useDefaultServer(api, fillServer);

  const submit = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    setError(undefined);
    const result = await api.accountSignIn({ server: server.trim(), user: user.trim(), password });
    setPassword('');
    setPasswordField((value) => value + 1);
    setBusy(false);
    if (!result.ok) setError(t('subscriptions.account.not-signed-in', { problem: result.error.message }));
    else if (!result.value.ok) setError(sentence(result.value.error));
    else {
      onSignedIn(
        result.value.sync.ok
          ? t('subscriptions.account.signed-in-synced')
          : t('subscriptions.account.signed-in-sync-failed', { problem: result.value.sync.message }),
      );
    }
  };

  return (
    <form
      className="account-sign-in"
      aria-labelledby={headingId}
      noValidate
      onSubmit={(event) => {
        void submit(event);
      }}
    >
      <p className="field-hint">{t('subscriptions.account.sign-in-hint')}</p>
      <TextField
        id="account-server"
        name="server"
        label={t('subscriptions.account.server')}
        value={server}
        onChange={setServer}
      />
      <TextField
        id="account-user"
        name="user"
        label={t('subscriptions.account.user')}
        value={user}
        onChange={setUser}
      />
      <TextField
        key={passwordField}
        id="account-password"
        name="password"
        label={t('subscriptions.account.password')}
        type="password"
        value=""
        onChange={setPassword}
      />
      {error === undefined ? null : (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
      <div className="account-actions">
        <Button type="submit" disabled={busy}>
          {busy ? t('subscriptions.account.signing-in') : t('subscriptions.account.sign-in')}
        </Button>
      </div>
    </form>
  );
}
