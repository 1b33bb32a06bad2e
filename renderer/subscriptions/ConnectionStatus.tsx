import { t } from '../../common/i18n/translate.ts';
import { Badge } from '../ui/Badge.tsx';
import { describeStatus, type SubscriptionStatus } from './connection-status.ts';

interface ConnectionStatusProps {
  readonly status: SubscriptionStatus;
  /** Milliseconds since the epoch, for the reconnect countdown. */
  readonly nowMs: number;
  readonly muted: boolean;
  /** Set while no subscription pops anything up (a global pause, or notifications off): why. */
  readonly paused: string | undefined;
}

/**
 * One subscription's connection in words (the colour only repeats them). Not a live region: a countdown that
 * changes every second would talk over everything else.
 */
export function ConnectionStatus({ status, nowMs, muted, paused }: ConnectionStatusProps) {
  const { label, detail, tone } = describeStatus(status, nowMs);
  return (
    <div className="connection-status" data-tone={tone}>
      <p className="connection-status-line">
        <span className="connection-status-dot" aria-hidden="true" />
        <span className="connection-status-label">{label}</span>
        {muted ? (
          <Badge tone="idle" className="connection-status-muted">
            {t('subscriptions.status.muted')}
          </Badge>
        ) : null}
        {paused === undefined ? null : (
          <Badge tone="warn" className="connection-status-muted connection-status-paused" title={paused}>
            {/* Seen: the short word (the reason is its tooltip); heard: one whole sentence with the reason. */}
            <span aria-hidden="true">{t('subscriptions.status.paused')}</span>
            <span className="visually-hidden">{t('subscriptions.status.paused-because', { reason: paused })}</span>
          </Badge>
        )}
      </p>
      {detail === undefined ? null : <p className="connection-status-detail">{detail}</p>}
    </div>
  );
}
