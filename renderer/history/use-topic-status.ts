import { useCallback, useState } from 'react';

/**
 * The last thing done to a topic, in words, for its header's status line ("Sent", "Sending test notification…"): it
 * belongs to the topic it was done to, so another topic's header never shows it, and a final outcome fades (the
 * header's animation, topic-header.css) and is then gone.
 */
export interface TopicStatus {
  /** The topic's key (format.ts subscriptionKey). */
  readonly topic: string;
  readonly text: string;
  /** A final outcome, which fades; "Sending…" stays until the answer replaces it. */
  readonly fades: boolean;
  /** Tells one status from the next with the same words. */
  readonly id: number;
}

export interface TopicStatusState {
  /** The status of `topic`, if the last one is about it. */
  readonly of: (topic: string) => TopicStatus | undefined;
  readonly show: (topic: string, text: string, fades: boolean) => void;
  /** Shows "Sending…" (`pending`) for `topic` until `outcome` says what happened, then that, fading. */
  readonly track: (topic: string, pending: string, outcome: Promise<string>) => void;
  /** The header's fade ended: the status `id` is gone (unless a newer one replaced it). */
  readonly faded: (id: number) => void;
}

let nextId = 0;

export function useTopicStatus(): TopicStatusState {
  const [status, setStatus] = useState<TopicStatus | undefined>(undefined);
  const show = useCallback((topic: string, text: string, fades: boolean) => {
    nextId += 1;
    setStatus({ topic, text, fades, id: nextId });
  }, []);
  const track = useCallback(
    (topic: string, pending: string, outcome: Promise<string>) => {
      show(topic, pending, false);
      void outcome.then((text) => {
        show(topic, text, true);
      });
    },
    [show],
  );
  const faded = useCallback((id: number) => {
    setStatus((current) => (current?.id === id ? undefined : current));
  }, []);
  const of = (topic: string) => (status?.topic === topic ? status : undefined);
  return { of, show, track, faded };
}
