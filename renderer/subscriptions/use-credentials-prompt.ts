import { t } from '../../common/i18n/translate.ts';
import type { SubscriptionTestResult } from '../../common/ipc.ts';
import { entryFor } from './credentials.ts';
import type { CredentialsEditor } from './use-credentials-editor.ts';

export interface CredentialsPrompt {
  /** The server wants (other) credentials: ask for them. */
  readonly ask: () => void;
  /** Save stored nothing: the server refused these credentials (`typed`) or the stored ones. */
  readonly refused: (check: SubscriptionTestResult, typed: boolean) => void;
}

/**
 * The server wants (other) credentials: ask for them right here, as ntfy's web app does with its login dialog,
 * instead of saying "No permission" with the fields folded away under Advanced.
 */
export function useCredentialsPrompt(credentials: CredentialsEditor, openAdvanced: () => void): CredentialsPrompt {
  const ask = () => {
    openAdvanced();
    const { stored, entry, replacing } = credentials;
    // Stored credentials the server refused are shown as "Credentials stored": out come the inputs for new ones.
    if (stored.auth !== 'none' && stored.hasSecret && !replacing) {
      credentials.replace();
      return;
    }
    if (entry.kind === 'none' && stored.auth === 'none') credentials.setEntry(entryFor('basic', stored));
    credentials.focus();
  };
  return {
    ask,
    refused: (check, typed) => {
      if (!typed) {
        const stored = credentials.stored;
        credentials.refused({}, stored.auth === 'none' ? t('subscriptions.credentials.needed') : check.detail);
      } else {
        credentials.refused({ [credentials.entry.kind === 'token' ? 'token' : 'password']: check.detail }, undefined);
      }
      ask();
    },
  };
}
