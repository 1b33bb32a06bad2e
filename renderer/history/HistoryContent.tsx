import { t } from '../../common/i18n/translate.ts';
import { lazy, Suspense, type RefObject } from 'react';
import type { BridgeApi, MessageDto, SubscriptionDto, SubscriptionRefDto } from '../../common/ipc.ts';
import { EmptyHistory } from './EmptyHistory.tsx';
import { messageKey, subscriptionKey } from './format.ts';
import type { ListEntry } from './list-entries.ts';
import { MessageList, type MessageListHandle } from './MessageList.tsx';
import { SubscriptionNamesContext, type SubscriptionNames } from './subscription-names.ts';
import type { MessagesState } from './use-messages.ts';
import type { OpenedMessage } from './use-opened-message.ts';

// The detail pane (with the markdown renderer and sanitizer) loads on first use, not before the list paints.
const MessageDetail = lazy(() => import('./MessageDetail.tsx').then((module) => ({ default: module.MessageDetail })));

interface HistoryContentProps {
  readonly api: BridgeApi;
  readonly entries: readonly ListEntry[];
  /** The loaded history: whether a page is on its way (no "nothing here" yet), more follow, and how to get them. */
  readonly history: Pick<MessagesState, 'loading' | 'hasMore' | 'loadMore' | 'loadAll'>;
  readonly searching: boolean;
  readonly unreadOnly: boolean;
  /** A priority filter is on. */
  readonly filtered: boolean;
  /** The topic chosen in the sidebar (undefined: all subscriptions) and its subscription once listed. */
  readonly selected: SubscriptionRefDto | undefined;
  readonly selectedSubscription: SubscriptionDto | undefined;
  readonly subscriptions: readonly SubscriptionDto[] | undefined;
  readonly names: SubscriptionNames;
  readonly nowMs: number;
  readonly listRef: RefObject<MessageListHandle | null>;
  readonly scrollRef: RefObject<HTMLDivElement | null>;
  readonly onScroll: () => void;
  readonly detail: OpenedMessage;
  readonly onOpen: (message: MessageDto) => void;
  /** Messages read in this window (useMessageActions().readKeys): the open one shows read too. */
  readonly readKeys: ReadonlySet<string>;
  readonly onDelete: (message: MessageDto) => void;
}

/** The list (or what an empty one says) and, beside it or over it, the open message. */
export function HistoryContent(props: HistoryContentProps) {
  const { detail, selected } = props;
  const { opened, confirmRequest } = detail;
  const openedKey = opened === undefined ? undefined : messageKey(opened);
  return (
    <div className="history-content" data-detail={opened !== undefined}>
      {props.entries.length === 0 && !props.history.loading ? (
        <EmptyHistory
          searching={props.searching}
          unreadOnly={props.unreadOnly}
          filtered={props.filtered}
          topic={selected}
          subscription={props.selectedSubscription}
          hasSubscriptions={props.subscriptions === undefined ? undefined : props.subscriptions.length > 0}
        />
      ) : (
        <SubscriptionNamesContext value={props.names}>
          <MessageList
            ref={props.listRef}
            entries={props.entries}
            hasMore={!props.searching && props.history.hasMore}
            nowMs={props.nowMs}
            label={props.searching ? t('history.list.search-results-label') : t('history.list.label')}
            scrollRef={props.scrollRef}
            onNearEnd={props.history.loadMore}
            onLoadAll={props.history.loadAll}
            onScroll={props.onScroll}
            onActivate={props.onOpen}
            currentKey={openedKey}
            showTopic={selected === undefined}
          />
        </SubscriptionNamesContext>
      )}
      {opened === undefined || openedKey === undefined ? null : (
        <Suspense fallback={<p className="message-detail">{t('history.shell.loading')}</p>}>
          <MessageDetail
            key={openedKey}
            api={props.api}
            message={props.readKeys.has(openedKey) ? { ...opened, read: true } : opened}
            subscriptionName={props.names.get(subscriptionKey(opened))}
            onClose={detail.closeMessage}
            onDelete={props.onDelete}
            confirmRequest={confirmRequest?.key === openedKey ? confirmRequest : undefined}
          />
        </Suspense>
      )}
    </div>
  );
}

/** The view's one error line (a failed request of any of its parts), read out when it appears. */
export function HistoryError({ error }: { readonly error: string | undefined }) {
  return error === undefined ? null : (
    <p className="history-error" role="alert">
      {error}
    </p>
  );
}
