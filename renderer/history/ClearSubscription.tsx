import { t } from '../../common/i18n/translate.ts';
import { Button } from '../ui/Button.tsx';
interface ClearSubscriptionProps {
  /** The subscription's display name or topic, for the question. */
  readonly name: string;
  readonly onConfirm: () => void;
  /** Cancel or Escape: the opener takes focus back. */
  readonly onCancel: () => void;
}

/**
 * The question "Clear messages…" asks before deleting a subscription's stored messages, in the topic header.
 * Focus starts on Cancel: Enter pressed out of habit keeps the messages.
 */
export function ClearSubscription({ name, onConfirm, onCancel }: ClearSubscriptionProps) {
  return (
    <div
      className="confirm-inline"
      role="group"
      aria-label={t('history.clear.label', { name })}
      onKeyDown={(event) => {
        if (event.key !== 'Escape') return;
        event.preventDefault();
        onCancel();
      }}
    >
      <span className="confirm-inline-question">{t('history.clear.question', { name })}</span>
      <span className="confirm-inline-buttons">
        <Button variant="danger" onClick={onConfirm}>
          {t('history.clear.confirm')}
        </Button>
        {/* The question replaced the menu that asked it: focus goes to the safe answer, not to the page top. */}
        <Button autoFocus onClick={onCancel}>
          {t('history.confirm.cancel')}
        </Button>
      </span>
    </div>
  );
}
