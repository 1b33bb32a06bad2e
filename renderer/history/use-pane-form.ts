import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * The one form open in the pane above the list (never both: each would push the list away): adding a subscription
 * or sending to the selected one. Closing it puts focus back on the button that opened it, so keyboard users are
 * not dropped at the top of the page.
 */
type PaneFormKind = 'add' | 'send';

export interface PaneForm {
  readonly form: PaneFormKind | undefined;
  /** A file dropped on the topic's view, which opened the send form with it. */
  readonly file: File | undefined;
  /** Opens `kind`; `opener` is where focus goes back to when it closes. */
  readonly open: (kind: PaneFormKind, opener: HTMLElement | null, file?: File) => void;
  readonly close: () => void;
}

export function usePaneForm(): PaneForm {
  const [form, setForm] = useState<PaneFormKind | undefined>(undefined);
  const [file, setFile] = useState<File | undefined>(undefined);
  const opener = useRef<HTMLElement | null>(null);
  const open = useCallback((kind: PaneFormKind, button: HTMLElement | null, dropped?: File) => {
    opener.current = button;
    setFile(dropped);
    setForm(kind);
  }, []);
  const focusBack = useRef(false);
  const close = useCallback(() => {
    focusBack.current = true;
    setForm(undefined);
  }, []);
  // Once the form is gone: the forms are modal dialogs, and the window behind one takes no focus while it is open
  // (a frame's delay was not enough on a slow machine, where the close came after the frame).
  useEffect(() => {
    if (form !== undefined || !focusBack.current) return;
    focusBack.current = false;
    opener.current?.focus();
  }, [form]);
  return { form, file, open, close };
}
