import { useEffect, useRef, useState, type RefObject } from 'react';
import type { LoginRequest } from './login-request.ts';

export interface LoginStepState {
  /** The step shown instead of the form, or undefined while the form is shown. */
  readonly request: LoginRequest | undefined;
  readonly open: (request: LoginRequest) => void;
  /** Back to the form, focus on the button that led to the step (Back, Escape, or a Test that passed). */
  readonly back: () => void;
  /** Back to the form with focus left to what the form shows next (the server is down: "Save anyway"). */
  readonly leave: () => void;
  readonly saveRef: RefObject<HTMLButtonElement | null>;
  readonly testRef: RefObject<HTMLButtonElement | null>;
}

/**
 * The login step's part of the editor, as ntfy's web app has it: when the server wants credentials the form turns
 * into "Login required for <server>", and Back returns to the form where it was left. `connected`: the subscription's
 * connection is open now.
 */
export function useLoginStep(initial: LoginRequest | undefined, connected: boolean): LoginStepState {
  const [request, setRequest] = useState(initial);
  // Once the subscription connects (its credentials fixed elsewhere: the tray's other window, an import), an old
  // refusal ("Credentials not accepted") would contradict the list; the step stays, without it.
  useEffect(() => {
    if (connected) setRequest((current) => (current?.check === undefined ? current : { ...current, check: undefined }));
  }, [connected]);
  /** A new object each time the step is left with Back, so focus moves every time. */
  const [returned, setReturned] = useState<{ readonly to: LoginRequest['origin'] } | undefined>(undefined);
  const saveRef = useRef<HTMLButtonElement>(null);
  const testRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (returned !== undefined) (returned.to === 'test' ? testRef : saveRef).current?.focus();
  }, [returned]);

  return {
    request,
    open: setRequest,
    back: () => {
      if (request !== undefined) setReturned({ to: request.origin });
      setRequest(undefined);
    },
    leave: () => {
      setRequest(undefined);
    },
    saveRef,
    testRef,
  };
}
