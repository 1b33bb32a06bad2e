/**
 * The send form's answer: Send publishes the draft (or uploads the chosen file with the draft's fields beside it)
 * and says what the server answered; a message that was sent goes to onSent, a refusal stays beside the fields.
 */
import { useState } from 'react';
import { t } from '../../common/i18n/translate.ts';
import type { BridgeApi, SubscriptionRefDto } from '../../common/ipc.ts';
import { draftToPublishInput, type SendDraft } from './send-draft.ts';
import { describeSendResult } from './send-outcome.ts';
import { useFileUpload } from './use-file-upload.ts';

type SendStatus =
  | { readonly kind: 'idle' }
  | { readonly kind: 'sending' }
  | { readonly kind: 'done'; readonly sent: boolean; readonly text: string };

interface SendSubmit {
  readonly status: SendStatus;
  /** Percent of the file handed on while an upload runs. */
  readonly percent: number | undefined;
  readonly submit: (draft: SendDraft, file: File | undefined) => void;
  readonly cancelUpload: () => void;
}

export function useSendSubmit(
  api: BridgeApi,
  topic: SubscriptionRefDto,
  onSent: (outcome: string) => void,
): SendSubmit {
  const [status, setStatus] = useState<SendStatus>({ kind: 'idle' });
  const files = useFileUpload(api);
  const submit = (draft: SendDraft, file: File | undefined): void => {
    if (status.kind === 'sending') return;
    setStatus({ kind: 'sending' });
    const input = draftToPublishInput(draft, { server: topic.server, topic: topic.topic });
    const answer = file === undefined ? api.publishMessage(input) : files.upload(file, input);
    void answer.then((result) => {
      if (result === undefined) {
        setStatus({ kind: 'done', sent: false, text: t('detail.send.upload-cancelled') });
        return;
      }
      const described = describeSendResult(result);
      setStatus({ kind: 'done', ...described });
      if (described.sent) onSent(described.text);
    });
  };
  return { status, percent: files.percent, submit, cancelUpload: files.cancel };
}
