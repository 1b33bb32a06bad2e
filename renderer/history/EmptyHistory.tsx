import { useState } from 'react';
import type { SubscriptionRefDto } from '../../common/ipc.ts';
import { topicUrlOf } from '../../common/topic-input.ts';
import './empty-history.css';

export interface EmptyHistoryProps {
  readonly searching: boolean;
  readonly unreadOnly: boolean;
  /** A priority filter is on. */
  readonly filtered: boolean;
  /** The topic selected in the sidebar; undefined for "All subscriptions". */
  readonly topic?: SubscriptionRefDto | undefined;
  /** False once it is known that there are none, so the first step can be said; undefined while unknown. */
  readonly hasSubscriptions?: boolean | undefined;
}

/** What an empty list says, and how to see more: the first reason that applies wins. */
export function EmptyHistory({ searching, unreadOnly, filtered, topic, hasSubscriptions }: EmptyHistoryProps) {
  const [title, hint] = searching
    ? ['No matching messages', 'Try other words or filters, or clear the search to see all messages.']
    : unreadOnly
      ? ['No unread messages', 'You are all caught up. Turn off "Unread only" to see older messages.']
      : filtered
        ? ['No messages at this priority', 'Choose "Any priority" to see all messages.']
        : topic !== undefined
          ? ['No messages yet', 'Publish one to this topic and it appears here, for example from a terminal:']
          : hasSubscriptions === false
            ? [
                'No messages yet',
                'First add a subscription: choose "Add subscription" and type a topic, like alerts or ntfy.sh/alerts.',
              ]
            : [
                'No messages yet',
                'Messages published to your subscriptions will appear here as they arrive. Choose a topic to see how to publish to it.',
              ];
  const showPublish = !searching && !unreadOnly && !filtered && topic !== undefined;
  return (
    <section className="empty-state" aria-labelledby="history-empty-title">
      <h3 id="history-empty-title">{title}</h3>
      <p>{hint}</p>
      {showPublish ? <PublishCommand command={`curl -d "Hi" ${topicUrlOf(topic)}`} /> : null}
    </section>
  );
}

/** A command to copy; the result of Copy is said in words next to it (and read out). */
function PublishCommand({ command }: { readonly command: string }) {
  const [outcome, setOutcome] = useState<string | undefined>(undefined);
  return (
    <div className="publish-command">
      <code>{command}</code>
      <button
        type="button"
        onClick={() => {
          // As MessageDetail's Copy: the window may write plain text to the clipboard (main/desktop/main-window.ts).
          navigator.clipboard.writeText(command).then(
            () => {
              setOutcome('Copied');
            },
            () => {
              setOutcome('Could not copy: the clipboard is not available');
            },
          );
        }}
      >
        Copy
      </button>
      <p className="publish-command-outcome" role="status">
        {outcome}
      </p>
    </div>
  );
}
