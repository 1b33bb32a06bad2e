import { useCallback, useEffect, useId, useRef, useState, type KeyboardEvent, type SubmitEvent } from 'react';
import { t } from '../../common/i18n/translate.ts';
import type { BridgeApi, BridgeError, SubscriptionDto, SubscriptionTestResult } from '../../common/ipc.ts';
import { AddressFields, type AddressField } from './AddressFields.tsx';
import { AdvancedFields, advancedFieldNames, type AdvancedField } from './AdvancedFields.tsx';
import { entryFor, entryToTestCredentials, untestableEntry, type CredentialsEntry } from './credentials.ts';
import { describeTestResult } from './connection-status.ts';
import { CredentialsSection } from './CredentialsSection.tsx';
import { DeleteConfirm } from './DeleteConfirm.tsx';
import { placeFieldErrors } from './field-errors.ts';
import { draftFromSubscription, draftToInput, emptyDraft, type SubscriptionDraft } from './subscription-draft.ts';
import { TestOutcome, type TestState } from './TestOutcome.tsx';
import { checkAddress } from './topic-url.ts';
import { useCredentialsEditor } from './use-credentials-editor.ts';
import { useDefaultServer } from './use-default-server.ts';
import { Button } from '../ui/Button.tsx';
import './subscriptions.css';
import './subscription-form.css';

/** Where focus goes when the editor opens: its first field, or the credentials ("Fix credentials"). */
export type EditorFocus = 'fields' | 'credentials';

/** How the editor closed; a save hands over the subscription as the core stored it. */
export type EditorResult =
  | { readonly outcome: 'cancelled' | 'deleted'; readonly subscriptionId: string | undefined }
  | { readonly outcome: 'saved'; readonly subscription: SubscriptionDto };

export interface SubscriptionEditorProps {
  readonly api: BridgeApi;
  /** Undefined: a new subscription. */
  readonly subscription: SubscriptionDto | undefined;
  /** All of them: credentials belong to a server, and any subscription on it tells what is stored. */
  readonly subscriptions: readonly SubscriptionDto[];
  readonly focus: EditorFocus;
  /** This subscription's connection is open now: a failed Test result from before is stale. */
  readonly connected: boolean;
  /** Something was saved or removed: the list should be asked again. */
  readonly onChanged: () => void;
  readonly onClose: (result: EditorResult) => void;
  /** The pane's look where it is shown: beside the Subscriptions list, or over the Messages list. */
  readonly className?: string;
}

const fieldNames = ['topic', 'server', 'displayName', ...advancedFieldNames] as const;
type FieldName = AddressField | AdvancedField;

/** An answer about the typed credentials (an empty input, the keychain): it belongs in the credentials section. */
function isCredentialsError(error: BridgeError): boolean {
  if (error.code === 'keychain-unavailable') return true;
  return Object.keys(error.fields ?? {}).some((path) => path.startsWith('credentials.'));
}

/**
 * The one form to add a subscription (from Messages and from Subscriptions) and to edit one: where it is first,
 * everything else folded under "Advanced", the server's login, Test and Save.
 */
