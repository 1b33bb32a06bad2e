import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type {
  BridgeApi,
  MessageDto,
  MessageQuery,
  MessageRefDto,
  PriorityDto,
  SubscriptionRefDto,
} from '../../preload/contract.ts';
import type { Place } from '../App.tsx';
import { SubscriptionForm } from '../subscriptions/SubscriptionForm.tsx';
import { ClearSubscription } from './ClearSubscription.tsx';
import { allPriorities, messageKey, priorityName, subscriptionKey } from './format.ts';
import { MessageList, type ListEntry } from './MessageList.tsx';
import { NewMessagesPill } from './NewMessagesPill.tsx';
import { SearchBox } from './SearchBox.tsx';
import { Sidebar } from './Sidebar.tsx';
import { TroubleBanner } from './TroubleBanner.tsx';
import { useMessages } from './use-messages.ts';
import { useNow } from './use-now.ts';
import { useSearch } from './use-search.ts';
import { useSubscriptions } from './use-subscriptions.ts';

// The detail pane (with the markdown renderer and sanitizer) loads on first use, not before the list paints.
const MessageDetail = lazy(() => import('./MessageDetail.tsx').then((module) => ({ default: module.MessageDetail })));

type ListFilter = Pick<MessageQuery, 'subscription' | 'unreadOnly' | 'minPriority'>;

/** Within this many pixels of the top the reader sees the newest rows, so live messages may go straight in. */
const atTopThresholdPx = 8;

function matchesFilter(filter: ListFilter, message: MessageDto): boolean {
  if (filter.unreadOnly === true && message.read) return false;
  if (filter.minPriority !== undefined && message.priority < filter.minPriority) return false;
  const subscription = filter.subscription;
  return subscription === undefined || (subscription.server === message.server && subscription.topic === message.topic);
}

/**
 * The list's order (the store's: time, then arrival, newest first) for a batch that comes in arrival order. The
 * core hands over everything stored in one transaction as one batch, and messages of the same second are common.
 */
function newestFirst(messages: readonly MessageDto[]): MessageDto[] {
  return [...messages].reverse().sort((a, b) => b.time - a.time);
}

export interface HistoryViewProps {
  readonly api: BridgeApi;
  /** Goes to another view, e.g. a subscription's editor to fix its credentials. */
  readonly onNavigate?: (place: Place) => void;
  /** A notification was clicked: open this message (App switches to this view first). */
  readonly showRequest?: { readonly ref: MessageRefDto } | undefined;
}

