import { t } from '../../common/i18n/translate.ts';
import { useEffect, useRef, useState } from 'react';
import { Button } from '../ui/Button.tsx';

interface DeleteConfirmProps {
  readonly idPrefix: string;
  readonly name: string;
  readonly busy: boolean;
  readonly error: string | undefined;
  readonly onConfirm: (deleteHistory: boolean) => void;
  readonly onCancel: () => void;
}

/** The second step of deleting: what goes, and whether the stored messages go too (they stay unless asked). */
export function DeleteConfirm({ idPrefix, name, busy, error, onConfirm, onCancel }: DeleteConfirmProps) {
  const [deleteHistory, setDeleteHistory] = useState(false);
  const checkbox = useRef<HTMLInputElement>(null);
  useEffect(() => {
    checkbox.current?.focus();
  }, []);

  return (
    <div className="delete-confirm" role="group" aria-labelledby={`${idPrefix}-delete-title`}>
      <p id={`${idPrefix}-delete-title`} className="delete-confirm-title">
        {t('history.unsubscribe.question', { name })}
      </p>
      <label className="choice">
        <input
          ref={checkbox}
          type="checkbox"
          checked={deleteHistory}
          onChange={(event) => {
            setDeleteHistory(event.target.checked);
          }}
        />
        {t('history.unsubscribe.delete-history')}
      </label>
      <div className="form-actions">
        <Button
          type="button"
          variant="danger"
          disabled={busy}
          onClick={() => {
            onConfirm(deleteHistory);
          }}
        >
          {t('history.unsubscribe.confirm')}
        </Button>
        <Button type="button" onClick={onCancel}>
          {t('history.unsubscribe.keep')}
        </Button>
      </div>
      {error === undefined ? null : (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
