import { t } from '../../common/i18n/translate.ts';
import type { AuthKindDto } from '../../common/ipc.ts';
import type { StoredCredentials } from './credentials.ts';
import { CredentialsInputs } from './CredentialsInputs.tsx';
import { richText } from './rich-text.tsx';
import type { CredentialsEditor } from './use-credentials-editor.ts';
import { Button } from '../ui/Button.tsx';

export type { CredentialsField } from './CredentialsInputs.tsx';

interface CredentialsSectionProps {
  readonly idPrefix: string;
  readonly credentials: CredentialsEditor;
  /** The typed or stored credentials changed: a Test result about the old ones is stale. */
  readonly onEdited: () => void;
}

/** "user alice" or "a token": who the stored credentials are, never their secret. */
function storedSummary(stored: StoredCredentials): string {
  if (stored.auth === 'basic') return t('subscriptions.credentials.stored-user', { user: stored.user ?? '' });
  return t('subscriptions.credentials.stored-token');
}

/**
 * A server's credentials, write-only: the secret inputs start empty and are emptied once main has the secret; what
 * is stored shows only as "Credentials stored". Every subscription on the server shares them. They are stored by
 * the editor's one Save and checked by its Test, as typed.
 */
export function CredentialsSection({ idPrefix, credentials, onEdited }: CredentialsSectionProps) {
  const { stored, replacing, busy, focusRef, problem } = credentials;
  const showStored = stored.auth !== 'none' && stored.hasSecret && !replacing;
  const missingSecret = stored.auth !== 'none' && !stored.hasSecret;
  // While replacing, "none" is what Remove does; offering it here as well would be a second way to say the same.
  const kinds: readonly AuthKindDto[] = replacing ? ['basic', 'token'] : ['none', 'basic', 'token'];

  return (
    <fieldset className="editor-section credentials">
      <legend>{t('subscriptions.credentials.legend')}</legend>
      <p className="field-hint">{t('subscriptions.credentials.hint')}</p>
      {showStored ? (
        <>
          <p className="credentials-stored">
            {richText(t('subscriptions.credentials.stored', { who: '{who}' }), {
              who: <span className="credentials-stored-who">{storedSummary(stored)}</span>,
            })}
          </p>
          <div className="form-actions">
            <Button
              type="button"
              ref={focusRef}
              onClick={() => {
                credentials.replace();
                onEdited();
              }}
              disabled={busy}
            >
              {t('subscriptions.credentials.replace')}
            </Button>
            <Button
              type="button"
              variant="danger"
              onClick={() => {
                credentials.remove();
                onEdited();
              }}
              disabled={busy}
            >
              {t('subscriptions.credentials.remove')}
            </Button>
          </div>
        </>
      ) : (
        <>
          {missingSecret ? (
            <p className="credentials-missing">
              {stored.auth === 'basic'
                ? t('subscriptions.credentials.password-missing', { user: stored.user ?? '' })
                : t('subscriptions.credentials.token-missing')}
            </p>
          ) : null}
          <CredentialsInputs
            idPrefix={idPrefix}
            kinds={kinds}
            entry={credentials.entry}
            onEntryChange={(entry) => {
              credentials.setEntry(entry);
              onEdited();
            }}
            errors={credentials.errors}
            focusRef={focusRef}
          />
        </>
      )}
      {problem === undefined ? null : (
        <p className="form-error" role="alert">
          {problem}
        </p>
      )}
    </fieldset>
  );
}
