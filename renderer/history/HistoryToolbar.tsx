import type { PriorityDto, SubscriptionRefDto } from '../../common/ipc.ts';
import { ClearSubscription } from './ClearSubscription.tsx';
import { allPriorities, priorityName, subscriptionKey } from './format.ts';
import { SearchBox } from './SearchBox.tsx';

export interface HistoryToolbarProps {
  readonly searchText: string;
  readonly onSearchTextChange: (text: string) => void;
  readonly unreadOnly: boolean;
  readonly onUnreadOnlyChange: (unreadOnly: boolean) => void;
  /** The lowest priority listed; 1 lists all. */
  readonly minPriority: PriorityDto;
  readonly onMinPriorityChange: (priority: PriorityDto) => void;
  /** The subscription picked in the sidebar: only then are "Mark all read" and "Clear" offered. */
  readonly selected: SubscriptionRefDto | undefined;
  /** What the clear confirmation calls the selected subscription. */
  readonly selectedName: string | undefined;
  readonly onMarkAllRead: (subscription: SubscriptionRefDto) => void;
  readonly onClear: (subscription: SubscriptionRefDto) => void;
}

function priorityChoiceLabel(priority: PriorityDto): string {
  return priority === 1 ? 'Any' : priority === 5 ? 'Urgent only' : `${priorityName(priority)} and above`;
}

/** Search, the list's filters, and what can be done to the whole selected subscription. */
export function HistoryToolbar({
  searchText,
  onSearchTextChange,
  unreadOnly,
  onUnreadOnlyChange,
  minPriority,
  onMinPriorityChange,
  selected,
  selectedName,
  onMarkAllRead,
  onClear,
}: HistoryToolbarProps) {
  return (
    <div className="history-toolbar">
      <h2 id="history-title" className="visually-hidden">
        Messages
      </h2>
      <SearchBox value={searchText} onChange={onSearchTextChange} />
      <label className="toggle">
        <input
          type="checkbox"
          checked={unreadOnly}
          onChange={(event) => {
            onUnreadOnlyChange(event.target.checked);
          }}
        />
        Unread only
      </label>
      <label className="toggle">
        Priority
        <select
          value={minPriority}
          onChange={(event) => {
            onMinPriorityChange(Number(event.target.value) as PriorityDto);
          }}
        >
          {allPriorities.map((priority) => (
            <option key={priority} value={priority}>
              {priorityChoiceLabel(priority)}
            </option>
          ))}
        </select>
      </label>
      {selected === undefined ? null : (
        <>
          <button
            type="button"
            onClick={() => {
              onMarkAllRead(selected);
            }}
          >
            Mark all read
          </button>
          <ClearSubscription
            key={subscriptionKey(selected)}
            name={selectedName ?? selected.topic}
            onConfirm={() => {
              onClear(selected);
            }}
          />
        </>
      )}
    </div>
  );
}
