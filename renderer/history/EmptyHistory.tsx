import { t } from '../../common/i18n/translate.ts';
import { useState } from 'react';
import type { SubscriptionDto, SubscriptionRefDto } from '../../common/ipc.ts';
import { publishCommand } from './publish-command.ts';
import './empty-history.css';
import { Button } from '../ui/Button.tsx';

interface EmptyHistoryProps {
  readonly searching: boolean;
  readonly unreadOnly: boolean;
  /** A priority filter is on. */
  readonly filtered: boolean;
  /** The topic selected in the sidebar; undefined for "All subscriptions". */
  readonly topic?: SubscriptionRefDto | undefined;
  /** The selected subscription itself: a protected topic's command carries its sign-in (never the secret). */
  readonly subscription?: SubscriptionDto | undefined;
  /** False once it is known that there are none, so the first step can be said; undefined while unknown. */
  readonly hasSubscriptions?: boolean | undefined;
}

/** What an empty list says, and how to see more: the first reason that applies wins. */
export function EmptyHistory({
  searching,
  unreadOnly,
  filtered,
  topic,
  subscription,
  hasSubscriptions,
}: EmptyHistoryProps) {
  const [title, hint] = searching
    ? [t('history.empty.no-matches'), t('history.empty.no-matches-hint')]
    : unreadOnly
      ? [t('history.empty.no-unread'), t('history.empty.no-unread-hint')]
      : filtered
        ? [t('history.empty.no-priority'), t('history.empty.no-priority-hint')]
        : topic !== undefined
          ? [t('history.empty.none-yet'), t('history.empty.topic-hint')]
          : hasSubscriptions === false
            ? [t('history.empty.none-yet'), t('history.empty.no-subscriptions-hint')]
            : [t('history.empty.none-yet'), t('history.empty.all-hint')];
  const showPublish = !searching && !unreadOnly && !filtered && topic !== undefined;
  return (
    <section className="empty-state" aria-labelledby="history-empty-title">
      <h3 id="history-empty-title">{title}</h3>
      <p>{hint}</p>
      {showPublish ? <PublishCommand command={publishCommand(topic, subscription)} /> : null}
    </section>
  );
}

/** A command to copy; the result of Copy is said in words next to it (and read out). */
function PublishCommand({ command }: { readonly command: string }) {
  const [outcome, setOutcome] = useState<string | undefined>(undefined);
  return (
    <div className="publish-command">
      <code>{command}</code>
      <Button
        onClick={() => {
          // As MessageDetail's Copy: the window may write plain text to the clipboard (main/desktop/main-window.ts).
          navigator.clipboard.writeText(command).then(
            () => {
              setOutcome(t('history.empty.copied'));
            },
            () => {
              setOutcome(t('history.empty.copy-failed'));
            },
          );
        }}
      >
        {t('history.empty.copy')}
      </Button>
      <p className="publish-command-outcome" role="status">
        {outcome}
      </p>
    </div>
  );
}
