import type { ConnectionDto, SubscriptionDto } from '../../common/ipc.ts';
import { connectionKindFor } from './format.ts';

export interface TroubleBannerProps {
  readonly subscriptions: readonly SubscriptionDto[];
  readonly connections: readonly ConnectionDto[];
  /** Opens the editor of that subscription. */
  readonly onFix: (id: string) => void;
}

/** Subscriptions whose server rejected their credentials, each with a way to fix them; nothing when all is well. */
export function TroubleBanner({ subscriptions, connections, onFix }: TroubleBannerProps) {
  const rejected = subscriptions.filter((item) => connectionKindFor(item, connections) === 'auth-failed');
  if (rejected.length === 0) return null;
  return (
    <section className="trouble-banner" aria-label="Connection problems">
      <ul>
        {rejected.map((item) => (
          <li key={item.id}>
            <span>
              Credentials rejected for <strong>{item.displayName ?? item.topic}</strong>: its messages are not arriving.
            </span>
            <button
              type="button"
              onClick={() => {
                onFix(item.id);
              }}
            >
              Fix credentials
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