export function HistoryView({ api, onNavigate, showRequest }: HistoryViewProps) {
  const [selected, setSelected] = useState<SubscriptionRefDto | undefined>(undefined);
  const [unreadOnly, setUnreadOnly] = useState(false);
  const [minPriority, setMinPriority] = useState<PriorityDto>(1);
  /** The message shown in full; its row stays marked as the current one. */
  const [opened, setOpened] = useState<MessageDto | undefined>(undefined);
  /** Messages deleted in this window, so search results (a separate answer) drop them too. */
  const [deletedKeys, setDeletedKeys] = useState<ReadonlySet<string>>(new Set());
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

  const openMessage = useCallback(
    (message: MessageDto) => {
      setOpened(message);
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
      const rows = scrollRef.current?.querySelectorAll<HTMLElement>('[role="listitem"]') ?? [];
      for (const row of rows) if (row.dataset['key'] === key) row.focus();
    });
  }, [opened]);

  const deleteMessage = useCallback(
    (message: MessageDto) => {
      const key = messageKey(message);
      void api.deleteMessage({ server: message.server, id: message.id }).then((result) => {
        if (!result.ok) {
          setActionError(result.error.message);
          return;
        }
        setActionError(undefined);
        setDeletedKeys((previous) => new Set(previous).add(key));
        remove((shown) => messageKey(shown) === key);
        setOpened((current) => (current !== undefined && messageKey(current) === key ? undefined : current));
        refreshUnreadCounts();
      });
    },
    [api, remove, refreshUnreadCounts],
  );

  const clearSubscription = useCallback(
    (subscription: SubscriptionRefDto) => {
      void api.clearSubscription(subscription).then((result) => {
        if (!result.ok) {
          setActionError(result.error.message);
          return;
        }
        setActionError(undefined);
        const inSubscription = (message: MessageDto) =>
          message.server === subscription.server && message.topic === subscription.topic;
        remove(inSubscription);
        setOpened((current) => (current !== undefined && inSubscription(current) ? undefined : current));
        setSearchText('');
        refreshUnreadCounts();
      });
    },
    [api, remove, refreshUnreadCounts],
  );

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
  }, [showRequest, history.messages, openMessage]);

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
    ? search.hits
        .filter((hit) => !deletedKeys.has(messageKey(hit.message)))
        .map((hit) => ({
          message: readKeys.has(messageKey(hit.message)) ? { ...hit.message, read: true } : hit.message,
          titleSegments: hit.titleSegments,
          messageSegments: hit.messageSegments,
        }))
    : history.messages.map((message) => ({ message }));
  const selectedSubscription =
    selected === undefined
      ? undefined
      : subscriptions.subscriptions?.find((item) => subscriptionKey(item) === subscriptionKey(selected));
  const nameOf = (message: MessageDto) =>
    subscriptions.subscriptions?.find((item) => item.server === message.server && item.topic === message.topic)
      ?.displayName;
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
          <label className="toggle">
            Priority
            <select
              value={minPriority}
              onChange={(event) => {
                setMinPriority(Number(event.target.value) as PriorityDto);
              }}
            >
              {allPriorities.map((priority) => (
                <option key={priority} value={priority}>
                  {priority === 1 ? 'Any' : priority === 5 ? 'Urgent only' : `${priorityName(priority)} and above`}
                </option>
              ))}
            </select>
          </label>
          {selected === undefined ? null : (
            <>
              <button
                type="button"
                onClick={() => {
                  markAllRead(selected);
                }}
              >
                Mark all read
              </button>
              <ClearSubscription
                key={subscriptionKey(selected)}
                name={selectedSubscription?.displayName ?? selected.topic}
                onConfirm={() => {
                  clearSubscription(selected);
                }}
              />
            </>
          )}
        </div>
        <TroubleBanner
          subscriptions={subscriptions.subscriptions ?? []}
          connections={subscriptions.connections}
          onFix={(id) => onNavigate?.({ view: 'subscriptions', editId: id })}
        />
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
        <div className="history-content" data-detail={opened !== undefined}>
          {entries.length === 0 && !history.loading ? (
            <EmptyHistory searching={searching} unreadOnly={unreadOnly} filtered={minPriority > 1} />
          ) : (
            <MessageList
              entries={entries}
              hasMore={!searching && history.hasMore}
              nowMs={nowMs}
              label={searching ? 'Search results' : 'Messages, newest first'}
              scrollRef={scrollRef}
              onNearEnd={history.loadMore}
              onScroll={onScroll}
              onActivate={openMessage}
              currentKey={opened === undefined ? undefined : messageKey(opened)}
            />
          )}
          {opened === undefined ? null : (
            <Suspense fallback={<p className="message-detail">Loading…</p>}>
              <MessageDetail
                key={messageKey(opened)}
                api={api}
                message={readKeys.has(messageKey(opened)) ? { ...opened, read: true } : opened}
                subscriptionName={nameOf(opened)}
                onClose={closeMessage}
                onDelete={deleteMessage}
              />
            </Suspense>
          )}
        </div>
      </main>
    </div>
  );
}

interface EmptyHistoryProps {
  readonly searching: boolean;
  readonly unreadOnly: boolean;
  /** A priority filter is on. */
  readonly filtered: boolean;
}

function EmptyHistory({ searching, unreadOnly, filtered }: EmptyHistoryProps) {
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
