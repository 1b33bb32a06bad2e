import { useCallback, useEffect, useState } from 'react';
import type { BridgeApi, ConnectionDto, SubscriptionDto, UnreadCountDto } from '../../common/ipc.ts';
import { callUntilAnswered, windowSchedule } from '../first-call.ts';

interface SubscriptionsState {
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
    // The first calls are retried until they get through (renderer/first-call.ts): made the instant the page
    // loads, they must not leave the list loading for good if the app is not answering yet.
    const stopFirstCalls = [
      callUntilAnswered({
        call: () => api.listSubscriptions(),
        onResult: (result) => {
          if (result.ok) {
            setSubscriptions(result.value);
            setError(undefined);
          } else setError(result.error.message);
        },
        schedule: windowSchedule,
      }),
      callUntilAnswered({
        call: () => api.listConnections(),
        onResult: (result) => {
          if (result.ok) setConnections(result.value);
        },
        schedule: windowSchedule,
      }),
      callUntilAnswered({
        call: () => api.unreadCounts(),
        onResult: (result) => {
          if (result.ok) setUnreadCounts(result.value);
          else setError(result.error.message);
        },
        schedule: windowSchedule,
      }),
    ];
    const unsubscribeConnections = api.onConnectionsChanged(setConnections);
    // Any settings change may have added, edited or removed a subscription (another view, an import, the tray).
    const unsubscribeSettings = api.onSettingsChanged(() => {
      refreshSubscriptions();
      refreshUnreadCounts();
    });
    // A subscription's command failed or works again: its row shows it (commandFailure in the list).
    const unsubscribeCommands = api.onCommandStateChanged(refreshSubscriptions);
    return () => {
      for (const stop of stopFirstCalls) stop();
      unsubscribeConnections();
      unsubscribeSettings();
      unsubscribeCommands();
    };
  }, [api, refreshUnreadCounts, refreshSubscriptions]);

  return { subscriptions, unreadCounts, connections, error, refreshUnreadCounts, refreshSubscriptions };
}
