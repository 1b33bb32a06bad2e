import { useCallback, useEffect, useState } from 'react';
import type { BridgeApi, SubscriptionDto } from '../../common/ipc.ts';
import { draftFromSubscription, draftToInput } from '../subscriptions/subscription-draft.ts';
import { subscriptionKey } from './format.ts';

interface TopicActionsOptions {
  readonly api: BridgeApi;
  /** The sidebar's list (useSubscriptions().subscriptions): an unsubscribe is done once it no longer holds it. */
  readonly subscriptions: readonly SubscriptionDto[] | undefined;
  readonly refreshSubscriptions: () => void;
  readonly refreshUnreadCounts: () => void;
  /** The core removed the subscription: the view shows all subscriptions again. */
  readonly onUnsubscribed: () => void;
  /** The sidebar no longer lists the removed subscription: the view moves focus (its header went with it). */
  readonly onGone: () => void;
}

export interface TopicActions {
  readonly toggleMuted: (subscription: SubscriptionDto) => void;
  readonly unsubscribe: (subscription: SubscriptionDto, options: { readonly deleteHistory: boolean }) => void;
  /** Why the last action failed; cleared by the next one that succeeds. */
  readonly error: string | undefined;
}

/** What the topic header asks the core to do to the subscription itself (its messages: useMessageActions). */
export function useTopicActions({
  api,
  subscriptions,
  refreshSubscriptions,
  refreshUnreadCounts,
  onUnsubscribed,
  onGone,
}: TopicActionsOptions): TopicActions {
  const [error, setError] = useState<string | undefined>(undefined);
  /** The key of a removed subscription until the sidebar's list has dropped it. */
  const [removedKey, setRemovedKey] = useState<string | undefined>(undefined);

  // Muting is the editor's save with one field changed: the same operation, checks and settings event.
  const toggleMuted = useCallback(
    (subscription: SubscriptionDto) => {
      const input = draftToInput(
        { ...draftFromSubscription(subscription), muted: !subscription.muted },
        subscription.id,
      );
      void api.saveSubscription(input).then((result) => {
        setError(result.ok ? undefined : result.error.message);
        if (result.ok) refreshSubscriptions();
      });
    },
    [api, refreshSubscriptions],
  );

  const unsubscribe = useCallback(
    (subscription: SubscriptionDto, options: { readonly deleteHistory: boolean }) => {
      void api.removeSubscription(subscription.id, options).then((result) => {
        setError(result.ok ? undefined : result.error.message);
        if (!result.ok) return;
        setRemovedKey(subscriptionKey(subscription));
        onUnsubscribed();
        refreshSubscriptions();
        refreshUnreadCounts();
      });
    },
    [api, onUnsubscribed, refreshSubscriptions, refreshUnreadCounts],
  );

  // Focus moves after the sidebar re-rendered without it: the last subscription gone changes what it shows.
  useEffect(() => {
    if (removedKey === undefined || subscriptions === undefined) return;
    if (subscriptions.some((subscription) => subscriptionKey(subscription) === removedKey)) return;
    setRemovedKey(undefined);
    onGone();
  }, [removedKey, subscriptions, onGone]);

  return { toggleMuted, unsubscribe, error };
}
