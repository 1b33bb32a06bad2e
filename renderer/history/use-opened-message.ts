import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import type { MessageDto, MessageRefDto, SubscriptionRefDto } from '../../common/ipc.ts';
import { messageKey, subscriptionKey } from './format.ts';

/** A notification was clicked: open this message; `confirmAction`: with that http action's confirmation shown. */
export interface ShowRequest {
  readonly ref: MessageRefDto;
  readonly confirmAction?: number;
}

export interface OpenedMessage {
  /** The message shown in full; its row stays marked as the current one. */
  readonly opened: MessageDto | undefined;
  /** A popup's http button asked to confirm action `index` of the message `key` (see ShowRequest). */
  readonly confirmRequest: { readonly key: string; readonly index: number } | undefined;
  /** Shows `message` in full, with the confirmation of its action `confirmAction` if given. */
  readonly open: (message: MessageDto, confirmAction?: number) => void;
  /** Closes the detail and focuses its row again. */
  readonly closeMessage: () => void;
  /** Closes the detail if `which` picks its message (it was deleted). */
  readonly closeRemoved: (which: (message: MessageDto) => boolean) => void;
  /** Another subscription was chosen: a message of another topic does not stay open beside its list. */
  readonly keepOnlyFrom: (subscription: SubscriptionRefDto) => void;
}

/**
 * The message open in the detail pane, closed back to its row. `scrollRef`: the list's scroll container, where
 * closing the detail focuses the row it came from.
 */
export function useOpenedMessage(scrollRef: RefObject<HTMLDivElement | null>): OpenedMessage {
  const [opened, setOpened] = useState<MessageDto | undefined>(undefined);
  const [confirmRequest, setConfirmRequest] = useState<OpenedMessage['confirmRequest']>(undefined);

  const open = useCallback((message: MessageDto, confirmAction?: number) => {
    setOpened(message);
    setConfirmRequest(confirmAction === undefined ? undefined : { key: messageKey(message), index: confirmAction });
  }, []);

  const closeMessage = useCallback(() => {
    const key = opened === undefined ? undefined : messageKey(opened);
    setOpened(undefined);
    // Back to the row the reader came from (if it is still rendered).
    requestAnimationFrame(() => {
      if (key === undefined) return;
      const rows = scrollRef.current?.querySelectorAll<HTMLElement>('[role="option"]') ?? [];
      for (const row of rows) if (row.dataset['key'] === key) row.focus();
    });
  }, [opened, scrollRef]);

  const closeRemoved = useCallback((which: (message: MessageDto) => boolean) => {
    setOpened((current) => (current !== undefined && which(current) ? undefined : current));
  }, []);

  const keepOnlyFrom = useCallback((subscription: SubscriptionRefDto) => {
    const key = subscriptionKey(subscription);
    setOpened((current) => (current === undefined || subscriptionKey(current) === key ? current : undefined));
  }, []);

  return { opened, confirmRequest, open, closeMessage, closeRemoved, keepOnlyFrom };
}

/**
 * A notification was clicked: show that message once it is loaded (it is usually among the newest, but it may
 * arrive with the live push that follows the click, so this waits for the list rather than looking once).
 */
export function useShowRequest(
  showRequest: ShowRequest | undefined,
  messages: readonly MessageDto[],
  openMessage: (message: MessageDto, confirmAction?: number) => void,
): void {
  const handledRequest = useRef<object | undefined>(undefined);
  useEffect(() => {
    if (showRequest === undefined || handledRequest.current === showRequest) return;
    const { ref } = showRequest;
    const found = messages.find((message) => message.server === ref.server && message.id === ref.id);
    if (found === undefined) return;
    handledRequest.current = showRequest;
    openMessage(found, showRequest.confirmAction);
  }, [showRequest, messages, openMessage]);
}

/** Opening a message from the list: its detail is shown and it counts as read. */
export function useOpenAndMarkRead(
  open: OpenedMessage['open'],
  markRead: (message: MessageDto) => void,
): (message: MessageDto, confirmAction?: number) => void {
  return useCallback(
    (message: MessageDto, confirmAction?: number) => {
      open(message, confirmAction);
      markRead(message);
    },
    [open, markRead],
  );
}
