import { t } from '../../common/i18n/translate.ts';
import { useState } from 'react';
import type { BridgeApi, ConnectionDto } from '../../common/ipc.ts';
import { useShortLayout } from '../layout/use-media-query.ts';
import { useTicker } from '../subscriptions/use-ticker.ts';
import {
  anyRetryCountdown,
  describeServerHealth,
  serverHealth,
  type ServerHealth,
  troubledServers,
} from './server-health.ts';
import './server-banners.css';

export interface ServerBannersProps {
  readonly api: BridgeApi;
  readonly connections: readonly ConnectionDto[];
  /** "Fix credentials": opens the credentials of this server (one of its subscriptions' editors). */
  readonly onFixCredentials: (server: string) => void;
}

/**
 * One banner per server in trouble, in words (the core's own text, errno codes and all, only under "Details"),
 * with what the user can do: "Retry now" for one that cannot be reached, "Fix credentials" for one that refused
 * them. Nothing when every server is fine.
 */
export function ServerBanners({ api, connections, onFixCredentials }: ServerBannersProps) {
  const troubled = troubledServers(serverHealth(connections));
  const nowMs = useTicker(anyRetryCountdown(troubled));
  if (troubled.length === 0) return null;
  return (
    <section className="trouble-banner server-banners" aria-label={t('history.banner.servers-label')}>
      <ul>
        {troubled.map((health) => (
          <ServerBanner
            key={health.server}
            api={api}
            health={health}
            nowMs={nowMs}
            onFixCredentials={onFixCredentials}
          />
        ))}
      </ul>
    </section>
  );
}

interface ServerBannerProps {
  readonly api: BridgeApi;
  readonly health: ServerHealth;
  readonly nowMs: number;
  readonly onFixCredentials: (server: string) => void;
}

function ServerBanner({ api, health, nowMs, onFixCredentials }: ServerBannerProps) {
  const { headline, why } = describeServerHealth(health, nowMs);
  const [retryError, setRetryError] = useState<string | undefined>(undefined);
  // In a short window (200 % zoom) a banner is one line: the why folds into its Details with the core's words.
  const short = useShortLayout();
  const folded = short && why !== undefined;
  const retry = () => {
    setRetryError(undefined);
    void api.reconnectServer(health.server).then((result) => {
      if (!result.ok) setRetryError(t('history.banner.retry-failed', { reason: result.error.message }));
    });
  };
  return (
    <li className="server-banner" data-server={health.server} data-kind={health.kind}>
      <div className="server-banner-text">
        <p className="server-banner-headline">{headline}</p>
        {why === undefined || folded ? null : <p className="server-banner-why">{why}</p>}
        {health.detail === undefined && !folded ? null : (
          <details className="server-banner-details">
            <summary>{t('history.banner.details')}</summary>
            {folded ? <p className="server-banner-why">{why}</p> : null}
            {health.detail === undefined ? null : <p>{health.detail}</p>}
          </details>
        )}
        {retryError === undefined ? null : (
          <p className="form-error" role="alert">
            {retryError}
          </p>
        )}
      </div>
      {health.kind === 'unreachable' ? (
        <button type="button" aria-label={t('history.banner.retry-label', { name: health.name })} onClick={retry}>
          {t('history.banner.retry')}
        </button>
      ) : health.kind === 'credentials' ? (
        <button
          type="button"
          aria-label={t('history.banner.fix-credentials-label', { name: health.name })}
          onClick={() => {
            onFixCredentials(health.server);
          }}
        >
          {t('history.banner.fix-credentials')}
        </button>
      ) : null}
    </li>
  );
}
