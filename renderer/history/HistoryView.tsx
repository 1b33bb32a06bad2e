import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { BridgeApi, MessageDto, MessageQuery, SubscriptionRefDto } from '../../preload/contract.ts';
import type { Place } from '../App.tsx';
import { SubscriptionForm } from '../subscriptions/SubscriptionForm.tsx';
import { messageKey } from './format.ts';
import { MessageList, type ListEntry } from './MessageList.tsx';
import { NewMessagesPill } from './NewMessagesPill.tsx';
import { SearchBox } from './SearchBox.tsx';
import { Sidebar } from './Sidebar.tsx';
import { useMessages } from './use-messages.ts';
import { useNow } from './use-now.ts';
import { useSearch } from './use-search.ts';
import { useSubscriptions } from './use-subscriptions.ts';

type ListFilter = Pick<MessageQuery, 'subscription' | 'unreadOnly'>;

/** Within this many pixels of the top the reader sees the newest rows, so live messages may go straight in. */
const atTopThresholdPx = 8;

function matchesFilter(filter: ListFilter, message: MessageDto): boolean {
  if (filter.unreadOnly === true && message.read) return false;
  const subscription = filter.subscription;
  return subscription === undefined || (subscription.server === message.server && subscription.topic === message.topic);
}

function newestFirst(messages: readonly MessageDto[]): MessageDto[] {
  return [...messages].sort((a, b) => b.time - a.time);
}

export interface HistoryViewProps {
  readonly api: BridgeApi;
  /** Goes to another view, e.g. a subscription's editor to fix its credentials. */
  readonly onNavigate?: (place: Place) => void;
}

