import { t } from '../../common/i18n/translate.ts';
import type { PriorityDto } from '../../common/ipc.ts';
import type { HistoryFilterState } from './use-history-filter.ts';
import { minPriorityChoices } from '../../common/priority-names.ts';
import { SearchBox } from './SearchBox.tsx';
import { Select } from '../ui/fields.tsx';

interface HistoryToolbarProps {
  /** The search text and the list's filters (use-history-filter.ts), each with its setter. */
  readonly filters: Pick<
    HistoryFilterState,
    'searchText' | 'setSearchText' | 'unreadOnly' | 'setUnreadOnly' | 'minPriority' | 'setMinPriority'
  >;
  /** While searching: how many messages match, and whether the search stopped at its limit (more may match). */
  readonly matches?: { readonly count: number; readonly capped: boolean } | undefined;
}

/** How many messages the search found, in words; nothing while there is no search. */
function matchesText(matches: HistoryToolbarProps['matches']): string {
  if (matches === undefined) return '';
  if (matches.count === 0) return t('history.toolbar.no-matches');
  return matches.capped
    ? t('history.toolbar.matches-capped', { count: matches.count })
    : t('history.toolbar.matches', { count: matches.count });
}

/** Search and the list's filters; what can be done to a selected subscription is in its TopicHeader. */
export function HistoryToolbar({
  filters: {
    searchText,
    setSearchText: onSearchTextChange,
    unreadOnly,
    setUnreadOnly: onUnreadOnlyChange,
    minPriority,
    setMinPriority: onMinPriorityChange,
  },
  matches,
}: HistoryToolbarProps) {
  return (
    <div className="history-toolbar">
      <SearchBox value={searchText} onChange={onSearchTextChange} />
      {/* Read out as results come (issue 33 §8); the list itself shows them. In the DOM before the first search, so
          the first count is announced too. */}
      <p className="visually-hidden" role="status">
        {matchesText(matches)}
      </p>
      <label className="toggle">
        <input
          type="checkbox"
          checked={unreadOnly}
          onChange={(event) => {
            onUnreadOnlyChange(event.target.checked);
          }}
        />
        {t('history.toolbar.unread-only')}
      </label>
      <Select
        label={t('history.toolbar.priority')}
        frameClassName="toggle"
        value={minPriority}
        onChange={(event) => {
          onMinPriorityChange(Number(event.target.value) as PriorityDto);
        }}
      >
        {minPriorityChoices().map(({ value, label }) => (
          <option key={value} value={value}>
            {label}
          </option>
        ))}
      </Select>
    </div>
  );
}
