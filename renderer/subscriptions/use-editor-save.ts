import type { BridgeApi, BridgeError } from '../../common/ipc.ts';
import { entryToTestCredentials } from './credentials.ts';
import { placeFieldErrors } from './field-errors.ts';
import type { EditorResult } from './SubscriptionEditor.tsx';
import { useCheckedSave, type CheckedSave } from './use-checked-save.ts';
import type { CredentialsEditor } from './use-credentials-editor.ts';
import type { CredentialsPrompt } from './use-credentials-prompt.ts';
import type { LoginStepState } from './use-login-step.ts';
import { editorFieldNames, type SubscriptionDraftState } from './use-subscription-draft.ts';
import type { SubscriptionTest } from './use-subscription-test.ts';

interface EditorSaveOptions {
  readonly api: BridgeApi;
  readonly form: SubscriptionDraftState;
  readonly credentials: CredentialsEditor;
  readonly test: SubscriptionTest;
  readonly prompt: CredentialsPrompt;
  readonly login: LoginStepState;
  /** Something was stored: the subscription list should be asked again. */
  readonly onSaved: () => void;
  readonly onClose: (result: EditorResult) => void;
}

/** An answer about the typed credentials (an empty input, the keychain): it belongs in the credentials section. */
function isCredentialsError(error: BridgeError): boolean {
  if (error.code === 'keychain-unavailable') return true;
  return Object.keys(error.fields ?? {}).some((path) => path.startsWith('credentials.'));
}

/**
 * The editor's Save (and the login step's "Log in" when it saves): each answer of the core goes where the user
 * looks — a field's problem next to the field, refused credentials to the login step, a saved subscription closes.
 */
export function useEditorSave(options: EditorSaveOptions): CheckedSave {
  const { form, credentials, login } = options;
  return useCheckedSave({
    api: options.api,
    attempt: () => {
      if (form.address.ok) return { input: form.input(), credentials: entryToTestCredentials(credentials.entry) };
      login.leave();
      form.showErrors(form.address.errors, undefined);
      return undefined;
    },
    onError: (error) => {
      if (isCredentialsError(error)) {
        credentials.showError(error);
        options.prompt.showInputProblem();
        return;
      }
      login.leave();
      const placed = placeFieldErrors(error, editorFieldNames);
      form.showErrors(placed.fields, placed.formError);
    },
    onAnswered: () => {
      form.showErrors({}, undefined);
    },
    onRefused: (check, typed) => {
      options.test.reset();
      options.prompt.refused('save', check, typed);
    },
    onUnchecked: login.leave,
    onSaved: (saved) => {
      form.setSubscriptionId(saved.id);
      credentials.saved(saved.server);
      options.onSaved();
      options.onClose({ outcome: 'saved', subscription: saved });
    },
  });
}
