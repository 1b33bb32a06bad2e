/** The send form's draft: what is typed, the chosen file, and one setter per field. */
import { useCallback, useState } from 'react';
import { emptySendDraft, type SendDraft } from './send-draft.ts';

export interface SendDraftState {
  readonly draft: SendDraft;
  readonly set: <K extends keyof SendDraft>(key: K, value: SendDraft[K]) => void;
  /** A local file to upload as the attachment (picker or drop); undefined for none. */
  readonly file: File | undefined;
  readonly setFile: (file: File | undefined) => void;
}

/** `initialFile`: a file dropped on the topic's view, which opened the form. */
export function useSendDraft(initialFile?: File): SendDraftState {
  const [draft, setDraft] = useState<SendDraft>(emptySendDraft);
  const [file, setFile] = useState<File | undefined>(initialFile);
  const set = useCallback(<K extends keyof SendDraft>(key: K, value: SendDraft[K]) => {
    setDraft((current) => ({ ...current, [key]: value }));
  }, []);
  return { draft, set, file, setFile };
}