export function SubscriptionEditor(props: SubscriptionEditorProps) {
  const { api, subscription, subscriptions, connected, onChanged, onClose } = props;
  const id = useId();
  const [subscriptionId, setSubscriptionId] = useState(subscription?.id);
  const [draft, setDraft] = useState<SubscriptionDraft>(() =>
    subscription === undefined ? emptyDraft('') : draftFromSubscription(subscription),
  );
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<FieldName, string>>>({});
  const [formError, setFormError] = useState<string | undefined>(undefined);
  // "Fix credentials" opens the editor on the credentials, which live under Advanced.
  const [advancedOpen, setAdvancedOpen] = useState(props.focus === 'credentials');
  const [saving, setSaving] = useState(false);
  /** Typed credentials could not be checked (the server is down): why, while "Save anyway" is offered. */
  const [unchecked, setUnchecked] = useState<string | undefined>(undefined);
  const saveAnywayButton = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (unchecked !== undefined) saveAnywayButton.current?.focus();
  }, [unchecked]);
  const [test, setTest] = useState<TestState>({ kind: 'idle' });
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const [deleteError, setDeleteError] = useState<string | undefined>(undefined);
  const [deleting, setDeleting] = useState(false);
  const firstField = useRef<HTMLInputElement>(null);
  const deleteButton = useRef<HTMLButtonElement>(null);
  const testButton = useRef<HTMLButtonElement>(null);

  const update = (patch: Partial<SubscriptionDraft>) => {
    setDraft((current) => ({ ...current, ...patch }));
    // A result is about the server and topic it tested; once either changes it would mislead.
    if ('server' in patch || 'topic' in patch) {
      setTest({ kind: 'idle' });
      setUnchecked(undefined);
    }
  };

  useDefaultServer(
    api,
    useCallback((server: string) => {
      setDraft((current) => (current.server === '' ? { ...current, server } : current));
    }, []),
  );

  const address = checkAddress(draft.topic, draft.server);
  // The credentials belong to the server the subscription will use, which a topic URL may name.
  const server = address.ok ? address.address.server : draft.server;
  const credentials = useCredentialsEditor({
    api,
    server,
    subscriptions,
    fixing: props.focus === 'credentials',
    onStoredChanged: onChanged,
    onServerError: useCallback((problem: string | undefined) => {
      setFieldErrors(({ server: _server, ...others }) =>
        problem === undefined ? others : { ...others, server: problem },
      );
    }, []),
  });

  // Once the connection is open, an old "Wrong credentials" (or "Unreachable") would contradict the list.
  useEffect(() => {
    if (connected)
      setTest((current) => (current.kind === 'done' && current.result.outcome !== 'ok' ? { kind: 'idle' } : current));
  }, [connected]);

  const onCredentialsChange = (next: CredentialsEntry) => {
    credentials.setEntry(next);
    // A result is about the credentials it tested.
    setTest({ kind: 'idle' });
    setUnchecked(undefined);
  };

  const focusCredentials = credentials.focus;
  const initialFocus = useRef(props.focus);
  useEffect(() => {
    if (initialFocus.current === 'credentials') focusCredentials();
    else firstField.current?.focus();
  }, [focusCredentials]);

  /** What the core gets: the typed topic and server read with the common rule (https assumed). */
  const input = () => draftToInput(address.ok ? { ...draft, ...address.address } : draft, subscriptionId);

  const showErrors = (fields: Partial<Record<FieldName, string>>, message: string | undefined) => {
    setFieldErrors(fields);
    setFormError(message);
    // A problem under a folded "Advanced" would be invisible.
    if (advancedFieldNames.some((name) => fields[name] !== undefined)) setAdvancedOpen(true);
  };

  /**
   * Save, checked by the core as Test checks: a new subscription and typed credentials are tried against the server
   * first; refused, it asks for credentials right here; a server that is down gets "Save anyway".
   */
  const save = async (saveAnyway: boolean) => {
    if (!address.ok) {
      showErrors(address.errors, undefined);
      return;
    }
    setUnchecked(undefined);
    const typed = entryToTestCredentials(credentials.entry);
    const result = await api.saveCheckedSubscription(input(), typed, { saveAnyway });
    if (!result.ok) {
      if (isCredentialsError(result.error)) {
        credentials.showError(result.error);
        askForCredentials();
        return;
      }
      const placed = placeFieldErrors(result.error, fieldNames);
      showErrors(placed.fields, placed.formError);
      return;
    }
    setFieldErrors({});
    setFormError(undefined);
    if (result.value.outcome === 'not-saved') {
      refused(result.value.check, typed.kind !== 'stored');
      return;
    }
    const saved = result.value.subscription;
    setSubscriptionId(saved.id);
    credentials.saved(saved.server);
    onChanged();
    onClose({ outcome: 'saved', subscription: saved });
  };

  /** Nothing was saved: the server is down (typed credentials wait for "Save anyway"), or wants other credentials. */
  const refused = (check: SubscriptionTestResult, typed: boolean) => {
    setTest({ kind: 'idle' });
    if (check.outcome === 'unreachable') {
      setUnchecked(describeTestResult(check, input().server).detail);
      return;
    }
    if (!typed) {
      const stored = credentials.stored;
      credentials.refused({}, stored.auth === 'none' ? t('subscriptions.credentials.needed') : check.detail);
    } else {
      credentials.refused({ [credentials.entry.kind === 'token' ? 'token' : 'password']: check.detail }, undefined);
    }
    askForCredentials();
  };

  const submit = (saveAnyway: boolean) => {
    if (saving) return;
    setSaving(true);
    void save(saveAnyway).finally(() => {
      setSaving(false);
    });
  };

  const onSubmit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    submit(false);
  };

  const runTest = () => {
    const untestable = untestableEntry(credentials.entry);
    if (untestable !== undefined) {
      setTest({ kind: 'failed', message: untestable });
      return;
    }
    setTest({ kind: 'running' });
    const typed = entryToTestCredentials(credentials.entry);
    const tested = input();
    void api.testSubscription(tested, typed).then((result) => {
      setTest(
        result.ok
          ? { kind: 'done', result: result.value, server: tested.server }
          : { kind: 'failed', message: result.error.message },
      );
      if (result.ok && result.value.outcome !== 'ok' && result.value.outcome !== 'unreachable') askForCredentials();
    });
  };

  // The server wants (other) credentials: ask for them right here, as ntfy's web app does with its login dialog,
  // instead of saying "No permission" with the fields folded away under Advanced.
  const askForCredentials = () => {
    setAdvancedOpen(true);
    const { stored, entry, replacing } = credentials;
    // Stored credentials the server refused are shown as "Credentials stored": out come the inputs for new ones.
    if (stored.auth !== 'none' && stored.hasSecret && !replacing) {
      credentials.replace();
      return;
    }
    if (entry.kind === 'none' && stored.auth === 'none') credentials.setEntry(entryFor('basic', stored));
    credentials.focus();
  };

  const remove = (deleteHistory: boolean) => {
    if (subscriptionId === undefined) return;
    setDeleting(true);
    void api.removeSubscription(subscriptionId, { deleteHistory }).then((result) => {
      setDeleting(false);
      if (!result.ok) {
        setDeleteError(result.error.message);
        return;
      }
      onChanged();
      onClose({ outcome: 'deleted', subscriptionId });
    });
  };

  const cancelDelete = () => {
    setConfirmingDelete(false);
    setDeleteError(undefined);
    requestAnimationFrame(() => {
      deleteButton.current?.focus();
    });
  };

  const cancel = () => {
    onClose({ outcome: 'cancelled', subscriptionId });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key !== 'Escape') return;
    event.preventDefault();
    if (confirmingDelete) cancelDelete();
    else cancel();
  };

  const title =
    subscriptionId === undefined ? t('subscriptions.editor.add-title') : t('subscriptions.editor.edit-title');
  const name = draft.displayName.trim() === '' ? draft.topic : draft.displayName.trim();

  return (
    <section
      className={props.className ?? 'subscription-editor'}
      role="dialog"
      aria-labelledby={`${id}-title`}
      onKeyDown={onKeyDown}
    >
      <h2 id={`${id}-title`}>{title}</h2>
      <form noValidate onSubmit={onSubmit}>
        <AddressFields
          idPrefix={id}
          draft={draft}
          errors={fieldErrors}
          onChange={update}
          topicRef={firstField}
          offerGenerate={subscriptionId === undefined}
        />
        <AdvancedFields
          idPrefix={id}
          draft={draft}
          errors={fieldErrors}
          onChange={update}
          open={advancedOpen}
          onOpenChange={setAdvancedOpen}
        >
          <CredentialsSection
            idPrefix={id}
            stored={credentials.stored}
            entry={credentials.entry}
            onEntryChange={onCredentialsChange}
            replacing={credentials.replacing}
            onReplace={() => {
              credentials.replace();
              setTest({ kind: 'idle' });
            }}
            onRemove={() => {
              credentials.remove();
              setTest({ kind: 'idle' });
            }}
            errors={credentials.errors}
            problem={credentials.problem}
            busy={credentials.busy}
            focusRef={credentials.focusRef}
          />
        </AdvancedFields>

        {formError === undefined ? null : (
          <p className="form-error" role="alert">
            {formError}
          </p>
        )}
        {unchecked === undefined ? null : (
          <div className="form-error save-unchecked" role="alert">
            <p>{t('subscriptions.credentials.unchecked', { problem: unchecked })}</p>
            <p>{t('subscriptions.credentials.unchecked-hint')}</p>
            <Button
              ref={saveAnywayButton}
              type="button"
              disabled={saving}
              onClick={() => {
                submit(true);
              }}
            >
              {t('subscriptions.credentials.save-anyway')}
            </Button>
          </div>
        )}
        <TestOutcome
          state={test}
          onUseServer={(plain) => {
            // The topic stays; a topic URL in its field gives way to the bare topic, so the new server is used.
            update({ server: plain, ...(address.ok ? { topic: address.address.topic } : {}) });
            testButton.current?.focus();
          }}
        />
        {/* Save may wait for the server's check (up to its request timeout on a slow one): say so. Always present,
            so screen readers hear the text arrive; shown only after a moment, so a quick save does not flash it. */}
        <p className="save-progress" aria-live="polite">
          {saving ? t('subscriptions.editor.saving') : ''}
        </p>

        {confirmingDelete ? (
          <DeleteConfirm
            idPrefix={id}
            name={name}
            busy={deleting}
            error={deleteError}
            onConfirm={remove}
            onCancel={cancelDelete}
          />
        ) : (
          <div className="form-actions editor-actions">
            <Button type="submit" disabled={saving || credentials.busy}>
              {subscriptionId === undefined ? t('subscriptions.editor.subscribe') : t('subscriptions.editor.save')}
            </Button>
            <Button ref={testButton} type="button" onClick={runTest} disabled={test.kind === 'running'}>
              {t('subscriptions.editor.test')}
            </Button>
            <Button type="button" onClick={cancel}>
              {t('subscriptions.editor.cancel')}
            </Button>
            {subscriptionId === undefined ? null : (
              <Button
                ref={deleteButton}
                type="button"
                variant="danger"
                className="editor-delete"
                onClick={() => {
                  setConfirmingDelete(true);
                }}
              >
                {t('history.topic.unsubscribe')}
              </Button>
            )}
          </div>
        )}
      </form>
    </section>
  );
}
