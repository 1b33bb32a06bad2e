import { useCallback, useEffect, useState } from 'react';
import type { BridgeApi, ConnectionDto, SubscriptionDto, UnreadCountDto } from '../../preload/contract.ts';

export interface SubscriptionsState {
  /** Undefined until the first answer arrives, so the view can tell "loading" from "none". */
  readonly subscriptions: readonly SubscriptionDto[] | undefined;
  readonly unreadCounts: readonly UnreadCountDto[];
  readonly connections: readonly ConnectionDto[];
  readonly error: string | undefined;
  readonly refreshUnreadCounts: () => void;
  /** Asks for the subscription list again, e.g. after one was added. */
  readonly refreshSubscriptions: () => void;
}

/** Subscriptions, their unread counts and live connection states, straight from the bridge. */
export function useSubscriptions(api: BridgeApi): SubscriptionsState {
  const [subscriptions, setSubscriptions] = useState<readonly SubscriptionDto[] | undefined>(undefined);
  const [unreadCounts, setUnreadCounts] = useState<readonly UnreadCountDto[]>([]);
  const [connections, setConnections] = useState<readonly ConnectionDto[]>([]);
  const [error, setError] = useState<string | undefined>(undefined);

  const refreshUnreadCounts = useCallback(() => {
    void api.unreadCounts().then((result) => {
      if (result.ok) setUnreadCounts(result.value);
      else setError(result.error.message);
    });
  }, [api]);

  const refreshSubscriptions = useCallback(() => {
    void api.listSubscriptions().then((result) => {
      if (result.ok) setSubscriptions(result.value);
      else setError(result.error.message);
    });
  }, [api]);

  useEffect(() => {
    let active = true;
    void Promise.all([api.listSubscriptions(), api.listConnections()]).then(
      ([subscriptionsResult, connectionsResult]) => {
        if (!active) return;
        if (subscriptionsResult.ok) setSubscriptions(subscriptionsResult.value);
        else setError(subscriptionsResult.error.message);
        if (connectionsResult.ok) setConnections(connectionsResult.value);
      },
    );
    refreshUnreadCounts();
    const unsubscribeConnections = api.onConnectionsChanged(setConnections);
    // Any settings change may have added, edited or removed a subscription (another view, an import, the tray).
    const unsubscribeSettings = api.onSettingsChanged(() => {
      refreshSubscriptions();
      refreshUnreadCounts();
    });
    return () => {
      active = false;
      unsubscribeConnections();
      unsubscribeSettings();
    };
  }, [api, refreshUnreadCounts, refreshSubscriptions]);

  return { subscriptions, unreadCounts, connections, error, refreshUnreadCounts, refreshSubscriptions };
}
