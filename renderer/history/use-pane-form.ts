import { useCallback, useRef, useState } from 'react';

/**
 * The one form open in the pane above the list (never both: each would push the list away): adding a subscription
 * or sending to the selected one. Closing it puts focus back on the button that opened it, so keyboard users are
 * not dropped at the top of the page.
 */
type PaneFormKind = 'add' | 'send';

interface PaneForm {
  readonly form: PaneFormKind | undefined;
  /** Opens `kind`; `opener` is where focus goes back to when it closes. */
  readonly open: (kind: PaneFormKind, opener: HTMLElement) => void;
  readonly close: () => void;
}

export function usePaneForm(): PaneForm {
  const [form, setForm] = useState<PaneFormKind | undefined>(undefined);
  const opener = useRef<HTMLElement | null>(null);
  const open = useCallback((kind: PaneFormKind, button: HTMLElement) => {
    opener.current = button;
    setForm(kind);
  }, []);
  const close = useCallback(() => {
    setForm(undefined);
    requestAnimationFrame(() => {
      opener.current?.focus();
    });
  }, []);
  return { form, open, close };
}
