import { describeStatus, type SubscriptionStatus } from './connection-status.ts';

export interface ConnectionStatusProps {
  readonly status: SubscriptionStatus;
  /** Milliseconds since the epoch, for the reconnect countdown. */
  readonly nowMs: number;
  readonly muted: boolean;
}

/**
 * One subscription's connection in words (the colour only repeats them). Not a live region: a countdown that
 * changes every second would talk over everything else.
 */
export function ConnectionStatus({ status, nowMs, muted }: ConnectionStatusProps) {
  const { label, detail, tone } = describeStatus(status, nowMs);
  return (
    <div className="connection-status" data-tone={tone}>
      <p className="connection-status-line">
        <span className="connection-status-dot" aria-hidden="true" />
        <span className="connection-status-label">{label}</span>
        {muted ? <span className="chip connection-status-muted">Muted</span> : null}
      </p>
      {detail === undefined ? null : <p className="connection-status-detail">{detail}</p>}
    </div>
  );
}
