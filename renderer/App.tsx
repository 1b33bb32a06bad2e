import { lazy, Suspense, useEffect, useState } from 'react';
import type { MessageRefDto } from '../common/ipc.ts';
import type { BridgeStatus } from './bridge.ts';
import { DesktopNoticesBanner } from './history/DesktopNoticesBanner.tsx';
import { HistoryView } from './history/HistoryView.tsx';
import { useTheme } from './theme.ts';

// Messages is what the window opens on; the other views (and yaml, for client.yml) load when first shown.
const SettingsView = lazy(() => import('./settings/SettingsView.tsx').then((m) => ({ default: m.SettingsView })));
const SubscriptionsView = lazy(() =>
  import('./subscriptions/SubscriptionsView.tsx').then((m) => ({ default: m.SubscriptionsView })),
);

export interface AppProps {
  readonly bridge: BridgeStatus;
}

/** Where the window is: one of three views; the subscriptions view may open one subscription's editor. */
export type Place =
  | { readonly view: 'history' }
  | { readonly view: 'subscriptions'; readonly editId?: string }
  | { readonly view: 'settings' };

const views: readonly { readonly view: Place['view']; readonly label: string }[] = [
  { view: 'history', label: 'Messages' },
  { view: 'subscriptions', label: 'Subscriptions' },
  { view: 'settings', label: 'Settings' },
];

export function App({ bridge }: AppProps) {
  const [place, setPlace] = useState<Place>({ view: 'history' });
  /** A notification click asked for this message; a new object each time, so the same message can be asked twice. */
  const [showRequest, setShowRequest] = useState<{ readonly ref: MessageRefDto } | undefined>(undefined);
  const api = bridge.connected ? bridge.api : undefined;
  useTheme(api);

  useEffect(
    () =>
      api?.onShowMessage((ref) => {
        setPlace({ view: 'history' });
        setShowRequest({ ref });
      }),
    [api],
  );

  return (
    <div className="app">
      <header className="app-header">
        <h1>ntfy Tray</h1>
        {bridge.connected ? (
          <nav className="app-nav" aria-label="Views">
            {views.map(({ view, label }) => (
              <button
                key={view}
                type="button"
                aria-current={place.view === view ? 'page' : undefined}
                onClick={() => {
                  setPlace({ view });
                }}
              >
                {label}
              </button>
            ))}
          </nav>
        ) : null}
        <p className="bridge-status" data-connected={bridge.connected} role="status">
          {bridge.connected ? 'Connected to the app' : 'Not connected to the app (no window.ntfy bridge)'}
        </p>
      </header>
      {bridge.connected ? <DesktopNoticesBanner api={bridge.api} /> : null}
      {!bridge.connected ? (
        <main className="app-main">
          <section className="empty-state" aria-labelledby="empty-state-title">
            <h2 id="empty-state-title">No subscriptions yet</h2>
            <p>Subscribe to a topic on an ntfy server and its notifications will show up here.</p>
          </section>
        </main>
      ) : place.view === 'history' ? (
        <HistoryView api={bridge.api} onNavigate={setPlace} showRequest={showRequest} />
      ) : (
        <Suspense fallback={<main className="app-main" aria-busy="true" />}>
          {place.view === 'subscriptions' ? (
            <SubscriptionsView api={bridge.api} editId={place.editId} />
          ) : (
            <SettingsView api={bridge.api} />
          )}
        </Suspense>
      )}
    </div>
  );
}
