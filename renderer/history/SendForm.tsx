/**
 * "Send a message" to the selected topic, with the fields of ntfy's publish dialog, in a modal dialog as ntfy's web
 * app has it: the form gets the room it needs at any size (the whole window when narrow or zoomed) instead of a
 * scroll box above the list. Its parts: the title and message (SendMessageFields), the options (SendOptionsGrid), a
 * local file by picker or drop (SendAttachment), the actions (SendActionsEditor); its state lives in useSendDraft
 * and useSendSubmit.
 */
import { useEffect, useId, useRef, type KeyboardEvent, type SubmitEvent } from 'react';
import { t } from '../../common/i18n/translate.ts';
import type { BridgeApi, SubscriptionDto } from '../../common/ipc.ts';
import { Button } from '../ui/Button.tsx';
import { SendActionsEditor } from './SendActionsEditor.tsx';
import { SendAttachment } from './SendAttachment.tsx';
import { SendMessageFields } from './SendMessageFields.tsx';
import { SendOptionsGrid } from './SendOptionsGrid.tsx';
import { useFileDrop } from './use-file-drop.ts';
import { useSendDraft } from './use-send-draft.ts';
import { useSendSubmit } from './use-send-submit.ts';
import './send-form.css';

interface SendFormProps {
  readonly api: BridgeApi;
  /** The topic the message goes to (with the credentials stored for its server, in the core). */
  readonly subscription: SubscriptionDto;
  /** Escape or Cancel: the view closes the form and gives focus back to where it was opened from. */
  readonly onClose: () => void;
  /** The server took the message: the view closes the form and shows `outcome` ("Sent", "Scheduled for …"). */
  readonly onSent: (outcome: string) => void;
  /** A file dropped on the topic's view, which opened the form with it attached. */
  readonly initialFile?: File | undefined;
}

export function SendForm({ api, subscription, onClose, onSent, initialFile }: SendFormProps) {
  const { draft, set, file, setFile } = useSendDraft(initialFile);
  const { status, percent, submit, cancelUpload } = useSendSubmit(api, subscription, onSent);
  const dialog = useRef<HTMLDialogElement>(null);
  const titleField = useRef<HTMLInputElement>(null);
  const id = useId();
  const name = subscription.displayName ?? subscription.topic;
  const sending = status.kind === 'sending';

  useEffect(() => {
    const element = dialog.current;
    if (element !== null && !element.open) element.showModal();
    titleField.current?.focus();
    return () => {
      element?.close();
    };
  }, []);

  // Escape anywhere in the form closes it (an upload under way is cancelled first); a select's own Escape comes first.
  const onKeyDown = (event: KeyboardEvent<HTMLFormElement>) => {
    if (event.key !== 'Escape' || event.defaultPrevented) return;
    event.preventDefault();
    if (sending) cancelUpload();
    onClose();
  };
  const drop = useFileDrop(!sending, setFile);

  return (
    <dialog
      ref={dialog}
      className="send-dialog"
      aria-labelledby={`${id}-title`}
      onCancel={(event) => {
        event.preventDefault();
      }}
    >
      <form
        className="send-form"
        aria-labelledby={`${id}-title`}
        data-dropping={drop.dropping}
        onSubmit={(event: SubmitEvent<HTMLFormElement>) => {
          event.preventDefault();
          submit(draft, file);
        }}
        onKeyDown={onKeyDown}
        {...drop.handlers}
      >
        <h2 id={`${id}-title`}>{t('detail.send.heading', { name })}</h2>
        {drop.dropping ? <p className="send-drop-here">{t('detail.send.file-drop-here')}</p> : null}
        <SendMessageFields id={id} titleRef={titleField} draft={draft} set={set} />
        <SendAttachment file={file} onFile={setFile} percent={percent} busy={sending} />
        <SendOptionsGrid draft={draft} set={set} fileChosen={file !== undefined} />
        <SendActionsEditor
          actions={draft.actions}
          onChange={(actions) => {
            set('actions', actions);
          }}
        />
        <div className="form-actions">
          <Button type="submit" className="send-submit" disabled={sending}>
            {t('detail.send.submit')}
          </Button>
          {percent === undefined ? (
            <Button onClick={onClose}>{t('detail.send.cancel')}</Button>
          ) : (
            <Button onClick={cancelUpload}>{t('detail.send.cancel-upload')}</Button>
          )}
        </div>
        <p className={status.kind === 'done' && !status.sent ? 'form-error' : 'send-status'} role="status">
          {status.kind === 'sending' ? t('detail.send.sending') : status.kind === 'done' ? status.text : ''}
        </p>
      </form>
    </dialog>
  );
}
