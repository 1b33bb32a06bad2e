import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { t } from '../../common/i18n/translate.ts';
import type { BridgeApi } from '../../common/ipc.ts';
import { useSubscriptions } from '../history/use-subscriptions.ts';
import { AccountSection } from './AccountSection.tsx';
import { anyCountdown, subscriptionStatus } from './connection-status.ts';
import { SubscriptionEditor, type EditorFocus, type EditorResult } from './SubscriptionEditor.tsx';
import { SubscriptionRow } from './SubscriptionRow.tsx';
import { useNotificationsPaused } from './use-notifications-paused.ts';
import { useTicker } from './use-ticker.ts';
import './subscriptions.css';
import { Button } from '../ui/Button.tsx';

interface SubscriptionsViewProps {
  readonly api: BridgeApi;
  /** Open the editor of this subscription at once, on its fields (the topic header's Edit). */
  readonly editId?: string | undefined;
  /** Open the credentials of this server (its first subscription's editor): "Fix credentials" on a server banner. */
  readonly fixServer?: string | undefined;
}

interface OpenEditor {
  /** Keys the editor, so opening it again starts from what is saved. */
  readonly session: number;
  /** Undefined: a new subscription. */
  readonly id: string | undefined;
  readonly focus: EditorFocus;
}

/** Every subscription with its live connection status, and the editor to add, change or delete one. */
export function SubscriptionsView({ api, editId, fixServer }: SubscriptionsViewProps) {
  const { subscriptions, connections, error, refreshSubscriptions } = useSubscriptions(api);
  const [editor, setEditor] = useState<OpenEditor | undefined>(undefined);
  const sessions = useRef(0);
  /** The button that opened the editor, to give focus back to. */
  const opener = useRef<HTMLElement | null>(null);
  const addButton = useRef<HTMLButtonElement>(null);
  const editButtons = useRef(new Map<string, HTMLButtonElement>());

  const statuses = useMemo(
    () => new Map((subscriptions ?? []).map((item) => [item.id, subscriptionStatus(item, connections)])),
    [subscriptions, connections],
  );
  const nowMs = useTicker(anyCountdown([...statuses.values()]));
  const paused = useNotificationsPaused(api);

  const open = useCallback((id: string | undefined, focus: EditorFocus, button: HTMLElement | null) => {
    opener.current = button;
    sessions.current += 1;
    setEditor({ session: sessions.current, id, focus });
  }, []);

  // Asked from elsewhere (the topic header's Edit): once per id, as soon as the list is known. The view stays
  // mounted when the window shows another (App.tsx), so an ask ends when the id goes; the same id may come again.
  const openedFor = useRef<string | undefined>(undefined);
  useEffect(() => {
    if (editId === undefined) openedFor.current = undefined;
    if (editId === undefined || subscriptions === undefined || openedFor.current === editId) return;
    openedFor.current = editId;
    if (subscriptions.some((item) => item.id === editId)) open(editId, 'fields', null); // the form: nothing refused
  }, [editId, subscriptions, open]);
  const fixedFor = useRef<string | undefined>(undefined);
  useEffect(() => {
    if (fixServer === undefined) fixedFor.current = undefined;
    if (fixServer === undefined || subscriptions === undefined || fixedFor.current === fixServer) return;
    fixedFor.current = fixServer;
    const first = subscriptions.find((item) => item.server === fixServer);
    if (first !== undefined) open(first.id, 'credentials', null);
  }, [fixServer, subscriptions, open]);

  // A subscription just added: its row gets focus (and scrolls into view) once the refreshed list shows it.
  const [focusAdded, setFocusAdded] = useState<string | undefined>(undefined);
  useEffect(() => {
    if (focusAdded === undefined) return;
    const button = editButtons.current.get(focusAdded);
    if (button === undefined) return;
    button.scrollIntoView({ block: 'nearest' });
    button.focus();
    setFocusAdded(undefined);
  }, [focusAdded, subscriptions]);

  const close = (result: EditorResult) => {
    setEditor(undefined);
    if (result.outcome === 'saved' && editor?.id === undefined) {
      setFocusAdded(result.subscription.id);
      return;
    }
    // Back to the button that opened the editor, unless it is about to go: a "Fix credentials" button once the
    // credentials work (then the row's Edit button), a deleted subscription's buttons (then "Add subscription").
    // The list has not been asked again yet, so those buttons are still there now.
    const openerGoes = result.outcome === 'deleted' || (result.outcome === 'saved' && editor?.focus === 'credentials');
    const id = result.outcome === 'saved' ? result.subscription.id : result.subscriptionId;
    requestAnimationFrame(() => {
      const rowButton = id === undefined || result.outcome === 'deleted' ? undefined : editButtons.current.get(id);
      const openerStays = opener.current?.isConnected === true && !openerGoes;
      const target = openerStays ? opener.current : (rowButton ?? addButton.current);
      target?.focus();
    });
  };

  const editing = editor === undefined ? undefined : subscriptions?.find((item) => item.id === editor.id);

  return (
    <main className="subscriptions" aria-labelledby="subscriptions-title" data-editing={editor !== undefined}>
      <div className="subscriptions-pane">
        <div className="subscriptions-header">
          <h2 id="subscriptions-title">{t('subscriptions.view.title')}</h2>
          <Button
            ref={addButton}
            type="button"
            variant="primary"
            onClick={(event) => {
              open(undefined, 'fields', event.currentTarget);
            }}
          >
            {t('subscriptions.view.add')}
          </Button>
        </div>
        {error === undefined ? null : (
          <p className="form-error" role="alert">
            {error}
          </p>
        )}
        {subscriptions === undefined ? null : subscriptions.length === 0 ? (
          <section className="empty-state" aria-labelledby="subscriptions-empty-title">
            <h3 id="subscriptions-empty-title">{t('subscriptions.view.empty-title')}</h3>
            <p>{t('subscriptions.view.empty-text')}</p>
            <Button
              type="button"
              onClick={(event) => {
                open(undefined, 'fields', event.currentTarget);
              }}
            >
              {t('subscriptions.view.add-first')}
            </Button>
          </section>
        ) : (
          <ul className="subscriptions-list" aria-labelledby="subscriptions-title">
            {subscriptions.map((item) => (
              <SubscriptionRow
                key={item.id}
                subscription={item}
                status={statuses.get(item.id) ?? { kind: 'not-connected' }}
                nowMs={nowMs}
                paused={paused}
                editButtonRef={(button) => {
                  if (button === null) editButtons.current.delete(item.id);
                  else editButtons.current.set(item.id, button);
                }}
                onEdit={(button) => {
                  open(item.id, 'fields', button);
                }}
                onFixCredentials={(button) => {
                  open(item.id, 'credentials', button);
                }}
                onStopCommand={() => {
                  // The row changes when the run has ended (commandStateChanged); the list is read again then.
                  void api.stopSubscriptionCommand(item.id).then(refreshSubscriptions);
                }}
              />
            ))}
          </ul>
        )}
        <AccountSection api={api} />
      </div>
      {editor === undefined || subscriptions === undefined ? null : (
        <SubscriptionEditor
          key={editor.session}
          api={api}
          subscription={editing}
          subscriptions={subscriptions}
          focus={editor.focus}
          connected={editor.id !== undefined && statuses.get(editor.id)?.kind === 'connected'}
          onChanged={refreshSubscriptions}
          onClose={close}
        />
      )}
    </main>
  );
}
