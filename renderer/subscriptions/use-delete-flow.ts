import { useRef, useState, type RefObject } from 'react';
import type { BridgeApi } from '../../common/ipc.ts';

export interface DeleteFlow {
  /** The second step ("Also delete its stored messages?") is shown instead of the form's buttons. */
  readonly confirming: boolean;
  readonly busy: boolean;
  readonly error: string | undefined;
  /** The "Unsubscribe…" button: focus returns to it when the second step is left. */
  readonly buttonRef: RefObject<HTMLButtonElement | null>;
  readonly start: () => void;
  readonly cancel: () => void;
  readonly remove: (deleteHistory: boolean) => void;
}

/** Unsubscribing from the editor: asked once more, then removed in the core (its stored messages too if asked). */
export function useDeleteFlow(
  api: BridgeApi,
  subscriptionId: string | undefined,
  onRemoved: (subscriptionId: string) => void,
): DeleteFlow {
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | undefined>(undefined);
  const buttonRef = useRef<HTMLButtonElement>(null);

  return {
    confirming,
    busy,
    error,
    buttonRef,
    start: () => {
      setConfirming(true);
    },
    cancel: () => {
      setConfirming(false);
      setError(undefined);
      requestAnimationFrame(() => {
        buttonRef.current?.focus();
      });
    },
    remove: (deleteHistory) => {
      if (subscriptionId === undefined) return;
      setBusy(true);
      void api.removeSubscription(subscriptionId, { deleteHistory }).then((result) => {
        setBusy(false);
        if (result.ok) onRemoved(subscriptionId);
        else setError(result.error.message);
      });
    },
  };
}
