import type { BridgeStatus } from './bridge.ts';
import { HistoryView } from './history/HistoryView.tsx';

export interface AppProps {
  readonly bridge: BridgeStatus;
}

export function App({ bridge }: AppProps) {
  return (
    <div className="app">
      <header className="app-header">
        <h1>ntfy Tray</h1>
        <p className="bridge-status" data-connected={bridge.connected} role="status">
          {bridge.connected ? 'Connected to the app' : 'Not connected to the app (no window.ntfy bridge)'}
        </p>
      </header>
      {bridge.connected ? (
        <HistoryView api={bridge.api} />
      ) : (
        <main className="app-main">
          <section className="empty-state" aria-labelledby="empty-state-title">
            <h2 id="empty-state-title">No subscriptions yet</h2>
            <p>Subscribe to a topic on an ntfy server and its notifications will show up here.</p>
          </section>
        </main>
      )}
    </div>
  );
}
