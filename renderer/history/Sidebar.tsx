import type { ConnectionDto, SubscriptionDto, SubscriptionRefDto, UnreadCountDto } from '../../common/ipc.ts';
import { connectionKindFor, connectionLabel, subscriptionKey } from './format.ts';

export interface SidebarProps {
  readonly subscriptions: readonly SubscriptionDto[] | undefined;
  readonly unreadCounts: readonly UnreadCountDto[];
  readonly connections: readonly ConnectionDto[];
  /** Undefined for "all subscriptions". */
  readonly selected: SubscriptionRefDto | undefined;
  readonly onSelect: (subscription: SubscriptionRefDto | undefined) => void;
  /** Gets the button, so focus can go back to it when the editor closes. */
  readonly onAdd: (button: HTMLElement) => void;
}

function UnreadBadge({ count }: { readonly count: number }) {
  if (count === 0) return null;
  return (
    <span className="unread-badge">
      {count}
      <span className="visually-hidden"> unread</span>
    </span>
  );
}

export function Sidebar({ subscriptions, unreadCounts, connections, selected, onSelect, onAdd }: SidebarProps) {
  const unreadByKey = new Map(unreadCounts.map((count) => [subscriptionKey(count), count.unread]));
  const totalUnread = unreadCounts.reduce((sum, count) => sum + count.unread, 0);
  const selectedKey = selected === undefined ? undefined : subscriptionKey(selected);

  return (
    <nav className="sidebar" aria-labelledby="sidebar-title">
      <h2 id="sidebar-title" className="sidebar-title">
        Subscriptions
      </h2>
      <button
        type="button"
        className="add-subscription"
        onClick={(event) => {
          onAdd(event.currentTarget);
        }}
      >
        Add subscription
      </button>
      {subscriptions !== undefined && subscriptions.length === 0 ? (
        <section className="sidebar-empty" aria-labelledby="no-subscriptions-title">
          <h3 id="no-subscriptions-title">No subscriptions yet — add one</h3>
          <p>Subscribe to a topic on an ntfy server and its notifications will show up here.</p>
        </section>
      ) : (
        <ul className="subscription-list">
          <li>
            <button
              type="button"
              className="subscription"
              aria-pressed={selectedKey === undefined}
              onClick={() => {
                onSelect(undefined);
              }}
            >
              <span className="subscription-name">All subscriptions</span>
              <UnreadBadge count={totalUnread} />
            </button>
          </li>
          {(subscriptions ?? []).map((subscription) => {
            const key = subscriptionKey(subscription);
            const kind = connectionKindFor(subscription, connections);
            return (
              <li key={key}>
                <button
                  type="button"
                  className="subscription"
                  aria-pressed={selectedKey === key}
                  title={`${subscription.server}/${subscription.topic}`}
                  onClick={() => {
                    onSelect({ server: subscription.server, topic: subscription.topic });
                  }}
                >
                  <span className="connection-dot" data-state={kind} role="img" aria-label={connectionLabel(kind)} />
                  <span className="subscription-name">{subscription.displayName ?? subscription.topic}</span>
                  <UnreadBadge count={unreadByKey.get(key) ?? 0} />
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </nav>
  );
}
