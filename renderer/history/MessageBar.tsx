/**
 * The one-line message bar under a topic's messages, as ntfy's web app has it: Enter (or Send) publishes the text to
 * the topic; it clears once the server took it, and on a refusal it keeps the text and says why beside it.
 */
import { useState, type SubmitEvent } from 'react';
import { t } from '../../common/i18n/translate.ts';
import type { BridgeApi, SubscriptionDto } from '../../common/ipc.ts';
import { Button } from '../ui/Button.tsx';
import { describeSendResult } from './send-outcome.ts';
import './message-bar.css';

interface MessageBarProps {
  readonly api: BridgeApi;
  readonly subscription: SubscriptionDto;
  /** The server took the message: the view shows `outcome` for the topic and the list goes to the newest. */
  readonly onSent: (outcome: string) => void;
}

type BarStatus = { readonly kind: 'idle' } | { readonly kind: 'sending' } | { readonly kind: 'failed'; text: string };

export function MessageBar({ api, subscription, onSent }: MessageBarProps) {
  const [text, setText] = useState('');
  const [status, setStatus] = useState<BarStatus>({ kind: 'idle' });
  const name = subscription.displayName ?? subscription.topic;
  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (status.kind === 'sending' || text.trim() === '') return;
    setStatus({ kind: 'sending' });
    const input = { server: subscription.server, topic: subscription.topic, message: text };
    void api.publishMessage(input).then((result) => {
      const described = describeSendResult(result);
      if (!described.sent) {
        setStatus({ kind: 'failed', text: described.text });
        return;
      }
      setStatus({ kind: 'idle' });
      setText('');
      onSent(described.text);
    });
  };
  return (
    // No landmark of its own (its field is labelled): one more "form" region under every topic would only be noise.
    <form className="message-bar" onSubmit={submit}>
      <input
        className="ui-field message-bar-input"
        type="text"
        aria-label={t('detail.bar.label', { name })}
        placeholder={t('detail.bar.placeholder')}
        value={text}
        aria-invalid={status.kind === 'failed'}
        aria-describedby={status.kind === 'failed' ? 'message-bar-error' : undefined}
        onChange={(event) => {
          setText(event.target.value);
        }}
      />
      <Button type="submit" disabled={status.kind === 'sending' || text.trim() === ''}>
        {t('detail.bar.send')}
      </Button>
      {status.kind === 'failed' ? (
        <p id="message-bar-error" className="form-error message-bar-error" role="alert">
          {status.text}
        </p>
      ) : null}
    </form>
  );
}
