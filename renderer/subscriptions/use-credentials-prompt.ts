import type { SubscriptionTestResult } from '../../common/ipc.ts';
import { entryFor, hasEntry } from './credentials.ts';
import { refusedAs, type LoginRequest } from './login-request.ts';
import type { CredentialsEditor } from './use-credentials-editor.ts';
import type { LoginStepState } from './use-login-step.ts';

export interface CredentialsPrompt {
  /** Test or Save met a server that wants (other) credentials: the login step asks for them. */
  readonly refused: (origin: LoginRequest['origin'], check: SubscriptionTestResult, typed: boolean) => void;
  /** What a Test found, for the login step: open it, keep it open with the new answer, or go back to the form. */
  readonly tested: (result: SubscriptionTestResult | undefined) => void;
  /** Back to the form: a login left without a secret typed leaves the credentials as they were stored. */
  readonly back: () => void;
  /** A problem with what was typed (an empty input, the keychain): said where it was typed. */
  readonly showInputProblem: () => void;
}

interface CredentialsPromptOptions {
  readonly credentials: CredentialsEditor;
  readonly login: LoginStepState;
  /** Unfolds "Advanced", where the form's credentials section is. */
  readonly openAdvanced: () => void;
}

/** Whether the server's answer asks for other credentials (401, 403, or a secret the keychain lacks). */
function wantsCredentials(result: SubscriptionTestResult): boolean {
  return result.outcome !== 'ok' && result.outcome !== 'unreachable';
}

/**
 * Asking for credentials as ntfy's web app does: when the server wants them, the form turns into a login step that
 * names who was refused, instead of saying "No permission" with the fields folded away under Advanced.
 */
export function useCredentialsPrompt({
  credentials,
  login,
  openAdvanced,
}: CredentialsPromptOptions): CredentialsPrompt {
  /** Inputs for new credentials: stored ones the server refused give way to inputs with their user name. */
  const prepareInputs = (typed: boolean) => {
    const { stored, entry, replacing } = credentials;
    if (stored.auth !== 'none' && stored.hasSecret && !replacing) credentials.replace();
    else if (entry.kind === 'none') credentials.setEntry(entryFor('basic', stored));
    // A refused secret is typed again, not sent again by the next Log in.
    else if (typed) credentials.setEntry({ ...entry, password: '', token: '' });
    credentials.focus();
  };

  const refused = (origin: LoginRequest['origin'], check: SubscriptionTestResult, typed: boolean) => {
    const who = refusedAs(typed, credentials.entry, credentials.stored);
    const secretField = credentials.entry.kind === 'token' ? 'token' : 'password';
    // The core's advice ("check the user name and password") goes to the secret that was refused.
    credentials.refused(
      typed && check.outcome === 'wrong-credentials' ? { [secretField]: check.detail } : {},
      undefined,
    );
    prepareInputs(typed);
    login.open({ origin, check, refusedAs: who });
  };

  return {
    refused,
    tested: (result) => {
      if (result === undefined) return;
      const open = login.request !== undefined;
      if (wantsCredentials(result)) refused('test', result, hasEntry(credentials.entry));
      else if (open && result.outcome === 'ok') login.back();
      else if (open) login.leave();
    },
    back: () => {
      const { entry } = credentials;
      if ((entry.kind === 'basic' ? entry.password : entry.token) === '') credentials.keepStored();
      login.back();
    },
    showInputProblem: () => {
      if (login.request !== undefined) return;
      openAdvanced();
      credentials.focus();
    },
  };
}
