import type { BridgeApi } from '../../preload/contract.ts';

export interface SubscriptionsViewProps {
  readonly api: BridgeApi;
  /** Open the editor of this subscription at once (e.g. "fix credentials" from elsewhere). */
  readonly editId?: string | undefined;
}

/** Placeholder until the subscription editor lands. */
export function SubscriptionsView({ api }: SubscriptionsViewProps) {
  void api;
  return (
    <main className="subscriptions" aria-labelledby="subscriptions-title">
      <h2 id="subscriptions-title">Subscriptions</h2>
    </main>
  );
}
