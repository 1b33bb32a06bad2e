import { useEffect, useRef, type KeyboardEvent, type ReactNode } from 'react';

interface EditorFrameProps {
  /** Over everything, as ntfy's web app shows its subscribe dialog; otherwise a pane in its view. */
  readonly modal: boolean;
  readonly className: string;
  readonly labelledBy: string;
  readonly onKeyDown: (event: KeyboardEvent<HTMLElement>) => void;
  readonly children: ReactNode;
}

/**
 * Where the editor sits. Modal, it is a native <dialog> in the top layer: it gets the room it needs (up to the
 * window, scrolling inside only when the window is smaller), the rest of the window is inert until it closes, and
 * Escape is the editor's own (it may step back from the login step rather than close).
 */
export function EditorFrame({ modal, className, labelledBy, onKeyDown, children }: EditorFrameProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    if (modal && dialog.current?.open === false) dialog.current.showModal();
  }, [modal]);
  if (!modal) {
    return (
      <section className={className} role="dialog" aria-labelledby={labelledBy} onKeyDown={onKeyDown}>
        {children}
      </section>
    );
  }
  return (
    <dialog
      ref={dialog}
      className={className}
      aria-labelledby={labelledBy}
      onKeyDown={onKeyDown}
      onCancel={(event) => {
        // The browser's own Escape would close it behind React's back; onKeyDown decides instead.
        event.preventDefault();
      }}
    >
      {children}
    </dialog>
  );
}
