/** The window's history requests: pages, search, unread counts, read marks and deletes, over the app's history. */
import { t } from '../../../common/i18n/translate.ts';
import type { BridgeRequests } from '../../../common/ipc.ts';
import type { AppHistoryStore } from '../ports.ts';
import { toMessageDto } from './dto.ts';
import { fail, ok } from './request-results.ts';

type HistoryRequests = Pick<
  BridgeRequests,
  | 'listMessages'
  | 'searchMessages'
  | 'unreadCounts'
  | 'markRead'
  | 'markAllRead'
  | 'deleteMessage'
  | 'clearSubscription'
>;

interface HistoryRequestsOptions {
  readonly history: AppHistoryStore;
}

export function createHistoryRequests({ history }: HistoryRequestsOptions): HistoryRequests {
  return {
    listMessages: (query) => {
      const page = history.listMessages(query);
      return Promise.resolve(
        ok({ messages: page.messages.map(toMessageDto), ...(page.next === undefined ? {} : { next: page.next }) }),
      );
    },
    searchMessages: (query) =>
      Promise.resolve(
        ok(
          history.search(query).map((hit) => ({
            message: toMessageDto(hit),
            titleSegments: hit.titleSegments,
            messageSegments: hit.messageSegments,
          })),
        ),
      ),
    unreadCounts: () => Promise.resolve(ok(history.unreadCounts())),
    markRead: (ref, read) =>
      Promise.resolve(
        history.setRead({ ...ref, read })
          ? ok(null)
          : fail({ code: 'not-found', message: t('rules.bridge.no-such-message') }),
      ),
    markAllRead: (subscription) => Promise.resolve(ok(history.setSubscriptionRead({ ...subscription, read: true }))),
    deleteMessage: (ref) =>
      Promise.resolve(
        history.deleteMessage(ref) ? ok(null) : fail({ code: 'not-found', message: t('rules.bridge.no-such-message') }),
      ),
    clearSubscription: (subscription) => Promise.resolve(ok(history.deleteSubscriptionMessages(subscription))),
  };
}
