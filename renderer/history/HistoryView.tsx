/**
 * The Messages view: composes the sidebar, toolbar, list, detail and send form around one selection and one filter.
 * Its jobs live elsewhere (use-messages, use-live-arrivals, use-message-actions, use-topic-actions, use-search,
 * HistoryToolbar, EmptyHistory); about 300 lines remain because the selection, the focus moves when it disappears and
 * the panes that depend on it are read together, and splitting them would pass the same state through more files.
 */
import { t } from '../../common/i18n/translate.ts';
import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { BridgeApi, MessageDto, MessageRefDto, PriorityDto, SubscriptionRefDto } from '../../common/ipc.ts';
import { SubscriptionForm } from '../subscriptions/SubscriptionForm.tsx';
import { EmptyHistory } from './EmptyHistory.tsx';
import { messageKey, subscriptionKey } from './format.ts';
import { HistoryToolbar } from './HistoryToolbar.tsx';
import type { HistoryFilter } from './live-arrival.ts';
import { MessageBar } from './MessageBar.tsx';
import { MessageList, type ListEntry, type MessageListHandle } from './MessageList.tsx';
import { NewMessagesPill } from './NewMessagesPill.tsx';
import { QuietStatusBadges } from './QuietStatusBadges.tsx';
import { sendTestNotification } from './send-outcome.ts';
import { SubscriptionNamesContext, subscriptionNames } from './subscription-names.ts';
import { Sidebar } from './Sidebar.tsx';
import { TopicHeader } from './TopicHeader.tsx';
import { useForgetRemoved } from './use-forget-removed.ts';
import { useLiveArrivals } from './use-live-arrivals.ts';
import { useMessageActions } from './use-message-actions.ts';
import { useMessages } from './use-messages.ts';
import { useNow } from './use-now.ts';
import { useSearch } from './use-search.ts';
import { useSubscriptions } from './use-subscriptions.ts';
import { useTopicActions } from './use-topic-actions.ts';
import { useTopicStatus } from './use-topic-status.ts';

// The detail pane (with the markdown renderer and sanitizer) loads on first use, not before the list paints.
const MessageDetail = lazy(() => import('./MessageDetail.tsx').then((module) => ({ default: module.MessageDetail })));
// So is the send form (with the emoji table for its tag preview).
const SendForm = lazy(() => import('./SendForm.tsx').then((module) => ({ default: module.SendForm })));

