import { t } from '../../common/i18n/translate.ts';
import { useRef, useState } from 'react';
import type { SubscriptionDto } from '../../common/ipc.ts';
import { ClearSubscription } from './ClearSubscription.tsx';
import { useShortLayout } from '../layout/use-media-query.ts';
import { Badge } from '../ui/Badge.tsx';
import { Button } from '../ui/Button.tsx';
import { MenuButton, type MenuItem } from './MenuButton.tsx';
import { UnsubscribeConfirm } from './UnsubscribeConfirm.tsx';
import type { TopicStatus } from './use-topic-status.ts';
import './topic-header.css';

interface TopicHeaderProps {
  /** The subscription selected in the sidebar. */
  readonly subscription: SubscriptionDto;
  readonly onMarkAllRead: () => void;
  /** Flips the subscription's `muted` flag in the core (its messages are still stored, without popups). */
  readonly onToggleMuted: () => void;
  readonly onClear: () => void;
  readonly onUnsubscribe: (options: { readonly deleteHistory: boolean }) => void;
  /** Opens the subscription in Subscriptions; without it the menu has no Edit. */
  readonly onEdit?: (() => void) | undefined;
  /**
   * "Send test notification" (the fixed test message, without a form); what it did shows as `status`. Without it the
   * button is not there.
   */
  readonly onSendTest?: (() => void) | undefined;
  /** "Send a message…": the view opens the form and gives focus back to `opener` when it closes. */
  readonly onSendMessage?: ((opener: HTMLElement) => void) | undefined;
  /** The last thing done to this topic ("Sent"), under its URL; a final one fades, then `onStatusFaded`. */
  readonly status?: TopicStatus | undefined;
  readonly onStatusFaded?: ((id: number) => void) | undefined;
}

/** The host a server URL names (`https://ntfy.example.com:8080` → `ntfy.example.com:8080`); the URL if it is none. */
function hostOf(server: string): string {
  return URL.canParse(server) ? new URL(server).host : server;
}

type Asking = 'clear' | 'unsubscribe' | undefined;

/**
 * What one subscription is and what can be done to it, above its messages (as the ntfy web app has it): the name,
 * where it comes from, the frequent actions as buttons and the rare ones under "More actions". A confirmation
 * opens inside the header, on its own row, so its buttons fit at any width.
 */
export function TopicHeader({
  subscription,
  onMarkAllRead,
  onToggleMuted,
  onClear,
  onUnsubscribe,
  onEdit,
  onSendTest,
  onSendMessage,
  status,
  onStatusFaded,
}: TopicHeaderProps) {
  const [asking, setAsking] = useState<Asking>(undefined);
  const moreButton = useRef<HTMLButtonElement>(null);
  // In a short window (200 % zoom) the header keeps one line: only "Send a message…" stays a button.
  const short = useShortLayout();
  const name = subscription.displayName ?? subscription.topic;
  const topicUrl = `${subscription.server}/${subscription.topic}`;

  // The confirmation replaced the menu item that opened it: focus goes back to the menu's button.
  const stopAsking = () => {
    setAsking(undefined);
    requestAnimationFrame(() => moreButton.current?.focus());
  };

  const frequent: MenuItem[] = [
    ...(onSendTest === undefined ? [] : [{ label: t('history.topic.send-test'), onSelect: onSendTest }]),
    { label: t('history.topic.mark-all-read'), onSelect: onMarkAllRead },
    {
      label: subscription.muted ? t('history.topic.unmute') : t('history.topic.mute'),
      onSelect: onToggleMuted,
    },
  ];
  const more: MenuItem[] = [
    ...(short ? frequent : []),
    ...(onEdit === undefined ? [] : [{ label: t('history.topic.edit'), onSelect: onEdit }]),
    {
      label: t('history.topic.clear'),
      onSelect: () => {
        setAsking('clear');
      },
    },
    {
      label: t('history.topic.unsubscribe'),
      onSelect: () => {
        setAsking('unsubscribe');
      },
    },
  ];

  return (
    <section className="topic-header" aria-labelledby="topic-header-title">
      <div className="topic-header-text">
        <div className="topic-header-name">
          <h3 id="topic-header-title" className="topic-header-title">
            {name}
          </h3>
          {subscription.muted ? <Badge tone="idle">{t('history.topic.muted')}</Badge> : null}
        </div>
        <p className="topic-header-where">
          <Badge className="topic-header-host">{hostOf(subscription.server)}</Badge>
          <span className="topic-header-url">{topicUrl}</span>
        </p>
        {onSendTest === undefined && onSendMessage === undefined ? null : (
          <p className="topic-header-status" role="status">
            {status === undefined ? null : (
              <span
                key={status.id}
                className="topic-header-status-text"
                data-fades={status.fades}
                onAnimationEnd={() => onStatusFaded?.(status.id)}
              >
                {status.text}
              </span>
            )}
          </p>
        )}
      </div>
      <div className="topic-header-actions">
        {onSendMessage === undefined ? null : (
          <Button
            onClick={(event) => {
              onSendMessage(event.currentTarget);
            }}
          >
            {t('history.topic.send-message')}
          </Button>
        )}
        {short ? null : (
          <>
            {onSendTest === undefined ? null : <Button onClick={onSendTest}>{t('history.topic.send-test')}</Button>}
            <Button onClick={onMarkAllRead}>{t('history.topic.mark-all-read')}</Button>
            <Button
              title={subscription.muted ? t('history.topic.unmute-title') : t('history.topic.mute-title')}
              onClick={onToggleMuted}
            >
              {subscription.muted ? t('history.topic.unmute') : t('history.topic.mute')}
            </Button>
          </>
        )}
        <MenuButton ref={moreButton} label={t('history.topic.more-actions')} items={more} />
      </div>
      {asking === 'clear' ? (
        <ClearSubscription
          name={name}
          onConfirm={() => {
            stopAsking();
            onClear();
          }}
          onCancel={stopAsking}
        />
      ) : null}
      {asking === 'unsubscribe' ? (
        <UnsubscribeConfirm
          name={name}
          onConfirm={(options) => {
            // The header goes with the subscription; the view moves focus once the sidebar has dropped it.
            setAsking(undefined);
            onUnsubscribe(options);
          }}
          onCancel={stopAsking}
        />
      ) : null}
    </section>
  );
}
