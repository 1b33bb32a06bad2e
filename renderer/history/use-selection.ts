import { useCallback, useState } from 'react';
import type { SubscriptionRefDto } from '../../common/ipc.ts';

interface Selection {
  /** The subscription chosen in the sidebar; undefined for "All subscriptions". */
  readonly selected: SubscriptionRefDto | undefined;
  readonly select: (subscription: SubscriptionRefDto | undefined) => void;
  readonly showAll: () => void;
}

/** The sidebar's choice. `onSelect` hears of each subscription chosen (the open message of another topic closes). */
export function useSelection(onSelect: (subscription: SubscriptionRefDto) => void): Selection {
  const [selected, setSelected] = useState<SubscriptionRefDto | undefined>(undefined);
  const select = useCallback(
    (subscription: SubscriptionRefDto | undefined) => {
      setSelected(subscription);
      if (subscription !== undefined) onSelect(subscription);
    },
    [onSelect],
  );
  const showAll = useCallback(() => {
    setSelected(undefined);
  }, []);
  return { selected, select, showAll };
}
