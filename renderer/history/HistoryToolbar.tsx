import { t } from '../../common/i18n/translate.ts';
import type { PriorityDto } from '../../common/ipc.ts';
import { minPriorityChoices } from '../../common/priority-names.ts';
import { SearchBox } from './SearchBox.tsx';
import { Select } from '../ui/fields.tsx';

export interface HistoryToolbarProps {
  readonly searchText: string;
  readonly onSearchTextChange: (text: string) => void;
  readonly unreadOnly: boolean;
  readonly onUnreadOnlyChange: (unreadOnly: boolean) => void;
  /** The lowest priority listed; 1 lists all. */
  readonly minPriority: PriorityDto;
  readonly onMinPriorityChange: (priority: PriorityDto) => void;
}

/** Search and the list's filters; what can be done to a selected subscription is in its TopicHeader. */
export function HistoryToolbar({
  searchText,
  onSearchTextChange,
  unreadOnly,
  onUnreadOnlyChange,
  minPriority,
  onMinPriorityChange,
}: HistoryToolbarProps) {
  return (
    <div className="history-toolbar">
      <SearchBox value={searchText} onChange={onSearchTextChange} />
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