export interface HistoryViewProps {
  readonly api: BridgeApi;
  /**
   * A notification was clicked: open this message (App switches to this view first); `confirmAction`: with that http
   * action's confirmation shown (a popup button whose target is on the user's own network).
   */
  readonly showRequest?: { readonly ref: MessageRefDto; readonly confirmAction?: number } | undefined;
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

export function HistoryView({ api, showRequest, onEdit }: HistoryViewProps) {
  const [selected, setSelected] = useState<SubscriptionRefDto | undefined>(undefined);
  const [unreadOnly, setUnreadOnly] = useState(false);
  const [minPriority, setMinPriority] = useState<PriorityDto>(1);
  /** The message shown in full; its row stays marked as the current one. */
  const [opened, setOpened] = useState<MessageDto | undefined>(undefined);
  /** A popup's http button asked to confirm action `index` of the message `key` (see showRequest). */
  const [confirmRequest, setConfirmRequest] = useState<{ readonly key: string; readonly index: number } | undefined>(
    undefined,
  );
  const [searchText, setSearchText] = useState('');
  /**
   * The one form open in the pane above the list (never both: each would push the list away): adding a
   * subscription or sending to the selected one. `addButton` and `sendOpener` are the buttons focus goes back to.
   */
  const [form, setForm] = useState<'add' | 'send' | undefined>(undefined);
  const addButton = useRef<HTMLElement | null>(null);
  const sendOpener = useRef<HTMLElement | null>(null);
  /** The last thing done to a topic (sent, a test sent), for that topic's header only. */
  const topicStatus = useTopicStatus();
  const scrollRef = useRef<HTMLDivElement>(null);
  const listRef = useRef<MessageListHandle>(null);
  const rootRef = useRef<HTMLDivElement>(null);
  const nowMs = useNow();

  const filter = useMemo<HistoryFilter>(
    () => ({
      ...(selected === undefined ? {} : { subscription: selected }),
      ...(unreadOnly ? { unreadOnly } : {}),
      ...(minPriority > 1 ? { minPriority } : {}),
    }),
    [selected, unreadOnly, minPriority],
  );
  // The first page of messages is asked for first: it is what the window paints first (the counts can follow).
  const history = useMessages(api, filter);
  const subscriptions = useSubscriptions(api);
  const search = useSearch(api, searchText, filter);
  const { prepend, showAsRead, remove } = history;
  const { refreshUnreadCounts, refreshSubscriptions } = subscriptions;

  const closeRemoved = useCallback((which: (message: MessageDto) => boolean) => {
    setOpened((current) => (current !== undefined && which(current) ? undefined : current));
  }, []);
  const clearSearch = useCallback(() => {
    setSearchText('');
  }, []);
  const actions = useMessageActions({
    api,
    showAsRead,
    remove,
    refreshUnreadCounts,
    onRemoved: closeRemoved,
    onCleared: clearSearch,
  });
  const { markRead, readKeys, deletedKeys } = actions;
  const scrollListToTop = useCallback(() => {
    listRef.current?.scrollToTop();
  }, []);
  const live = useLiveArrivals({ api, filter, scrollRef, scrollToTop: scrollListToTop, prepend, refreshUnreadCounts });
  // Another subscription chosen: a message of another topic does not stay open beside its list.
  const select = useCallback((subscription: SubscriptionRefDto | undefined) => {
    setSelected(subscription);
    if (subscription === undefined) return;
    const key = subscriptionKey(subscription);
    setOpened((current) => (current === undefined || subscriptionKey(current) === key ? current : undefined));
  }, []);
  const showAll = useCallback(() => {
    setSelected(undefined);
  }, []);
  useForgetRemoved(selected, subscriptions.subscriptions, showAll);
  const focusSidebar = useCallback(() => {
    focusAfterUnsubscribe(rootRef.current);
  }, []);
  const topicActions = useTopicActions({
    api,
    subscriptions: subscriptions.subscriptions,
    refreshSubscriptions,
    refreshUnreadCounts,
    onUnsubscribed: showAll,
    onGone: focusSidebar,
  });

  const openMessage = useCallback(
    (message: MessageDto) => {
      setOpened(message);
      setConfirmRequest(undefined);
      markRead(message);
    },
    [markRead],
  );

  const closeMessage = useCallback(() => {
    const key = opened === undefined ? undefined : messageKey(opened);
    setOpened(undefined);
    // Back to the row the reader came from (if it is still rendered).
    requestAnimationFrame(() => {
      if (key === undefined) return;
      const rows = scrollRef.current?.querySelectorAll<HTMLElement>('[role="option"]') ?? [];
      for (const row of rows) if (row.dataset['key'] === key) row.focus();
    });
  }, [opened]);

  // A notification was clicked: show that message once it is loaded (it is usually among the newest, but it may
  // arrive with the live push that follows the click, so this waits for the list rather than looking once).
  const handledRequest = useRef<object | undefined>(undefined);
  useEffect(() => {
    if (showRequest === undefined || handledRequest.current === showRequest) return;
    const { ref } = showRequest;
    const found = history.messages.find((message) => message.server === ref.server && message.id === ref.id);
    if (found === undefined) return;
    handledRequest.current = showRequest;
    openMessage(found);
    if (showRequest.confirmAction !== undefined)
      setConfirmRequest({ key: messageKey(found), index: showRequest.confirmAction });
  }, [showRequest, history.messages, openMessage]);

  const closeForm = useCallback(() => {
    setForm(undefined);
    // Back to where the reader came from, so keyboard users are not dropped at the top of the page.
    requestAnimationFrame(() => {
      addButton.current?.focus();
    });
  }, []);

  const closeSendForm = useCallback(() => {
    setForm(undefined);
    requestAnimationFrame(() => {
      sendOpener.current?.focus();
    });
  }, []);

  // After a send the list goes to its top, where the message arrives (held ones go in first, as the pill would do):
  // once the closed form has left the layout, so that its going cannot move the list away from the top again.
  const { showNewest } = live;
  const [revealRequest, setRevealRequest] = useState(0);
  const revealed = useRef(0);
  useEffect(() => {
    if (revealRequest === revealed.current) return;
    revealed.current = revealRequest;
    showNewest();
  }, [revealRequest, showNewest]);
  const { show: showTopicStatus } = topicStatus;
  const sent = useCallback(
    (topic: string, outcome: string) => {
      showTopicStatus(topic, outcome, true);
      closeSendForm();
      setRevealRequest((count) => count + 1);
    },
    [showTopicStatus, closeSendForm],
  );

  const searching = search.hits !== undefined;
  const entries: readonly ListEntry[] = searching
    ? search.hits
        .filter((hit) => !deletedKeys.has(messageKey(hit.message)))
        .map((hit) => ({
          message: readKeys.has(messageKey(hit.message)) ? { ...hit.message, read: true } : hit.message,
          titleSegments: hit.titleSegments,
          messageSegments: hit.messageSegments,
        }))
    : history.messages.map((message) => ({ message }));
  const subscriptionOf = (subscription: SubscriptionRefDto) =>
    subscriptions.subscriptions?.find((item) => subscriptionKey(item) === subscriptionKey(subscription));
  const nameOf = (subscription: SubscriptionRefDto) => subscriptionOf(subscription)?.displayName;
  const selectedSubscription = selected === undefined ? undefined : subscriptionOf(selected);
  const names = useMemo(() => subscriptionNames(subscriptions.subscriptions), [subscriptions.subscriptions]);
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
          addButton.current = button;
          setForm('add');
        }}
      />
      <main className="history-main" aria-labelledby="history-title">
        <h2 id="history-title" className="visually-hidden">
          {t('history.shell.view-messages')}
        </h2>
        {selectedSubscription === undefined ? null : (
          <TopicHeader
            key={subscriptionKey(selectedSubscription)}
            subscription={selectedSubscription}
            // The bridge refuses a ref with extra keys, so not the whole SubscriptionDto.
            onMarkAllRead={() => {
              actions.markAllRead({ server: selectedSubscription.server, topic: selectedSubscription.topic });
            }}
            onToggleMuted={() => {
              topicActions.toggleMuted(selectedSubscription);
            }}
            onClear={() => {
              actions.clearSubscription({ server: selectedSubscription.server, topic: selectedSubscription.topic });
            }}
            onUnsubscribe={(options) => {
              topicActions.unsubscribe(selectedSubscription, options);
            }}
            onEdit={
              onEdit === undefined
                ? undefined
                : () => {
                    onEdit(selectedSubscription.id);
                  }
            }
            onSendTest={() => {
              topicStatus.track(
                subscriptionKey(selectedSubscription),
                t('history.topic.sending-test'),
                sendTestNotification(api, {
                  server: selectedSubscription.server,
                  topic: selectedSubscription.topic,
                  muted: selectedSubscription.muted,
                }),
              );
            }}
            onSendMessage={(opener) => {
              sendOpener.current = opener;
              setForm('send');
            }}
            status={topicStatus.of(subscriptionKey(selectedSubscription))}
            onStatusFaded={topicStatus.faded}
          />
        )}
        {form === 'send' && selectedSubscription !== undefined ? (
          // A modal dialog (SendForm): it takes no room above the list.
          <Suspense fallback={<p className="send-form">{t('history.shell.loading')}</p>}>
            <SendForm
              key={subscriptionKey(selectedSubscription)}
              api={api}
              subscription={selectedSubscription}
              onClose={closeSendForm}
              onSent={(outcome) => {
                sent(subscriptionKey(selectedSubscription), outcome);
              }}
            />
          </Suspense>
        ) : null}
        <HistoryToolbar
          searchText={searchText}
          onSearchTextChange={setSearchText}
          unreadOnly={unreadOnly}
          onUnreadOnlyChange={setUnreadOnly}
          minPriority={minPriority}
          onMinPriorityChange={setMinPriority}
        />
        <QuietStatusBadges api={api} />
        {form === 'add' ? (
          <div className="history-form">
            <SubscriptionForm
              api={api}
              onClose={closeForm}
              onSaved={(subscription) => {
                // The new topic is opened: its (empty) list says how to publish to it.
                select({ server: subscription.server, topic: subscription.topic });
                refreshSubscriptions();
                refreshUnreadCounts();
                closeForm();
              }}
            />
          </div>
        ) : null}
        {error === undefined ? null : (
          <p className="history-error" role="alert">
            {error}
          </p>
        )}
        {searching ? null : (
          <NewMessagesPill
            count={live.pendingCount}
            onShow={() => {
              live.showPending();
              // The pill goes away with the click: focus goes to what it announced, not to <body>.
              listRef.current?.focusNewest();
            }}
          />
        )}
        <div className="history-content" data-detail={opened !== undefined}>
          {entries.length === 0 && !history.loading ? (
            <EmptyHistory
              searching={searching}
              unreadOnly={unreadOnly}
              filtered={minPriority > 1}
              topic={selected}
              subscription={selectedSubscription}
              hasSubscriptions={
                subscriptions.subscriptions === undefined ? undefined : subscriptions.subscriptions.length > 0
              }
            />
          ) : (
            <SubscriptionNamesContext value={names}>
              <MessageList
                ref={listRef}
                entries={entries}
                hasMore={!searching && history.hasMore}
                nowMs={nowMs}
                label={searching ? t('history.list.search-results-label') : t('history.list.label')}
                scrollRef={scrollRef}
                onNearEnd={history.loadMore}
                onScroll={live.onScroll}
                onActivate={openMessage}
                currentKey={opened === undefined ? undefined : messageKey(opened)}
              />
            </SubscriptionNamesContext>
          )}
          {opened === undefined ? null : (
            <Suspense fallback={<p className="message-detail">{t('history.shell.loading')}</p>}>
              <MessageDetail
                key={messageKey(opened)}
                api={api}
                message={readKeys.has(messageKey(opened)) ? { ...opened, read: true } : opened}
                subscriptionName={nameOf(opened)}
                onClose={closeMessage}
                onDelete={actions.deleteMessage}
                confirmRequest={confirmRequest?.key === messageKey(opened) ? confirmRequest : undefined}
              />
            </Suspense>
          )}
        </div>
        {selectedSubscription === undefined ? null : (
          <MessageBar
            key={subscriptionKey(selectedSubscription)}
            api={api}
            subscription={selectedSubscription}
            onSent={(outcome) => {
              showTopicStatus(subscriptionKey(selectedSubscription), outcome, true);
              setRevealRequest((count) => count + 1);
            }}
          />
        )}
      </main>
    </div>
  );
}
