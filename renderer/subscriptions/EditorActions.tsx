import type { RefObject } from 'react';
import { t } from '../../common/i18n/translate.ts';
import { Button } from '../ui/Button.tsx';
import { DeleteConfirm } from './DeleteConfirm.tsx';
import type { DeleteFlow } from './use-delete-flow.ts';

interface EditorActionsProps {
  readonly idPrefix: string;
  /** A new subscription: "Subscribe", and nothing to unsubscribe from. */
  readonly isNew: boolean;
  /** What the subscription is called in "Unsubscribe from …?". */
  readonly name: string;
  readonly saveDisabled: boolean;
  readonly testDisabled: boolean;
  readonly saveRef: RefObject<HTMLButtonElement | null>;
  readonly testRef: RefObject<HTMLButtonElement | null>;
  readonly onTest: () => void;
  readonly onCancel: () => void;
  readonly deletion: DeleteFlow;
}

/** The form's buttons: Subscribe or Save, Test, Cancel and Unsubscribe… (which asks once more, in their place). */
export function EditorActions(props: EditorActionsProps) {
  const { deletion } = props;
  if (deletion.confirming) {
    return (
      <DeleteConfirm
        idPrefix={props.idPrefix}
        name={props.name}
        busy={deletion.busy}
        error={deletion.error}
        onConfirm={deletion.remove}
        onCancel={deletion.cancel}
      />
    );
  }
  return (
    <div className="form-actions editor-actions">
      <Button ref={props.saveRef} type="submit" disabled={props.saveDisabled}>
        {props.isNew ? t('subscriptions.editor.subscribe') : t('subscriptions.editor.save')}
      </Button>
      <Button ref={props.testRef} type="button" onClick={props.onTest} disabled={props.testDisabled}>
        {t('subscriptions.editor.test')}
      </Button>
      <Button type="button" onClick={props.onCancel}>
        {t('subscriptions.editor.cancel')}
      </Button>
      {props.isNew ? null : (
        <Button
          ref={deletion.buttonRef}
          type="button"
          variant="danger"
          className="editor-delete"
          onClick={deletion.start}
        >
          {t('history.topic.unsubscribe')}
        </Button>
      )}
    </div>
  );
}
