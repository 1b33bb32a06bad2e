import { useCallback, useEffect, useState } from 'react';
import { t } from '../../common/i18n/translate.ts';
import type { AccountStatusDto, BridgeApi } from '../../common/ipc.ts';

interface AccountState {
  /** Undefined until the first answer. */
  readonly status: AccountStatusDto | undefined;
  /** Why the status could not be read, in words. */
  readonly error: string | undefined;
  /** Reads the status again (after a sign-in, sign-out or sync this window asked for). */
  readonly refresh: () => void;
}

/** The ntfy account's status, kept current by `onAccountChanged` (sign-in, sign-out and every sync push it). */
export function useAccount(api: BridgeApi): AccountState {
  const [status, setStatus] = useState<AccountStatusDto | undefined>(undefined);
  const [error, setError] = useState<string | undefined>(undefined);
  const [asked, setAsked] = useState(0);
  useEffect(() => {
    let active = true;
    void api.accountStatus().then((result) => {
      if (!active) return;
      if (result.ok) {
        setStatus(result.value);
        setError(undefined);
      } else setError(t('subscriptions.account.read-failed', { problem: result.error.message }));
    });
    const unsubscribe = api.onAccountChanged((next) => {
      setStatus(next);
      setError(undefined);
    });
    return () => {
      active = false;
      unsubscribe();
    };
  }, [api, asked]);
  const refresh = useCallback(() => {
    setAsked((value) => value + 1);
  }, []);
  return { status, error, refresh };
}
