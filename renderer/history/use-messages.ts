import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import type {
  BridgeApi,
  BridgeResult,
  MessageDto,
  MessagePageDto,
  MessageQuery,
  PageCursorDto,
} from '../../common/ipc.ts';
import { callUntilAnswered, windowSchedule } from '../first-call.ts';
import { messageKey } from './format.ts';

const pageSize = 100;

export interface MessagesState {
  readonly messages: readonly MessageDto[];
  readonly hasMore: boolean;
  readonly loading: boolean;
  readonly error: string | undefined;
  /** Asks for the page after the last loaded one; ignored while a page is on its way or none is left. */
  readonly loadMore: () => void;
  /** Asks for every page left, one after the other (End in the list goes to the very last message). */
  readonly loadAll: () => void;
  /** Puts live messages on top, skipping any already shown. */
  readonly prepend: (messages: readonly MessageDto[]) => void;
  /** Shows the loaded messages that `which` picks as read, after the core has stored it. */
  readonly showAsRead: (which: (message: MessageDto) => boolean) => void;
  /** Drops the loaded messages that `which` picks, after the core deleted them. */
  readonly remove: (which: (message: MessageDto) => boolean) => void;
}

interface PageState {
  readonly messages: readonly MessageDto[];
  readonly next: PageCursorDto | undefined;
  readonly done: boolean;
}

const emptyPage: PageState = { messages: [], next: undefined, done: false };

/**
 * Newest-first history for one query, paged by the keyset cursor the bridge returns. A new query starts over;
 * answers to an older query are dropped by comparing a generation number.
 */
export function useMessages(api: BridgeApi, query: Omit<MessageQuery, 'before' | 'limit'>): MessagesState {
  const [page, setPage] = useState<PageState>(emptyPage);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string | undefined>(undefined);
  /** loadAll was asked for this query: each page that arrives asks for the next until none is left. */
  const [wantsAll, setWantsAll] = useState(false);
  const generation = useRef(0);
  const inFlight = useRef(false);
  const stopFirstPage = useRef<(() => void) | undefined>(undefined);
  const pageRef = useRef(page);
  // A layout effect, so the cursor is current before any passive effect (the list's "near the end") reads it.
  useLayoutEffect(() => {
    pageRef.current = page;
  }, [page]);

  const fetchPage = useCallback(
    (before: PageCursorDto | undefined) => {
      const requestGeneration = generation.current;
      inFlight.current = true;
      setLoading(true);
      const request: MessageQuery = { ...query, limit: pageSize, ...(before === undefined ? {} : { before }) };
      const show = (result: BridgeResult<MessagePageDto>) => {
        if (requestGeneration !== generation.current) return;
        inFlight.current = false;
        setLoading(false);
        if (!result.ok) {
          setError(result.error.message);
          return;
        }
        setError(undefined);
        setPage((previous) => ({
          messages: before === undefined ? result.value.messages : [...previous.messages, ...result.value.messages],
          next: result.value.next,
          done: result.value.next === undefined,
        }));
      };
      if (before !== undefined) {
        void api.listMessages(request).then(show);
        return;
      }
      // The first page is retried until it gets through (renderer/first-call.ts): asked the instant the page
      // loads, it must not leave the list loading for good if the app is not answering yet.
      stopFirstPage.current?.();
      stopFirstPage.current = callUntilAnswered({
        call: () => api.listMessages(request),
        onResult: show,
        schedule: windowSchedule,
      });
    },
    [api, query],
  );

  useEffect(() => {
    generation.current += 1;
    setPage(emptyPage);
    setWantsAll(false);
    fetchPage(undefined);
    return () => {
      stopFirstPage.current?.();
      stopFirstPage.current = undefined;
    };
  }, [fetchPage]);

  const loadMore = useCallback(() => {
    const current = pageRef.current;
    if (inFlight.current || current.done || current.next === undefined) return;
    fetchPage(current.next);
  }, [fetchPage]);

  const loadAll = useCallback(() => {
    setWantsAll(true);
  }, []);
  useEffect(() => {
    if (wantsAll) loadMore();
  }, [wantsAll, page, loadMore]);

  const prepend = useCallback((incoming: readonly MessageDto[]) => {
    setPage((previous) => {
      const shown = new Set(previous.messages.map(messageKey));
      const fresh = incoming.filter((message) => !shown.has(messageKey(message)));
      return fresh.length === 0 ? previous : { ...previous, messages: [...fresh, ...previous.messages] };
    });
  }, []);

  const showAsRead = useCallback((which: (message: MessageDto) => boolean) => {
    setPage((previous) => ({
      ...previous,
      messages: previous.messages.map((message) =>
        !message.read && which(message) ? { ...message, read: true } : message,
      ),
    }));
  }, []);

  const remove = useCallback((which: (message: MessageDto) => boolean) => {
    setPage((previous) => ({ ...previous, messages: previous.messages.filter((message) => !which(message)) }));
  }, []);

  return {
    messages: page.messages,
    hasMore: !page.done,
    loading,
    error,
    loadMore,
    loadAll,
    prepend,
    showAsRead,
    remove,
  };
}
