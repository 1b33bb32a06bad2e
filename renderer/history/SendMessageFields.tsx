/** The send form's title and message, with the markdown switch and its preview. */
import { useState, type Ref } from 'react';
import { t } from '../../common/i18n/translate.ts';
import { Button } from '../ui/Button.tsx';
import { TextArea, TextField } from '../ui/fields.tsx';
import { renderMarkdown } from './markdown.ts';
import type { SendDraftState } from './use-send-draft.ts';

interface SendMessageFieldsProps extends Pick<SendDraftState, 'draft' | 'set'> {
  readonly id: string;
  readonly titleRef: Ref<HTMLInputElement>;
}

export function SendMessageFields({ id, titleRef, draft, set }: SendMessageFieldsProps) {
  const [previewing, setPreviewing] = useState(false);
  return (
    <>
      <TextField
        ref={titleRef}
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
    </>
  );
}
