import { t } from '../../common/i18n/translate.ts';
import type { AuthKindDto } from '../../common/ipc.ts';
import { emptyEntry, type CredentialsEntry, type StoredCredentials } from './credentials.ts';
import { TextField } from './form-fields.tsx';
import { richText } from './rich-text.tsx';
import { Button } from '../ui/Button.tsx';

export type CredentialsField = 'user' | 'password' | 'token';

export interface CredentialsSectionProps {
  readonly idPrefix: string;
  readonly stored: StoredCredentials;
  readonly entry: CredentialsEntry;
  readonly onEntryChange: (entry: CredentialsEntry) => void;
  /** The stored credentials are being replaced: show the inputs instead of "Credentials stored". */
  readonly replacing: boolean;
  readonly onReplace: () => void;
  readonly onRemove: () => void;
  readonly errors: Partial<Record<CredentialsField, string>>;
  /** A problem that is about no single input, e.g. the keychain is unavailable. */
  readonly problem: string | undefined;
  readonly busy: boolean;
  /** Gets the element focus should go to when the section is focused (it changes with what is shown). */
  readonly focusRef: (element: HTMLElement | null) => void;
}

function kindLabel(kind: AuthKindDto): string {
  switch (kind) {
    case 'none':
      return t('subscriptions.credentials.kind-none');
    case 'basic':
      return t('subscriptions.credentials.kind-basic');
    case 'token':
      return t('subscriptions.credentials.kind-token');
  }
}

function storedSummary(stored: StoredCredentials): string {
  if (stored.auth === 'basic') return t('subscriptions.credentials.stored-user', { user: stored.user ?? '' });
  return t('subscriptions.credentials.stored-token');
}

/**
 * A server's credentials, write-only: the secret inputs start empty and are emptied once main has the secret; what
 * is stored shows only as "Credentials stored". Every subscription on the server shares them. They are stored by
 * the editor's one Save and checked by its Test, as typed.
 */
export function CredentialsSection(props: CredentialsSectionProps) {
  const { idPrefix, stored, entry, onEntryChange, replacing, errors, problem, busy, focusRef } = props;
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
            <Button type="button" ref={focusRef} onClick={props.onReplace} disabled={busy}>
              {t('subscriptions.credentials.replace')}
            </Button>
            <Button type="button" variant="danger" onClick={props.onRemove} disabled={busy}>
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
          <fieldset className="credentials-kind">
            <legend>{t('subscriptions.credentials.kind-legend')}</legend>
            {kinds.map((kind) => (
              <label key={kind} className="choice">
                <input
                  type="radio"
                  name={`${idPrefix}-credentials-kind`}
                  value={kind}
                  checked={entry.kind === kind}
                  ref={entry.kind === kind ? focusRef : undefined}
                  onChange={() => {
                    // Secrets start over with the kind: their inputs come back empty (see TextField).
                    onEntryChange({ ...emptyEntry(kind), user: entry.user });
                  }}
                />
                {kindLabel(kind)}
              </label>
            ))}
          </fieldset>
          {entry.kind === 'basic' ? (
            <>
              <TextField
                id={`${idPrefix}-user`}
                name="user"
                label={t('subscriptions.credentials.user')}
                value={entry.user}
                error={errors.user}
                inputRef={focusRef}
                onChange={(user) => {
                  onEntryChange({ ...entry, user });
                }}
              />
              <TextField
                id={`${idPrefix}-password`}
                name="password"
                label={t('subscriptions.credentials.password')}
                type="password"
                value={entry.password}
                error={errors.password}
                onChange={(password) => {
                  onEntryChange({ ...entry, password });
                }}
              />
            </>
          ) : entry.kind === 'token' ? (
            <TextField
              id={`${idPrefix}-token`}
              name="token"
              label={t('subscriptions.credentials.token')}
              type="password"
              value={entry.token}
              error={errors.token}
              inputRef={focusRef}
              onChange={(token) => {
                onEntryChange({ ...entry, token });
              }}
            />
          ) : null}
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
