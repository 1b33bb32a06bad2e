import { t } from '../../common/i18n/translate.ts';
import { Button } from '../ui/Button.tsx';
import type { CheckedSave } from './use-checked-save.ts';

interface EditorNotesProps {
  /** What the core said about the form as a whole (a problem no field owns). */
  readonly formError: string | undefined;
  readonly save: CheckedSave;
}

/** What the form says above its buttons: a problem of the whole form, "Save anyway", and that Save is waiting. */
export function EditorNotes({ formError, save }: EditorNotesProps) {
  return (
    <>
      {formError === undefined ? null : (
        <p className="form-error" role="alert">
          {formError}
        </p>
      )}
      {save.unchecked === undefined ? null : (
        <div className="form-error save-unchecked" role="alert">
          <p>{t('subscriptions.credentials.unchecked', { problem: save.unchecked })}</p>
          <p>{t('subscriptions.credentials.unchecked-hint')}</p>
          <Button
            ref={save.saveAnywayRef}
            type="button"
            disabled={save.saving}
            onClick={() => {
              save.submit(true);
            }}
          >
            {t('subscriptions.credentials.save-anyway')}
          </Button>
        </div>
      )}
      {/* Save may wait for the server's check (up to its request timeout on a slow one): say so. Always present,
          so screen readers hear the text arrive; shown only after a moment, so a quick save does not flash it. */}
      <p className="save-progress" aria-live="polite">
        {save.saving ? t('subscriptions.editor.saving') : ''}
      </p>
    </>
  );
}
