import { t } from '../../common/i18n/translate.ts';
import { Button } from '../ui/Button.tsx';
import { useId, useState } from 'react';

interface UnsubscribeConfirmProps {
  /** The subscription's display name or topic, for the question. */
  readonly name: string;
  readonly onConfirm: (options: { readonly deleteHistory: boolean }) => void;
  /** Cancel or Escape: the opener takes focus back. */
  readonly onCancel: () => void;
}

/**
 * The question "Unsubscribe…" asks in the topic header; the stored messages stay unless asked (as in the
 * subscription editor's delete). Focus starts on Cancel.
 */
export function UnsubscribeConfirm({ name, onConfirm, onCancel }: UnsubscribeConfirmProps) {
  const [deleteHistory, setDeleteHistory] = useState(false);
  const questionId = useId();
  return (
    <div
      className="confirm-inline"
      role="group"
      aria-labelledby={questionId}
      onKeyDown={(event) => {
        if (event.key !== 'Escape') return;
        event.preventDefault();
        onCancel();
      }}
    >
      <span id={questionId} className="confirm-inline-question">
        {t('history.unsubscribe.question', { name })}
      </span>
      <label className="confirm-inline-choice">
        <input
          type="checkbox"
          checked={deleteHistory}
          onChange={(event) => {
            setDeleteHistory(event.target.checked);
          }}
        />
        {t('history.unsubscribe.delete-history')}
      </label>
      <span className="confirm-inline-buttons">
        <Button
          variant="danger"
          onClick={() => {
            onConfirm({ deleteHistory });
          }}
        >
          {t('history.unsubscribe.confirm')}
        </Button>
        <Button autoFocus onClick={onCancel}>
          {t('history.unsubscribe.keep')}
        </Button>
      </span>
    </div>
  );
}
