import { useCallback, useEffect, useId, useRef, useState, type KeyboardEvent, type SubmitEvent } from 'react';
import type { BridgeApi, SubscriptionDto } from '../../common/ipc.ts';
import { entryToTestCredentials, untestableEntry, type CredentialsEntry } from './credentials.ts';
import { CredentialsSection } from './CredentialsSection.tsx';
import { DeleteConfirm } from './DeleteConfirm.tsx';
import { placeFieldErrors } from './field-errors.ts';
import { SelectField, TextField } from './form-fields.tsx';
import {
  draftFromSubscription,
  draftToInput,
  emptyDraft,
  priorityOptions,
  transportOptions,
  type SubscriptionDraft,
} from './subscription-draft.ts';
import { TestOutcome, type TestState } from './TestOutcome.tsx';
import { splitTopicUrl } from './topic-url.ts';
import { useCredentialsEditor } from './use-credentials-editor.ts';
import { useDefaultServer } from './use-default-server.ts';

/** Where focus goes when the editor opens: its first field, or the credentials ("Fix credentials"). */
export type EditorFocus = 'fields' | 'credentials';

export type EditorOutcome = 'cancelled' | 'saved' | 'deleted';

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
  readonly onClose: (outcome: EditorOutcome, subscriptionId: string | undefined) => void;
}

const fieldNames = [
  'topic',
  'server',
  'displayName',
  'transport',
  'muted',
  'minPriority',
  'message',
  'title',
  'priority',
  'tags',
] as const;
type FieldName = (typeof fieldNames)[number];

/** The draft's text fields, and the name main gives each in its field errors. */
type TextKey = 'server' | 'displayName' | 'filterMessage' | 'filterTitle' | 'filterPriority' | 'filterTags';
const errorFieldOf: Readonly<Record<TextKey, FieldName>> = {
  server: 'server',
  displayName: 'displayName',
  filterMessage: 'message',
  filterTitle: 'title',
  filterPriority: 'priority',
  filterTags: 'tags',
};

