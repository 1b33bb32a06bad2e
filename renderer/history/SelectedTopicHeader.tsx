import { t } from '../../common/i18n/translate.ts';
import type { BridgeApi, SubscriptionDto, SubscriptionRefDto } from '../../common/ipc.ts';
import { subscriptionKey } from './format.ts';
import { sendTestNotification } from './send-outcome.ts';
import { TopicHeader } from './TopicHeader.tsx';
import type { MessageActions } from './use-message-actions.ts';
import type { TopicActions } from './use-topic-actions.ts';
import type { TopicStatusState } from './use-topic-status.ts';

interface SelectedTopicHeaderProps {
  readonly api: BridgeApi;
  readonly subscription: SubscriptionDto;
  readonly messageActions: Pick<MessageActions, 'markAllRead' | 'clearSubscription'>;
  readonly topicActions: Pick<TopicActions, 'toggleMuted' | 'unsubscribe'>;
  readonly topicStatus: TopicStatusState;
  /** Opens this subscription in Subscriptions; without it the header has no Edit. */
  readonly onEdit: ((subscriptionId: string) => void) | undefined;
  /** "Send a message…": the view opens the send form and gives focus back to `opener` when it closes. */
  readonly onSendMessage: (opener: HTMLElement) => void;
}

/** The bridge refuses a ref with extra keys, so never the whole SubscriptionDto. */
function refOf(subscription: SubscriptionRefDto): SubscriptionRefDto {
  return { server: subscription.server, topic: subscription.topic };
}

/** The header of the subscription chosen in the sidebar, wired to what its buttons ask of the core. */
export function SelectedTopicHeader({
  api,
  subscription,
  messageActions,
  topicActions,
  topicStatus,
  onEdit,
  onSendMessage,
}: SelectedTopicHeaderProps) {
  const key = subscriptionKey(subscription);
  return (
    <TopicHeader
      key={key}
      subscription={subscription}
      onMarkAllRead={() => {
        messageActions.markAllRead(refOf(subscription));
      }}
      onToggleMuted={() => {
        topicActions.toggleMuted(subscription);
      }}
      onClear={() => {
        messageActions.clearSubscription(refOf(subscription));
      }}
      onUnsubscribe={(options) => {
        topicActions.unsubscribe(subscription, options);
      }}
      onEdit={
        onEdit === undefined
          ? undefined
          : () => {
              onEdit(subscription.id);
            }
      }
      onSendTest={() => {
        topicStatus.track(
          key,
          t('history.topic.sending-test'),
          sendTestNotification(api, { ...refOf(subscription), muted: subscription.muted }),
        );
      }}
      onSendMessage={onSendMessage}
      status={topicStatus.of(key)}
      onStatusFaded={topicStatus.faded}
    />
  );
}
