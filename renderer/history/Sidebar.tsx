import { formatNumber, t } from '../../common/i18n/translate.ts';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { ConnectionDto, SubscriptionDto, SubscriptionRefDto, UnreadCountDto } from '../../common/ipc.ts';
import { Drawer } from '../layout/Drawer.tsx';
import { Badge } from '../ui/Badge.tsx';
import { useNarrowLayout } from '../layout/use-media-query.ts';
import { connectionKindFor, connectionLabel, subscriptionKey } from './format.ts';
import { Button } from '../ui/Button.tsx';

interface SidebarProps {
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
    <Badge className="unread-badge">
      {/* The number is shown; screen readers hear the whole phrase, whose word order the language decides. */}
      <span aria-hidden="true">{formatNumber(count)}</span>
      <span className="visually-hidden">{t('history.sidebar.unread', { count })}</span>
    </Badge>
  );
}

/**
 * The subscriptions to pick from. In a narrow window (WCAG 1.4.10 reflow) it is a drawer behind a "Subscriptions"
 * button that closes once a subscription is chosen; otherwise a column beside the messages.
 */
export function Sidebar({ subscriptions, unreadCounts, connections, selected, onSelect, onAdd }: SidebarProps) {
  const narrow = useNarrowLayout();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const nav = useRef<HTMLElement>(null);
  // Widening the window shows the column; narrowing it again starts with the drawer closed.
  useEffect(() => {
    if (!narrow) setDrawerOpen(false);
  }, [narrow]);
  const choose = (subscription: SubscriptionRefDto | undefined) => {
    setDrawerOpen(false);
    onSelect(subscription);
  };
  const add = (button: HTMLElement) => {
    // The form opens in the Messages pane, which the open drawer would cover; focus comes back to the drawer's
    // button when the form closes, since the Add button is hidden with the drawer by then.
    setDrawerOpen(false);
    onAdd((narrow ? nav.current?.querySelector<HTMLElement>('.drawer-toggle') : undefined) ?? button);
  };
  const onOpenChange = useCallback((open: boolean) => {
    setDrawerOpen(open);
  }, []);
  const content = (
    <SidebarContent
      subscriptions={subscriptions}
      unreadCounts={unreadCounts}
      connections={connections}
      selected={selected}
      onSelect={choose}
      onAdd={add}
    />
  );

  return (
    <nav ref={nav} className="sidebar" aria-labelledby="sidebar-title">
      {narrow ? (
        <Drawer
          id="sidebar-drawer"
          label={
            <>
              <span aria-hidden="true">☰ </span>
              {/* Only the icon shows in a short window; the name stays the button's (styles.css). */}
              <span className="drawer-toggle-text">{t('history.sidebar.drawer')}</span>
            </>
          }
          open={drawerOpen}
          onOpenChange={onOpenChange}
          initialFocus=".subscription[aria-current='true']"
        >
          {content}
        </Drawer>
      ) : (
        content
      )}
    </nav>
  );
}

function SidebarContent({ subscriptions, unreadCounts, connections, selected, onSelect, onAdd }: SidebarProps) {
  const unreadByKey = new Map(unreadCounts.map((count) => [subscriptionKey(count), count.unread]));
  const totalUnread = unreadCounts.reduce((sum, count) => sum + count.unread, 0);
  const selectedKey = selected === undefined ? undefined : subscriptionKey(selected);

  return (
    <>
      <h2 id="sidebar-title" className="sidebar-title">
        {t('history.sidebar.title')}
      </h2>
      <Button
        // Primary, as the Subscriptions view's own Add subscription.
        variant="primary"
        className="add-subscription"
        onClick={(event) => {
          onAdd(event.currentTarget);
        }}
      >
        {t('history.sidebar.add')}
      </Button>
      {subscriptions !== undefined && subscriptions.length === 0 ? (
        <section className="sidebar-empty" aria-labelledby="no-subscriptions-title">
          <h3 id="no-subscriptions-title">{t('history.sidebar.empty-title')}</h3>
          <p>{t('history.shell.no-bridge-text')}</p>
        </section>
      ) : (
        <ul className="subscription-list">
          <li>
            <Button
              variant="quiet"
              className="subscription"
              aria-current={selectedKey === undefined ? 'true' : undefined}
              onClick={() => {
                onSelect(undefined);
              }}
            >
              <span className="subscription-name">{t('history.sidebar.all')}</span>
              <UnreadBadge count={totalUnread} />
            </Button>
          </li>
          {(subscriptions ?? []).map((subscription) => {
            const key = subscriptionKey(subscription);
            const kind = connectionKindFor(subscription, connections);
            return (
              <li key={key}>
                <Button
                  variant="quiet"
                  className="subscription"
                  aria-current={selectedKey === key ? 'true' : undefined}
                  title={`${subscription.server}/${subscription.topic}`}
                  onClick={() => {
                    onSelect({ server: subscription.server, topic: subscription.topic });
                  }}
                >
                  <span className="connection-dot" data-state={kind} role="img" aria-label={connectionLabel(kind)} />
                  <span className="subscription-name">{subscription.displayName ?? subscription.topic}</span>
                  <UnreadBadge count={unreadByKey.get(key) ?? 0} />
                </Button>
              </li>
            );
          })}
        </ul>
      )}
    </>
  );
}
