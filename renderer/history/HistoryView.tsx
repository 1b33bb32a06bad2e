/**
 * The Messages view: composes the sidebar, the chosen topic's header, the pane's form, the toolbar, the list and
 * the detail around one selection and one filter. Each concern is a hook (use-history-filter, use-messages,
 * use-search, use-opened-message, use-pane-form, use-live-arrivals, use-message-actions, use-topic-actions) and each
 * part of the screen a component (Sidebar, SelectedTopicHeader, HistoryToolbar, HistoryContent).
 */
import { t } from '../../common/i18n/translate.ts';
import { useCallback, useMemo, useRef } from 'react';
import type { BridgeApi, SubscriptionDto, SubscriptionRefDto } from '../../common/ipc.ts';
import { subscriptionKey } from './format.ts';
import { HistoryContent, HistoryError } from './HistoryContent.tsx';
import { HistoryToolbar } from './HistoryToolbar.tsx';
import { listEntries } from './list-entries.ts';
import { MessageBar } from './MessageBar.tsx';
import { NewMessagesPill } from './NewMessagesPill.tsx';
import { AddFormPane, SendFormPane } from './PaneForms.tsx';
import { QuietStatusBadges } from './QuietStatusBadges.tsx';
import { SelectedTopicHeader } from './SelectedTopicHeader.tsx';
import { Sidebar } from './Sidebar.tsx';
import { TopicDropHint, useTopicDrop } from './TopicDrop.tsx';
import { subscriptionNames } from './subscription-names.ts';
import { useForgetRemoved } from './use-forget-removed.ts';
import { useHistoryFilter } from './use-history-filter.ts';
import { useLiveList } from './use-live-list.ts';
import { useMessageActions } from './use-message-actions.ts';
import { useMessages } from './use-messages.ts';
import { useNow } from './use-now.ts';
import { useOpenAndMarkRead, useOpenedMessage, useShowRequest, type ShowRequest } from './use-opened-message.ts';
import { usePaneForm } from './use-pane-form.ts';
import { searchMatches, useSearch } from './use-search.ts';
import { useSelection } from './use-selection.ts';
import { useSubscriptions } from './use-subscriptions.ts';
import { useTopicActions } from './use-topic-actions.ts';
import { useTopicStatus } from './use-topic-status.ts';

interface HistoryViewProps {
  readonly api: BridgeApi;
  /** A notification was clicked: open this message (App switches to this view first). */
  readonly showRequest?: ShowRequest | undefined;
  /** The topic header's Edit: opens this subscription in Subscriptions (App's Place with editId). */
  readonly onEdit?: ((subscriptionId: string) => void) | undefined;
}

/**
 * Where focus goes when the selected subscription is gone: the sidebar's selected entry ("All subscriptions"), or
 * its Add button once none is left; the search box when the sidebar is out of reach (a closed drawer).
 */
function focusAfterUnsubscribe(root: HTMLElement | null): void {
  const candidates = [
    root?.querySelector<HTMLElement>('.sidebar button[aria-current="true"]'),
    root?.querySelector<HTMLElement>('.sidebar .add-subscription'),
    root?.querySelector<HTMLElement>('#history-search'),
  ];
  for (const candidate of candidates) {
    candidate?.focus();
    if (candidate != null && document.activeElement === candidate) return;
  }
}

function findSubscription(
  subscriptions: readonly SubscriptionDto[] | undefined,
  ref: SubscriptionRefDto | undefined,
): SubscriptionDto | undefined {
  if (ref === undefined) return undefined;
  const key = subscriptionKey(ref);
  return subscriptions?.find((item) => subscriptionKey(item) === key);
}

