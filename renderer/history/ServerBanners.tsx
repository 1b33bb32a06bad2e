import { t } from '../../common/i18n/translate.ts';
import { useEffect, useRef, useState, type ReactNode } from 'react';
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
import { Button } from '../ui/Button.tsx';
import { bannerSet, foldedSummary, isFolded, staysFolded, type FoldChoice } from './server-banners-fold.ts';
import './server-banners.css';

interface ServerBannersProps {
  readonly api: BridgeApi;
  readonly connections: readonly ConnectionDto[];
  /** "Fix credentials": opens the credentials of this server (one of its subscriptions' editors). */
  readonly onFixCredentials: (server: string) => void;
}

/**
 * One banner per server in trouble, in words (the core's own text, errno codes and all, only under "Details"),
 * with what the user can do: "Retry now" for one that cannot be reached, "Fix credentials" for one that refused
 * them. Nothing when every server is fine. With more than one server in trouble, or in a compact window, they start
 * folded to one line (how many, and the worst state); the user can unfold and fold them (server-banners-fold.ts).
 */
export function ServerBanners({ api, connections, onFixCredentials }: ServerBannersProps) {
  const troubled = troubledServers(serverHealth(connections));
  const nowMs = useTicker(anyRetryCountdown(troubled));
  /** What the user did with the fold (server-banners-fold.ts); untouched, two banners or a compact window fold. */
  const [choice, setChoice] = useState<FoldChoice>(undefined);
  const current = bannerSet(troubled);
  const compact = useShortLayout();
  const folded = isFolded(choice, current, compact);
  // A new problem ends the user's fold for good, so it does not come back when that problem goes away again.
  if (typeof choice === 'object' && !staysFolded(choice.over, current)) setChoice(undefined);

  // The button pressed is replaced by the other one: focus follows it rather than falling to <body>.
  const focusNext = useRef<'fold' | 'unfold' | undefined>(undefined);
  const foldButton = useRef<HTMLButtonElement>(null);
  const unfoldButton = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (focusNext.current === undefined) return;
    (focusNext.current === 'fold' ? foldButton : unfoldButton).current?.focus();
    focusNext.current = undefined;
  }, [folded]);

  if (troubled.length === 0) return null;
  const label = t('history.banner.servers-label');
  if (folded)
    return (
      <section className="trouble-banner server-banners" aria-label={label} data-folded="true">
        <Button
          ref={unfoldButton}
          variant="quiet"
          className="server-banners-unfold"
          aria-expanded={false}
          onClick={() => {
            focusNext.current = 'fold';
            setChoice('unfolded');
          }}
        >
          {foldedSummary(troubled)}
          <span aria-hidden="true"> ▸</span>
        </Button>
      </section>
    );
  const fold = (
    <Button
      ref={foldButton}
      variant="quiet"
      size="small"
      className="server-banners-fold"
      aria-label={t('history.banner.fold')}
      title={t('history.banner.fold')}
      aria-expanded={true}
      onClick={() => {
        focusNext.current = 'unfold';
        setChoice({ over: current });
      }}
    >
      <span aria-hidden="true">▾</span>
    </Button>
  );
  return (
    <section className="trouble-banner server-banners" aria-label={label}>
      <ul>
        {troubled.map((health, index) => (
          <ServerBanner
            key={health.server}
            api={api}
            health={health}
            nowMs={nowMs}
            onFixCredentials={onFixCredentials}
            fold={index === 0 ? fold : null}
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
  /** The fold button, at the end of the first banner (a row of its own would cost a short window a message). */
  readonly fold: ReactNode;
}

function ServerBanner({ api, health, nowMs, onFixCredentials, fold }: ServerBannerProps) {
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
      <div className="server-banner-actions">
        {health.kind === 'unreachable' ? (
          <Button aria-label={t('history.banner.retry-label', { name: health.name })} onClick={retry}>
            {t('history.banner.retry')}
          </Button>
        ) : health.kind === 'credentials' || health.kind === 'permission' ? (
          <Button
            aria-label={t('history.banner.fix-credentials-label', { name: health.name })}
            onClick={() => {
              onFixCredentials(health.server);
            }}
          >
            {t('history.banner.fix-credentials')}
          </Button>
        ) : null}
        {fold}
      </div>
    </li>
  );
}
