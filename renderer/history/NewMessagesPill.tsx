import { t } from '../../common/i18n/translate.ts';
import { Button } from '../ui/Button.tsx';
interface NewMessagesPillProps {
  readonly count: number;
  readonly onShow: () => void;
}

/** Offered instead of moving the list under someone who is reading further down. */
export function NewMessagesPill({ count, onShow }: NewMessagesPillProps) {
  return (
    <div className="new-messages" aria-live="polite">
      {count === 0 ? null : (
        <Button variant="primary" className="new-messages-pill" onClick={onShow}>
          {t('history.list.new-pill', { count })}
        </Button>
      )}
    </div>
  );
}
