import { useEffect, useId, useRef, useState, type KeyboardEvent, type SubmitEvent } from 'react';
import { t } from '../../common/i18n/translate.ts';
import type { BridgeApi, PriorityDto, SubscriptionDto } from '../../common/ipc.ts';
import { PRIORITY_LEVELS, priorityLabel } from '../../common/priority-names.ts';
import { Button } from '../ui/Button.tsx';
import { Select, TextArea, TextField } from '../ui/fields.tsx';
import { renderMarkdown } from './markdown.ts';
import { SendActionsEditor } from './SendActionsEditor.tsx';
import { draftToPublishInput, emptySendDraft, previewTags, type SendDraft } from './send-draft.ts';
import { describeSendResult } from './send-outcome.ts';
import './send-form.css';

export interface SendFormProps {
  readonly api: BridgeApi;
  /** The topic the message goes to (with the credentials stored for its server, in the core). */
  readonly subscription: SubscriptionDto;
  /** Escape or Cancel: the view closes the form and gives focus back to where it was opened from. */
  readonly onClose: () => void;
  /** The server took the message: the view closes the form and shows `outcome` ("Sent", "Scheduled for …"). */
  readonly onSent: (outcome: string) => void;
}

type Status =
  | { readonly kind: 'idle' }
  | { readonly kind: 'sending' }
  | { readonly kind: 'done'; readonly sent: boolean; readonly text: string };

/**
 * "Send a message" to the selected topic, with the fields of ntfy's publish dialog. Everything is passed on as
 * typed and the server's answer is shown in words: a refusal here, beside the fields to correct; a message that was
 * sent closes the form (onSent), so the list shows it arriving.
 */
export function SendForm({ api, subscription, onClose, onSent }: SendFormProps) {
  const [draft, setDraft] = useState<SendDraft>(emptySendDraft);
  const [previewing, setPreviewing] = useState(false);
  const [status, setStatus] = useState<Status>({ kind: 'idle' });
  const titleField = useRef<HTMLInputElement>(null);
  const id = useId();
  const name = subscription.displayName ?? subscription.topic;
  const tags = previewTags(draft.tags);

  useEffect(() => {
    titleField.current?.focus();
  }, []);

  const set = <K extends keyof SendDraft>(key: K, value: SendDraft[K]) => {
    setDraft((current) => ({ ...current, [key]: value }));
  };

  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (status.kind === 'sending') return;
    setStatus({ kind: 'sending' });
    const input = draftToPublishInput(draft, { server: subscription.server, topic: subscription.topic });
    void api.publishMessage(input).then((result) => {
      const described = describeSendResult(result);
      setStatus({ kind: 'done', ...described });
      if (described.sent) onSent(described.text);
    });
  };

  // Escape anywhere in the form closes it, as a dialog would; a select's own Escape (closing its list) comes first.
  const onKeyDown = (event: KeyboardEvent<HTMLFormElement>) => {
    if (event.key !== 'Escape' || event.defaultPrevented) return;
    event.preventDefault();
    onClose();
  };

  return (
    <form className="send-form" aria-labelledby={`${id}-title`} onSubmit={submit} onKeyDown={onKeyDown}>
      <h2 id={`${id}-title`}>{t('detail.send.heading', { name })}</h2>
      <TextField
        ref={titleField}
        label={t('detail.send.title')}
        value={draft.title}
        onChange={(event) => {
          set('title', event.target.value);
        }}
      />
      <div className="send-message">
        {previewing ? (
          <div className="form-field">
            <span className="send-preview-label">{t('detail.send.message')}</span>
            {/* Sanitized by renderMarkdown (DOMPurify, a small tag list, no images); the preview is not interactive. */}
            <div
              className="send-preview markdown"
              role="region"
              aria-label={t('detail.send.preview-label')}
              dangerouslySetInnerHTML={{ __html: renderMarkdown(draft.message) }}
            />
          </div>
        ) : (
          <TextArea
            id={`${id}-message`}
            label={t('detail.send.message')}
            rows={4}
            value={draft.message}
            onChange={(event) => {
              set('message', event.target.value);
            }}
          />
        )}
        <div className="send-message-options">
          <label className="send-inline-choice">
            <input
              type="checkbox"
              checked={draft.markdown}
              onChange={(event) => {
                set('markdown', event.target.checked);
                if (!event.target.checked) setPreviewing(false);
              }}
            />
            {t('detail.send.markdown')}
          </label>
          {draft.markdown ? (
            <Button
              size="small"
              aria-pressed={previewing}
              onClick={() => {
                setPreviewing((current) => !current);
              }}
            >
              {t('detail.send.preview')}
            </Button>
          ) : null}
        </div>
      </div>
      <div className="send-grid">
        <Select
          label={t('detail.send.priority')}
          value={draft.priority}
          onChange={(event) => {
            const priority = PRIORITY_LEVELS.find((level) => String(level) === event.target.value);
            if (priority !== undefined) set('priority', priority satisfies PriorityDto);
          }}
        >
          {PRIORITY_LEVELS.map((level) => (
            <option key={level} value={level}>
              {priorityLabel(level)}
            </option>
          ))}
        </Select>
        <TextField
          label={t('detail.send.tags')}
          value={draft.tags}
          hint={
            <span className="send-tags-preview">
              {tags.emoji.length === 0 && tags.labels.length === 0
                ? t('detail.send.tags-hint')
                : t('detail.send.tags-preview', { tags: [...tags.emoji, ...tags.labels].join(' ') })}
            </span>
          }
          onChange={(event) => {
            set('tags', event.target.value);
          }}
        />
        <TextField
          label={t('detail.send.click')}
          type="url"
          value={draft.click}
          onChange={(event) => {
            set('click', event.target.value);
          }}
        />
        <TextField
          label={t('detail.send.delay')}
          value={draft.delay}
          // ntfy's own delay syntax, the same in every language: not translated.
          placeholder="30m, tomorrow 9am"
          hint={t('detail.send.delay-hint')}
          onChange={(event) => {
            set('delay', event.target.value);
          }}
        />
        <TextField
          label={t('detail.send.attach')}
          type="url"
          value={draft.attach}
          onChange={(event) => {
            set('attach', event.target.value);
          }}
        />
        <TextField
          label={t('detail.send.filename')}
          value={draft.filename}
          onChange={(event) => {
            set('filename', event.target.value);
          }}
        />
      </div>
      <SendActionsEditor
        actions={draft.actions}
        onChange={(actions) => {
          set('actions', actions);
        }}
      />
      <div className="form-actions">
        <Button type="submit" className="send-submit" disabled={status.kind === 'sending'}>
          {t('detail.send.submit')}
        </Button>
        <Button onClick={onClose}>{t('detail.send.cancel')}</Button>
      </div>
      <p className={status.kind === 'done' && !status.sent ? 'form-error' : 'send-status'} role="status">
        {status.kind === 'sending' ? t('detail.send.sending') : status.kind === 'done' ? status.text : ''}
      </p>
    </form>
  );
}
