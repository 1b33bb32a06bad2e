import { lazy, Suspense, useCallback, useEffect, useState, type MouseEvent, type ReactNode } from 'react';
import { t } from '../common/i18n/translate.ts';
import type { MessageRefDto } from '../common/ipc.ts';
import type { BridgeStatus } from './bridge.ts';
import { DesktopNoticesBanner } from './history/DesktopNoticesBanner.tsx';
import { HistoryView } from './history/HistoryView.tsx';
import { serverHealth, summarizeServers } from './history/server-health.ts';
import { ServerBanners } from './history/ServerBanners.tsx';
import { useConnections } from './use-connections.ts';
import { useTheme } from './theme.ts';
import { Button } from './ui/Button.tsx';

// Messages is what the window opens on; the other views (and yaml, for client.yml) load when first shown.
const SettingsView = lazy(() => import('./settings/SettingsView.tsx').then((m) => ({ default: m.SettingsView })));
const SubscriptionsView = lazy(() =>
  import('./subscriptions/SubscriptionsView.tsx').then((m) => ({ default: m.SubscriptionsView })),
);

interface AppProps {
  readonly bridge: BridgeStatus;
}

/** Where the window is: one of three views; the subscriptions view may open one subscription's editor. */
type Place =
  | { readonly view: 'history' }
  /** `editId` opens that subscription's editor; `fixServer` the credentials of that server's first subscription. */
  | { readonly view: 'subscriptions'; readonly editId?: string; readonly fixServer?: string }
  | { readonly view: 'settings' };

const views: readonly { readonly view: Place['view']; readonly label: () => string }[] = [
  { view: 'history', label: () => t('history.shell.view-messages') },
  { view: 'subscriptions', label: () => t('history.shell.view-subscriptions') },
  { view: 'settings', label: () => t('history.shell.view-settings') },
];

/**
 * One view, kept once shown (issue 33 §3): a view left for another is hidden and inert, not unmounted, so it keeps
 * its state (topic, open message, search, form drafts). It keeps its size too (styles.css stacks the slots in one
 * cell), so its panes keep their scroll positions and a virtual list its measured rows.
 */
function ViewSlot({ shown, children }: { readonly shown: boolean; readonly children: ReactNode }) {
  return (
    <div className="view-slot" data-shown={shown} inert={!shown}>
      {children}
    </div>
  );
}

export function App({ bridge }: AppProps) {
  const [place, setPlace] = useState<Place>({ view: 'history' });
  /** The views shown so far: each is mounted on its first visit and kept from then on. */
  const [visited, setVisited] = useState<ReadonlySet<Place['view']>>(() => new Set(['history']));
  const go = useCallback((next: Place) => {
    setPlace(next);
    setVisited((current) => (current.has(next.view) ? current : new Set([...current, next.view])));
  }, []);
  /** A notification click asked for this message; a new object each time, so the same message can be asked twice. */
  const [showRequest, setShowRequest] = useState<
    { readonly ref: MessageRefDto; readonly confirmAction?: number } | undefined
  >(undefined);
  const api = bridge.connected ? bridge.api : undefined;
  useTheme(api);
  const connections = useConnections(api);
  // Per server, not "the window reaches the core" (which users never doubt): what people look here for.
  const servers = summarizeServers(serverHealth(connections));

  useEffect(
    () =>
      api?.onShowMessage(({ confirmAction, ...ref }) => {
        go({ view: 'history' });
        setShowRequest(confirmAction === undefined ? { ref } : { ref, confirmAction });
      }),
    [api, go],
  );

  // The skip link's target: the list's one Tab stop (the row last focused), else the search box (no messages yet).
  const skipToList = (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    const target =
      document.querySelector<HTMLElement>('.message-scroller [role="option"][tabindex="0"]') ??
      document.querySelector<HTMLElement>('#history-search');
    target?.focus();
  };

  return (
    <div className="app">
      {bridge.connected && place.view === 'history' ? (
        <a className="skip-link" href="#history-title" onClick={skipToList}>
          {t('history.shell.skip-to-list')}
        </a>
      ) : null}
      <header className="app-header">
        <h1>ntfy Tray</h1>
        {bridge.connected ? (
          <nav className="app-nav" aria-label={t('history.shell.views-label')}>
            {views.map(({ view, label }) => (
              <Button
                key={view}
                variant="quiet"
                aria-current={place.view === view ? 'page' : undefined}
                onClick={() => {
                  go({ view });
                }}
              >
                {label()}
              </Button>
            ))}
          </nav>
        ) : null}
        <p
          className="bridge-status"
          data-connected={bridge.connected && servers.tone === 'ok'}
          data-tone={bridge.connected ? servers.tone : 'problem'}
          role="status"
          title={bridge.connected ? servers.headline : t('history.shell.no-bridge')}
        >
          {/* Only the dot shows in a short window (styles.css); the words stay for screen readers and on hover. */}
          <span className="bridge-status-text">
            {bridge.connected ? servers.headline : t('history.shell.no-bridge')}
          </span>
        </p>
      </header>
      {bridge.connected ? <DesktopNoticesBanner api={bridge.api} /> : null}
      {bridge.connected && place.view !== 'settings' ? (
        <ServerBanners
          api={bridge.api}
          connections={connections}
          onFixCredentials={(server) => {
            go({ view: 'subscriptions', fixServer: server });
          }}
        />
      ) : null}
      {!bridge.connected ? (
        <main className="app-main">
          <section className="empty-state" aria-labelledby="empty-state-title">
            <h2 id="empty-state-title">{t('history.shell.no-bridge-title')}</h2>
            <p>{t('history.shell.no-bridge-text')}</p>
          </section>
        </main>
      ) : (
        <div className="views">
          <ViewSlot shown={place.view === 'history'}>
            <HistoryView
              api={bridge.api}
              showRequest={showRequest}
              onEdit={(editId) => {
                go({ view: 'subscriptions', editId });
              }}
            />
          </ViewSlot>
          {visited.has('subscriptions') ? (
            <ViewSlot shown={place.view === 'subscriptions'}>
              <Suspense fallback={<main className="app-main" aria-busy="true" />}>
                <SubscriptionsView
                  api={bridge.api}
                  editId={place.view === 'subscriptions' ? place.editId : undefined}
                  fixServer={place.view === 'subscriptions' ? place.fixServer : undefined}
                />
              </Suspense>
            </ViewSlot>
          ) : null}
          {visited.has('settings') ? (
            <ViewSlot shown={place.view === 'settings'}>
              <Suspense fallback={<main className="app-main" aria-busy="true" />}>
                <SettingsView api={bridge.api} />
              </Suspense>
            </ViewSlot>
          ) : null}
        </div>
      )}
    </div>
  );
}
