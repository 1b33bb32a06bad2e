import type { Ref } from 'react';
import { t } from '../../common/i18n/translate.ts';
import type { OwnCredentialsDto, SubscriptionDto } from '../../common/ipc.ts';
import { CommandFailure } from './CommandFailure.tsx';
import { CommandRuns } from './CommandRuns.tsx';
import { ConnectionStatus } from './ConnectionStatus.tsx';
import { needsCredentials, type SubscriptionStatus } from './connection-status.ts';
import { transportName } from './subscription-draft.ts';
import { Button } from '../ui/Button.tsx';

interface SubscriptionRowProps {
  readonly subscription: SubscriptionDto;
  readonly status: SubscriptionStatus;
  readonly nowMs: number;
  /** Why notifications are paused for every subscription, if they are. */
  readonly paused: string | undefined;
  readonly editButtonRef: Ref<HTMLButtonElement>;
  /** Gets the button that was pressed, so focus can go back to it when the editor closes. */
  readonly onEdit: (button: HTMLElement) => void;
  readonly onFixCredentials: (button: HTMLElement) => void;
  /** The row's Stop for a command that has run for long. */
  readonly onStopCommand: () => void;
}

/** Which credentials apply, when they are the subscription's own (the server's are shown in its editor). */
function ownCredentialsText(own: OwnCredentialsDto): string {
  switch (own.auth) {
    case 'none':
      return t('subscriptions.row.own-none');
    case 'basic':
      return t('subscriptions.row.own-basic', { user: own.user ?? '' });
    case 'token':
      return t('subscriptions.row.own-token');
  }
}

function subscriptionName(subscription: SubscriptionDto): string {
  return subscription.displayName ?? subscription.topic;
}

export function SubscriptionRow(props: SubscriptionRowProps) {
  const { subscription, status, nowMs, paused, editButtonRef, onEdit, onFixCredentials, onStopCommand } = props;
  const name = subscriptionName(subscription);
  const where =
    subscription.displayName === undefined ? subscription.server : `${subscription.server}/${subscription.topic}`;
  return (
    <li className="subscription-row">
      <div className="subscription-row-summary">
        <h3 className="subscription-row-name">{name}</h3>
        <p className="subscription-row-meta">
          <span className="subscription-row-where">{where}</span>
          <span className="subscription-row-transport">{transportName(subscription.transport)}</span>
          {subscription.ownCredentials === undefined ? null : (
            <span className="subscription-row-credentials">{ownCredentialsText(subscription.ownCredentials)}</span>
          )}
        </p>
      </div>
      <ConnectionStatus status={status} nowMs={nowMs} muted={subscription.muted} paused={paused} />
      {subscription.commandFailure === undefined ? null : <CommandFailure failure={subscription.commandFailure} />}
      {subscription.commandRuns === undefined ? null : (
        <CommandRuns runs={subscription.commandRuns} name={name} onStop={onStopCommand} />
      )}
      <div className="subscription-row-actions">
        {needsCredentials(status) ? (
          <Button
            type="button"
            variant="primary"
            aria-label={t('subscriptions.row.fix-credentials-label', { name })}
            onClick={(event) => {
              onFixCredentials(event.currentTarget);
            }}
          >
            {t('subscriptions.row.fix-credentials')}
          </Button>
        ) : null}
        <Button
          ref={editButtonRef}
          type="button"
          aria-label={t('subscriptions.row.edit-label', { name })}
          onClick={(event) => {
            onEdit(event.currentTarget);
          }}
        >
          {t('subscriptions.row.edit')}
        </Button>
      </div>
    </li>
  );
}
