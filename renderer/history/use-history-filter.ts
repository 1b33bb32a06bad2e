import { useCallback, useMemo, useState } from 'react';
import type { PriorityDto, SubscriptionRefDto } from '../../common/ipc.ts';
import type { HistoryFilter } from './live-arrival.ts';

export interface HistoryFilterState {
  /** What the list and the search ask for: the chosen subscription and the toolbar's filters. */
  readonly filter: HistoryFilter;
  readonly unreadOnly: boolean;
  readonly setUnreadOnly: (unreadOnly: boolean) => void;
  /** The lowest priority listed; 1 lists all. */
  readonly minPriority: PriorityDto;
  readonly setMinPriority: (priority: PriorityDto) => void;
  readonly searchText: string;
  readonly setSearchText: (text: string) => void;
  /** Drops the search (a cleared subscription: its hits may name the cleared messages). */
  readonly clearSearch: () => void;
}

/** The toolbar's search and filters, and the query they make with the chosen subscription. */
export function useHistoryFilter(selected: SubscriptionRefDto | undefined): HistoryFilterState {
  const [unreadOnly, setUnreadOnly] = useState(false);
  const [minPriority, setMinPriority] = useState<PriorityDto>(1);
  const [searchText, setSearchText] = useState('');
  const filter = useMemo<HistoryFilter>(
    () => ({
      ...(selected === undefined ? {} : { subscription: selected }),
      ...(unreadOnly ? { unreadOnly } : {}),
      ...(minPriority > 1 ? { minPriority } : {}),
    }),
    [selected, unreadOnly, minPriority],
  );
  const clearSearch = useCallback(() => {
    setSearchText('');
  }, []);
  return { clearSearch, filter, unreadOnly, setUnreadOnly, minPriority, setMinPriority, searchText, setSearchText };
}
