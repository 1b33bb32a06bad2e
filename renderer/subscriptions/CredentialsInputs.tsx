import { t } from '../../common/i18n/translate.ts';
import type { AuthKindDto } from '../../common/ipc.ts';
import { emptyEntry, type CredentialsEntry } from './credentials.ts';
import { TextField } from './form-fields.tsx';

export type CredentialsField = 'user' | 'password' | 'token';

interface CredentialsInputsProps {
  readonly idPrefix: string;
  /** The kinds offered, in order; one alone is not offered as a choice. */
  readonly kinds: readonly AuthKindDto[];
  readonly entry: CredentialsEntry;
  readonly onEntryChange: (entry: CredentialsEntry) => void;
  readonly errors: Partial<Record<CredentialsField, string>>;
  /** Gets the element focus should go to when the inputs are focused (it changes with the kind). */
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

/**
 * The kind of credentials and their inputs: a user name and password, or a token. Secret inputs are write-only
 * (see TextField): they start empty and hold the typed value only in the input itself.
 */
export function CredentialsInputs({ idPrefix, kinds, entry, onEntryChange, errors, focusRef }: CredentialsInputsProps) {
  return (
    <>
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
  );
}
