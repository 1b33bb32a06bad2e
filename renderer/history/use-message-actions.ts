import { useCallback, useState } from 'react';
import type { BridgeApi, BridgeResult, MessageDto, SubscriptionRefDto } from '../../common/ipc.ts';
import { messageKey } from './format.ts';

/** Picks loaded messages, as useMessages' showAsRead and remove take them. */
type MessagePick = (message: MessageDto) => boolean;

interface MessageActionsOptions {
  readonly api: BridgeApi;
  /** Shows the picked loaded messages as read (useMessages().showAsRead). */
  readonly showAsRead: (which: MessagePick) => void;
  /** Drops the picked loaded messages (useMessages().remove). */
  readonly remove: (which: MessagePick) => void;
  readonly refreshUnreadCounts: () => void;
  /** The core deleted the picked messages: the view closes the open one if it is among them. */
  readonly onRemoved: (which: MessagePick) => void;
  /** A subscription was cleared: the view drops its search, whose hits may name the cleared messages. */
  readonly onCleared: () => void;
}

export interface MessageActions {
  readonly markRead: (message: MessageDto) => void;
  readonly markAllRead: (subscription: SubscriptionRefDto) => void;
  readonly deleteMessage: (message: MessageDto) => void;
  readonly clearSubscription: (subscription: SubscriptionRefDto) => void;
  /** Why the last action failed; cleared by the next one that succeeds. */
  readonly error: string | undefined;
  /** Messages read in this window, so search results (a separate answer) show them read too. */
  readonly readKeys: ReadonlySet<string>;
  /** Messages deleted in this window, so search results (a separate answer) drop them too. */
  readonly deletedKeys: ReadonlySet<string>;
}

function inSubscription(subscription: SubscriptionRefDto): MessagePick {
  return (message) => message.server === subscription.server && message.topic === subscription.topic;
}

/** What the history view asks the core to do to stored messages, and how the loaded list follows the answer. */
export function useMessageActions({
  api,
  showAsRead,
  remove,
  refreshUnreadCounts,
  onRemoved,
  onCleared,
}: MessageActionsOptions): MessageActions {
  const [error, setError] = useState<string | undefined>(undefined);
  const [readKeys, setReadKeys] = useState<ReadonlySet<string>>(new Set());
  const [deletedKeys, setDeletedKeys] = useState<ReadonlySet<string>>(new Set());

  /** Runs `onDone` once the core has done it; a refusal is shown instead (it comes back as a value, never thrown). */
  const whenDone = useCallback((request: Promise<BridgeResult<unknown>>, onDone: () => void) => {
    void request.then((result) => {
      if (!result.ok) {
        setError(result.error.message);
        return;
      }
      setError(undefined);
      onDone();
    });
  }, []);

  const markRead = useCallback(
    (message: MessageDto) => {
      const key = messageKey(message);
      if (message.read || readKeys.has(key)) return;
      whenDone(api.markRead({ server: message.server, id: message.id }, true), () => {
        setReadKeys((previous) => new Set(previous).add(key));
        showAsRead((shown) => messageKey(shown) === key);
        refreshUnreadCounts();
      });
    },
    [api, whenDone, readKeys, showAsRead, refreshUnreadCounts],
  );

  const markAllRead = useCallback(
    (subscription: SubscriptionRefDto) => {
      whenDone(api.markAllRead(subscription), () => {
        showAsRead(inSubscription(subscription));
        refreshUnreadCounts();
      });
    },
    [api, whenDone, showAsRead, refreshUnreadCounts],
  );

  const deleteMessage = useCallback(
    (message: MessageDto) => {
      const key = messageKey(message);
      const isDeleted: MessagePick = (shown) => messageKey(shown) === key;
      whenDone(api.deleteMessage({ server: message.server, id: message.id }), () => {
        setDeletedKeys((previous) => new Set(previous).add(key));
        remove(isDeleted);
        onRemoved(isDeleted);
        refreshUnreadCounts();
      });
    },
    [api, whenDone, remove, onRemoved, refreshUnreadCounts],
  );

  const clearSubscription = useCallback(
    (subscription: SubscriptionRefDto) => {
      whenDone(api.clearSubscription(subscription), () => {
        remove(inSubscription(subscription));
        onRemoved(inSubscription(subscription));
        onCleared();
        refreshUnreadCounts();
      });
    },
    [api, whenDone, remove, onRemoved, onCleared, refreshUnreadCounts],
  );

  return { markRead, markAllRead, deleteMessage, clearSubscription, error, readKeys, deletedKeys };
}
