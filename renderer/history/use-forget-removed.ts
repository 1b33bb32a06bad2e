import { useEffect, useRef } from 'react';
import type { SubscriptionDto, SubscriptionRefDto } from '../../common/ipc.ts';
import { subscriptionKey } from './format.ts';

/**
 * Messages keeps the chosen subscription while other views show (App.tsx keeps it mounted); once the list stops
 * holding one it held (removed in Subscriptions, or by an import), `forget` is called, so the view does not stay on
 * a topic that is gone. One just added and not yet listed is not forgotten: only one seen in the list can go.
 */
export function useForgetRemoved(
  selected: SubscriptionRefDto | undefined,
  subscriptions: readonly SubscriptionDto[] | undefined,
  forget: () => void,
): void {
  /** The key of the chosen subscription once the list has shown it. */
  const seen = useRef<string | undefined>(undefined);
  useEffect(() => {
    if (selected === undefined || subscriptions === undefined) return;
    const key = subscriptionKey(selected);
    if (subscriptions.some((item) => subscriptionKey(item) === key)) seen.current = key;
    else if (seen.current === key) {
      seen.current = undefined;
      forget();
    }
  }, [selected, subscriptions, forget]);
}
