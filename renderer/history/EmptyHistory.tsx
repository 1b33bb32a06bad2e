export interface EmptyHistoryProps {
  readonly searching: boolean;
  readonly unreadOnly: boolean;
  /** A priority filter is on. */
  readonly filtered: boolean;
}

/** What an empty list says, and how to see more: the first reason that applies wins. */
export function EmptyHistory({ searching, unreadOnly, filtered }: EmptyHistoryProps) {
  const [title, hint] = searching
    ? ['No matching messages', 'Try other words or filters, or clear the search to see all messages.']
    : unreadOnly
      ? ['No unread messages', 'You are all caught up. Turn off "Unread only" to see older messages.']
      : filtered
        ? ['No messages at this priority', 'Choose "Any" priority to see all messages.']
        : ['No messages yet', 'Messages published to your subscriptions will appear here as they arrive.'];
  return (
    <section className="empty-state" aria-labelledby="history-empty-title">
      <h3 id="history-empty-title">{title}</h3>
      <p>{hint}</p>
    </section>
  );
}