export function HistoryView({ api, showRequest, onEdit }: HistoryViewProps) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const detail = useOpenedMessage(scrollRef);
  const { selected, select, showAll } = useSelection(detail.keepOnlyFrom);
  const filters = useHistoryFilter(selected);
  const pane = usePaneForm();
  /** The last thing done to a topic (sent, a test sent), for that topic's header only. */
  const topicStatus = useTopicStatus();
  const rootRef = useRef<HTMLDivElement>(null);
  const nowMs = useNow();

  // The first page of messages is asked for first: it is what the window paints first (the counts can follow).
  const history = useMessages(api, filters.filter);
  const subscriptions = useSubscriptions(api);
  const search = useSearch(api, filters.searchText, filters.filter);
  const { refreshUnreadCounts, refreshSubscriptions } = subscriptions;

  const actions = useMessageActions({
    api,
    showAsRead: history.showAsRead,
    remove: history.remove,
    refreshUnreadCounts,
    onRemoved: detail.closeRemoved,
    onCleared: filters.clearSearch,
  });
  const openMessage = useOpenAndMarkRead(detail.open, actions.markRead);
  useShowRequest(showRequest, history.messages, openMessage);
  const live = useLiveList({ api, filter: filters.filter, scrollRef, prepend: history.prepend, refreshUnreadCounts });
  useForgetRemoved(selected, subscriptions.subscriptions, showAll);
  const topicActions = useTopicActions({
    api,
    subscriptions: subscriptions.subscriptions,
    refreshSubscriptions,
    refreshUnreadCounts,
    onUnsubscribed: showAll,
    onGone: useCallback(() => {
      focusAfterUnsubscribe(rootRef.current);
    }, []),
  });

  const searching = search.hits !== undefined;
  const entries = listEntries(search.hits, history.messages, actions.readKeys, actions.deletedKeys);
  const selectedSubscription = findSubscription(subscriptions.subscriptions, selected);
  const names = useMemo(() => subscriptionNames(subscriptions.subscriptions), [subscriptions.subscriptions]);
  const drop = useTopicDrop(selectedSubscription, pane);
  const sentToTopic = (subscription: SubscriptionDto, outcome: string) => {
    topicStatus.show(subscriptionKey(subscription), outcome, true);
    live.revealNewest();
  };
  const error = actions.error ?? topicActions.error ?? search.error ?? history.error ?? subscriptions.error;

  return (
    <div ref={rootRef} className="history">
      <Sidebar
        subscriptions={subscriptions.subscriptions}
        unreadCounts={subscriptions.unreadCounts}
        connections={subscriptions.connections}
        selected={selected}
        onSelect={select}
        onAdd={(button) => {
          pane.open('add', button);
        }}
      />
      <main className="history-main" aria-labelledby="history-title" data-dropping={drop.dropping} {...drop.handlers}>
        <h2 id="history-title" className="visually-hidden">
          {t('history.shell.view-messages')}
        </h2>
        <TopicDropHint drop={drop} subscription={selectedSubscription} />
        {selectedSubscription === undefined ? null : (
          <SelectedTopicHeader
            api={api}
            subscription={selectedSubscription}
            messageActions={actions}
            topicActions={topicActions}
            topicStatus={topicStatus}
            onEdit={onEdit}
            onSendMessage={(opener) => {
              pane.open('send', opener);
            }}
          />
        )}
        {pane.form === 'send' && selectedSubscription !== undefined ? (
          <SendFormPane
            api={api}
            subscription={selectedSubscription}
            onClose={pane.close}
            file={pane.file}
            onSent={(outcome) => {
              pane.close();
              sentToTopic(selectedSubscription, outcome);
            }}
          />
        ) : null}
        <HistoryToolbar filters={filters} matches={searchMatches(search.hits, entries.length)} />
        <QuietStatusBadges api={api} />
        {pane.form === 'add' ? (
          <AddFormPane
            api={api}
            onClose={pane.close}
            onSaved={(subscription) => {
              // The new topic is opened: its (empty) list says how to publish to it.
              select(subscription);
              refreshSubscriptions();
              refreshUnreadCounts();
              pane.close();
            }}
          />
        ) : null}
        <HistoryError error={error} />
        {searching ? null : <NewMessagesPill count={live.pendingCount} onShow={live.showPending} />}
        <HistoryContent
          api={api}
          entries={entries}
          history={history}
          searching={searching}
          unreadOnly={filters.unreadOnly}
          filtered={filters.minPriority > 1}
          selected={selected}
          selectedSubscription={selectedSubscription}
          subscriptions={subscriptions.subscriptions}
          names={names}
          nowMs={nowMs}
          listRef={live.listRef}
          scrollRef={scrollRef}
          onScroll={live.onScroll}
          detail={detail}
          onOpen={openMessage}
          readKeys={actions.readKeys}
          onDelete={actions.deleteMessage}
        />
        {selectedSubscription === undefined ? null : (
          <MessageBar
            key={subscriptionKey(selectedSubscription)}
            api={api}
            subscription={selectedSubscription}
            onSent={(outcome) => {
              sentToTopic(selectedSubscription, outcome);
            }}
          />
        )}
      </main>
    </div>
  );
}