/** Adds or edits one subscription: where it is, how it connects, what arrives and notifies, the server's login. */
export function SubscriptionEditor(props: SubscriptionEditorProps) {
  const { api, subscription, subscriptions, connected, onChanged, onClose } = props;
  const id = useId();
  const [subscriptionId, setSubscriptionId] = useState(subscription?.id);
  const [draft, setDraft] = useState<SubscriptionDraft>(() =>
    subscription === undefined ? emptyDraft('') : draftFromSubscription(subscription),
  );
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<FieldName, string>>>({});
  const [formError, setFormError] = useState<string | undefined>(undefined);
  const [saving, setSaving] = useState(false);
  const [test, setTest] = useState<TestState>({ kind: 'idle' });
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const [deleteError, setDeleteError] = useState<string | undefined>(undefined);
  const [deleting, setDeleting] = useState(false);
  const firstField = useRef<HTMLInputElement>(null);
  const deleteButton = useRef<HTMLButtonElement>(null);

  const update = (patch: Partial<SubscriptionDraft>) => {
    setDraft((current) => ({ ...current, ...patch }));
    // A result is about the server and topic it tested; once either changes it would mislead.
    if ('server' in patch || 'topic' in patch) setTest({ kind: 'idle' });
  };

  useDefaultServer(
    api,
    useCallback((server: string) => {
      setDraft((current) => (current.server === '' ? { ...current, server } : current));
    }, []),
  );

  const credentials = useCredentialsEditor({
    api,
    server: draft.server,
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
  };

  const focusCredentials = credentials.focus;
  const initialFocus = useRef(props.focus);
  useEffect(() => {
    if (initialFocus.current === 'credentials') focusCredentials();
    else firstField.current?.focus();
  }, [focusCredentials]);

  const onTopicChange = (value: string) => {
    update(splitTopicUrl(value) ?? { topic: value });
  };

  const save = async () => {
    const result = await api.saveSubscription(draftToInput(draft, subscriptionId));
    if (!result.ok) {
      const placed = placeFieldErrors(result.error, fieldNames);
      setFieldErrors(placed.fields);
      setFormError(placed.formError);
      return;
    }
    setFieldErrors({});
    setFormError(undefined);
    setSubscriptionId(result.value.id);
    onChanged();
    // The subscription is saved either way; typed credentials that main refuses keep the editor open to say why.
    if (await credentials.storeEntry(result.value.server)) onClose('saved', result.value.id);
  };

  const onSubmit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (saving) return;
    setSaving(true);
    void save().finally(() => {
      setSaving(false);
    });
  };

  const runTest = () => {
    const untestable = untestableEntry(credentials.entry);
    if (untestable !== undefined) {
      setTest({ kind: 'failed', message: untestable });
      return;
    }
    setTest({ kind: 'running' });
    const typed = entryToTestCredentials(credentials.entry);
    void api.testSubscription(draftToInput(draft, subscriptionId), typed).then((result) => {
      setTest(result.ok ? { kind: 'done', result: result.value } : { kind: 'failed', message: result.error.message });
    });
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
      onClose('deleted', subscriptionId);
    });
  };

  const cancelDelete = () => {
    setConfirmingDelete(false);
    setDeleteError(undefined);
    requestAnimationFrame(() => {
      deleteButton.current?.focus();
    });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key !== 'Escape') return;
    event.preventDefault();
    if (confirmingDelete) cancelDelete();
    else onClose('cancelled', subscriptionId);
  };

  const fieldId = (name: string) => `${id}-${name}`;
  const text = (key: TextKey, label: string, hint?: string) => (
    <TextField
      id={fieldId(key)}
      name={errorFieldOf[key]}
      label={label}
      value={draft[key]}
      hint={hint}
      error={fieldErrors[errorFieldOf[key]]}
      onChange={(value) => {
        update({ [key]: value });
      }}
    />
  );

  const title = subscriptionId === undefined ? 'Add subscription' : 'Edit subscription';
  const name = draft.displayName.trim() === '' ? draft.topic : draft.displayName.trim();

  return (
    <section className="subscription-editor" role="dialog" aria-labelledby={`${id}-title`} onKeyDown={onKeyDown}>
      <h2 id={`${id}-title`}>{title}</h2>
      <form noValidate onSubmit={onSubmit}>
        <TextField
          id={fieldId('topic')}
          name="topic"
          label="Topic"
          value={draft.topic}
          placeholder="alerts, or paste https://ntfy.sh/alerts"
          error={fieldErrors.topic}
          inputRef={firstField}
          onChange={onTopicChange}
        />
        {text('server', 'Server')}
        {text('displayName', 'Display name (optional)')}
        <SelectField
          id={fieldId('transport')}
          name="transport"
          label="Transport"
          value={draft.transport}
          options={transportOptions}
          hint="JSON, server-sent events and WebSocket catch up on what was missed while disconnected."
          error={fieldErrors.transport}
          onChange={(transport) => {
            update({ transport });
          }}
        />

        <fieldset className="editor-section">
          <legend>Notifications</legend>
          <div className="form-field">
            <label className="choice">
              <input
                type="checkbox"
                name="muted"
                checked={draft.muted}
                aria-describedby={`${fieldId('muted')}-hint`}
                onChange={(event) => {
                  update({ muted: event.target.checked });
                }}
              />
              Mute notifications
            </label>
            <p id={`${fieldId('muted')}-hint`} className="field-hint">
              Messages still arrive and are kept in the history.
            </p>
          </div>
          <SelectField
            id={fieldId('minPriority')}
            name="minPriority"
            label="Minimum priority"
            value={draft.minPriority}
            options={priorityOptions}
            hint="Messages below it are kept without a notification."
            error={fieldErrors.minPriority}
            onChange={(minPriority) => {
              update({ minPriority });
            }}
          />
        </fieldset>

        <fieldset className="editor-section">
          <legend>Filters</legend>
          <p className="field-hint">Only messages that match every filter arrive. Leave a filter empty to allow all.</p>
          {text('filterMessage', 'Message is exactly', 'The whole message text, as sent.')}
          {text('filterTitle', 'Title is exactly', 'The whole title, as sent.')}
          {text('filterPriority', 'Priorities', 'Comma-separated, any of them: e.g. high, urgent or 4, 5.')}
          {text('filterTags', 'Tags', 'Comma-separated, all of them: e.g. backup, failed.')}
        </fieldset>

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

        {formError === undefined ? null : (
          <p className="form-error" role="alert">
            {formError}
          </p>
        )}
        <TestOutcome state={test} />

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
            <button type="submit" className="button-primary" disabled={saving || credentials.busy}>
              Save
            </button>
            <button type="button" onClick={runTest} disabled={test.kind === 'running'}>
              Test
            </button>
            <button
              type="button"
              onClick={() => {
                onClose('cancelled', subscriptionId);
              }}
            >
              Cancel
            </button>
            {subscriptionId === undefined ? null : (
              <button
                ref={deleteButton}
                type="button"
                className="button-danger editor-delete"
                onClick={() => {
                  setConfirmingDelete(true);
                }}
              >
                Delete…
              </button>
            )}
          </div>
        )}
      </form>
    </section>
  );
}