export function HistoryView({ api, onNavigate }: HistoryViewProps) {
  void onNavigate;
  const [selected, setSelected] = useState<SubscriptionRefDto | undefined>(undefined);
  const [unreadOnly, setUnreadOnly] = useState(false);
  const [searchText, setSearchText] = useState('');
  const [pending, setPending] = useState<readonly MessageDto[]>([]);
  const [adding, setAdding] = useState(false);
  /** Messages read in this window, so search results (a separate answer) show them read too. */
  const [readKeys, setReadKeys] = useState<ReadonlySet<string>>(new Set());
  const [actionError, setActionError] = useState<string | undefined>(undefined);
  const addButton = useRef<HTMLElement | null>(null);
  const scrollRef = useRef<HTMLDivElement>(null);
  const atTop = useRef(true);
  const nowMs = useNow();

  const filter = useMemo<ListFilter>(
    () => ({ ...(selected === undefined ? {} : { subscription: selected }), ...(unreadOnly ? { unreadOnly } : {}) }),
    [selected, unreadOnly],
  );
  const subscriptions = useSubscriptions(api);
  const history = useMessages(api, filter);
  const search = useSearch(api, searchText, filter);
  const { prepend, showAsRead } = history;
  const { refreshUnreadCounts, refreshSubscriptions } = subscriptions;

  const markRead = useCallback(
    (message: MessageDto) => {
      const key = messageKey(message);
      if (message.read || readKeys.has(key)) return;
      void api.markRead({ server: message.server, id: message.id }, true).then((result) => {
        if (!result.ok) {
          setActionError(result.error.message);
          return;
        }
        setActionError(undefined);
        setReadKeys((previous) => new Set(previous).add(key));
        showAsRead((shown) => messageKey(shown) === key);
        refreshUnreadCounts();
      });
    },
    [api, readKeys, showAsRead, refreshUnreadCounts],
  );

  const markAllRead = useCallback(
    (subscription: SubscriptionRefDto) => {
      void api.markAllRead(subscription).then((result) => {
        if (!result.ok) {
          setActionError(result.error.message);
          return;
        }
        setActionError(undefined);
        showAsRead((shown) => shown.server === subscription.server && shown.topic === subscription.topic);
        refreshUnreadCounts();
      });
    },
    [api, showAsRead, refreshUnreadCounts],
  );

  const closeForm = useCallback(() => {
    setAdding(false);
    // Back to where the reader came from, so keyboard users are not dropped at the top of the page.
    requestAnimationFrame(() => {
      addButton.current?.focus();
    });
  }, []);

  useEffect(() => {
    setPending([]);
    return api.onMessagesReceived((received) => {
      refreshUnreadCounts();
      const relevant = newestFirst(received.filter((message) => matchesFilter(filter, message)));
      if (relevant.length === 0) return;
      if (atTop.current) prepend(relevant);
      else setPending((previous) => [...relevant, ...previous]);
    });
  }, [api, filter, prepend, refreshUnreadCounts]);

  const showPending = useCallback(() => {
    prepend(pending);
    setPending([]);
    scrollRef.current?.scrollTo({ top: 0 });
  }, [pending, prepend]);

  const onScroll = () => {
    atTop.current = (scrollRef.current?.scrollTop ?? 0) < atTopThresholdPx;
    if (atTop.current && pending.length > 0) showPending();
  };

  const searching = search.hits !== undefined;
  const entries: readonly ListEntry[] = searching
    ? search.hits.map((hit) => ({
        message: readKeys.has(messageKey(hit.message)) ? { ...hit.message, read: true } : hit.message,
        titleSegments: hit.titleSegments,
        messageSegments: hit.messageSegments,
      }))
    : history.messages.map((message) => ({ message }));
  const error = actionError ?? search.error ?? history.error ?? subscriptions.error;
  const pendingCount = new Set(pending.map(messageKey)).size;

  return (
    <div className="history">
      <Sidebar
        subscriptions={subscriptions.subscriptions}
        unreadCounts={subscriptions.unreadCounts}
        connections={subscriptions.connections}
        selected={selected}
        onSelect={setSelected}
        onAdd={(button) => {
          addButton.current = button;
          setAdding(true);
        }}
      />
      <main className="history-main" aria-labelledby="history-title">
        <div className="history-toolbar">
          <h2 id="history-title" className="visually-hidden">
            Messages
          </h2>
          <SearchBox value={searchText} onChange={setSearchText} />
          <label className="toggle">
            <input
              type="checkbox"
              checked={unreadOnly}
              onChange={(event) => {
                setUnreadOnly(event.target.checked);
              }}
            />
            Unread only
          </label>
          {selected === undefined ? null : (
            <button
              type="button"
              onClick={() => {
                markAllRead(selected);
              }}
            >
              Mark all read
            </button>
          )}
        </div>
        {adding ? (
          <SubscriptionForm
            api={api}
            onClose={closeForm}
            onSaved={() => {
              refreshSubscriptions();
              refreshUnreadCounts();
              closeForm();
            }}
          />
        ) : null}
        {error === undefined ? null : (
          <p className="history-error" role="alert">
            {error}
          </p>
        )}
        {searching ? null : <NewMessagesPill count={pendingCount} onShow={showPending} />}
        {entries.length === 0 && !history.loading ? (
          <EmptyHistory searching={searching} unreadOnly={unreadOnly} />
        ) : (
          <MessageList
            entries={entries}
            hasMore={!searching && history.hasMore}
            nowMs={nowMs}
            label={searching ? 'Search results' : 'Messages, newest first'}
            scrollRef={scrollRef}
            onNearEnd={history.loadMore}
            onScroll={onScroll}
            onActivate={markRead}
          />
        )}
      </main>
    </div>
  );
}

function EmptyHistory({ searching, unreadOnly }: { readonly searching: boolean; readonly unreadOnly: boolean }) {
  const [title, hint] = searching
    ? ['No matching messages', 'Try other words, or clear the search to see all messages.']
    : unreadOnly
      ? ['No unread messages', 'You are all caught up. Turn off "Unread only" to see older messages.']
      : ['No messages yet', 'Messages published to your subscriptions will appear here as they arrive.'];
  return (
    <section className="empty-state" aria-labelledby="history-empty-title">
      <h3 id="history-empty-title">{title}</h3>
      <p>{hint}</p>
    </section>
  );
}
