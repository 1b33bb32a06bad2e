import { useRef, useState } from 'react';

export interface ClearSubscriptionProps {
  /** The subscription's display name or topic, for the question. */
  readonly name: string;
  readonly onConfirm: () => void;
}

/** "Clear messages…" asks once, in place, before deleting a subscription's stored messages. */
export function ClearSubscription({ name, onConfirm }: ClearSubscriptionProps) {
  const [asking, setAsking] = useState(false);
  const opener = useRef<HTMLButtonElement>(null);
  const cancel = () => {
    setAsking(false);
    requestAnimationFrame(() => opener.current?.focus());
  };

  if (!asking) {
    return (
      <button
        ref={opener}
        type="button"
        onClick={() => {
          setAsking(true);
        }}
      >
        Clear messages…
      </button>
    );
  }
  return (
    <div
      className="confirm-inline"
      role="group"
      aria-label={`Clear all messages of ${name}`}
      onKeyDown={(event) => {
        if (event.key === 'Escape') cancel();
      }}
    >
      <span>Delete all stored messages of {name}?</span>
      <button
        type="button"
        className="danger"
        // The question replaced the button that asked it: focus goes to the answer, not to the page top.
        autoFocus
        onClick={() => {
          setAsking(false);
          onConfirm();
        }}
      >
        Clear
      </button>
      <button type="button" onClick={cancel}>
        Cancel
      </button>
    </div>
  );
}
