import { useEffect, useId, useRef, type KeyboardEvent, type SubmitEvent } from 'react';
import { t } from '../../common/i18n/translate.ts';
import type { BridgeApi, SubscriptionDto } from '../../common/ipc.ts';
import { AddressFields } from './AddressFields.tsx';
import { AdvancedFields } from './AdvancedFields.tsx';
import { CredentialsSection } from './CredentialsSection.tsx';
import { EditorActions } from './EditorActions.tsx';
import { EditorFrame } from './EditorFrame.tsx';
import { EditorNotes } from './EditorNotes.tsx';
import { refusedAs } from './login-request.ts';
import { LoginStep } from './LoginStep.tsx';
import { TestOutcome } from './TestOutcome.tsx';
import { useEditorSave } from './use-editor-save.ts';
import { useCredentialsPrompt } from './use-credentials-prompt.ts';
import { useLoginStep } from './use-login-step.ts';
import { useCredentialsEditor } from './use-credentials-editor.ts';
import { useDeleteFlow } from './use-delete-flow.ts';
import { useSubscriptionDraft } from './use-subscription-draft.ts';
import { useSubscriptionTest } from './use-subscription-test.ts';
import './subscriptions.css';
import './subscription-form.css';

/** Where focus goes when the editor opens: its first field, or the credentials ("Fix credentials"). */
export type EditorFocus = 'fields' | 'credentials';

/** How the editor closed; a save hands over the subscription as the core stored it. */
export type EditorResult =
  | { readonly outcome: 'cancelled' | 'deleted'; readonly subscriptionId: string | undefined }
  | { readonly outcome: 'saved'; readonly subscription: SubscriptionDto };

interface SubscriptionEditorProps {
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
  /** Shown over the window as a modal dialog (the Messages view's "Add subscription"). */
  readonly modal?: boolean;
}

/**
 * The one form to add a subscription (from Messages and from Subscriptions) and to edit one: where it is first,
 * everything else folded under "Advanced", the server's login, Test and Save. Each concern is a hook of its own
 * (the draft, the credentials, Test, the checked Save, unsubscribing); this function wires them together.
 */
export function SubscriptionEditor(props: SubscriptionEditorProps) {
  const { api, subscriptions, onChanged, onClose } = props;
  const id = useId();
  const fixing = props.focus === 'credentials';
  const form = useSubscriptionDraft(api, props.subscription, fixing);
  const test = useSubscriptionTest(api, props.connected);
  const credentials = useCredentialsEditor({
    api,
    server: form.server,
    subscriptions,
    fixing,
    onStoredChanged: onChanged,
    onServerError: form.setServerError,
  });
  // "Fix credentials" opens on the login step: the user knows the server wants other credentials.
  const login = useLoginStep(
    fixing
      ? { origin: 'save', check: undefined, refusedAs: refusedAs(false, credentials.entry, credentials.stored) }
      : undefined,
    props.connected,
  );
  const prompt = useCredentialsPrompt({
    credentials,
    login,
    openAdvanced: () => {
      form.setAdvancedOpen(true);
    },
  });
  const save = useEditorSave({ api, form, credentials, test, prompt, login, onSaved: onChanged, onClose });
  const deletion = useDeleteFlow(api, form.subscriptionId, (subscriptionId) => {
    onChanged();
    onClose({ outcome: 'deleted', subscriptionId });
  });
  const firstField = useRef<HTMLInputElement>(null);

  /** A result is about the server, topic and credentials it tested; once any changes it would mislead. */
  const forgetResults = () => {
    test.reset();
    save.forgetUnchecked();
  };

  const focusCredentials = credentials.focus;
  const initialFocus = useRef(props.focus);
  useEffect(() => {
    if (initialFocus.current === 'credentials') focusCredentials();
    else firstField.current?.focus();
  }, [focusCredentials]);

  const runTest = () => {
    void test.run(form.input(), credentials.entry).then(prompt.tested);
  };

  const cancel = () => {
    onClose({ outcome: 'cancelled', subscriptionId: form.subscriptionId });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key !== 'Escape') return;
    event.preventDefault();
    if (login.request !== undefined) prompt.back();
    else if (deletion.confirming) deletion.cancel();
    else cancel();
  };

  const onSubmit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (login.request?.origin === 'test') runTest();
    else save.submit(false);
  };

  const isNew = form.subscriptionId === undefined;
  const { draft } = form;
  return (
    <EditorFrame
      modal={props.modal === true}
      className={props.className ?? 'subscription-editor'}
      labelledBy={`${id}-title`}
      onKeyDown={onKeyDown}
    >
      <h2 id={`${id}-title`}>{isNew ? t('subscriptions.editor.add-title') : t('subscriptions.editor.edit-title')}</h2>
      <form noValidate onSubmit={onSubmit}>
        {login.request === undefined ? (
          <>
            <AddressFields
              idPrefix={id}
              draft={draft}
              errors={form.fieldErrors}
              onChange={(patch) => {
                form.change(patch);
                if ('server' in patch || 'topic' in patch) forgetResults();
              }}
              topicRef={firstField}
              offerGenerate={isNew}
            />
            <AdvancedFields
              idPrefix={id}
              draft={draft}
              errors={form.fieldErrors}
              onChange={form.change}
              open={form.advancedOpen}
              onOpenChange={form.setAdvancedOpen}
            >
              <CredentialsSection idPrefix={id} credentials={credentials} onEdited={forgetResults} />
            </AdvancedFields>
            <EditorNotes formError={form.formError} save={save} />
            <TestOutcome
              state={test.state}
              onUseServer={(plain) => {
                // The topic stays; a topic URL in its field gives way to the bare topic, so the new server is used.
                form.change({ server: plain, ...(form.address.ok ? { topic: form.address.address.topic } : {}) });
                forgetResults();
                login.testRef.current?.focus();
              }}
            />
            <EditorActions
              idPrefix={id}
              isNew={isNew}
              name={draft.displayName.trim() === '' ? draft.topic : draft.displayName.trim()}
              saveDisabled={save.saving || credentials.busy}
              testDisabled={test.state.kind === 'running'}
              saveRef={login.saveRef}
              testRef={login.testRef}
              onTest={runTest}
              onCancel={cancel}
              deletion={deletion}
            />
          </>
        ) : (
          <LoginStep
            idPrefix={id}
            request={login.request}
            server={form.server}
            topic={form.address.ok ? form.address.address.topic : draft.topic}
            credentials={credentials}
            busy={save.saving || test.state.kind === 'running'}
            problem={test.state.kind === 'failed' ? test.state.message : undefined}
            onEdited={forgetResults}
            onBack={prompt.back}
          />
        )}
      </form>
    </EditorFrame>
  );
}
