import { t } from '../../common/i18n/translate.ts';
import { Button } from '../ui/Button.tsx';
import { CredentialsInputs } from './CredentialsInputs.tsx';
import { loginReason, storedDescription, type LoginRequest } from './login-request.ts';
import { serverLabel } from '../../common/server-url.ts';
import type { CredentialsEditor } from './use-credentials-editor.ts';

interface LoginStepProps {
  readonly idPrefix: string;
  readonly request: LoginRequest;
  /** The server and topic the form subscribes to. */
  readonly server: string;
  readonly topic: string;
  readonly credentials: CredentialsEditor;
  /** A login is being tried (Test or Save is waiting for the server). */
  readonly busy: boolean;
  /** Why the last try was not sent (an empty password), beside the credentials' own problem. */
  readonly problem: string | undefined;
  /** The typed credentials changed: a result about the old ones is stale. */
  readonly onEdited: () => void;
  readonly onBack: () => void;
}

/**
 * "Login required for <server>", in place of the form: why (who may not read what), what is stored already and for
 * whom, and a user name and password or a token. Its "Log in" is the form's submit button, so Enter logs in.
 */
export function LoginStep(props: LoginStepProps) {
  const { idPrefix, request, server, topic, credentials, onEdited } = props;
  const problem = credentials.problem ?? props.problem;
  const host = serverLabel(server);
  const reason = loginReason(request, host, topic);
  const ids = { title: `${idPrefix}-login-title`, reason: `${idPrefix}-login-reason` };
  return (
    <div className="login-step" role="group" aria-labelledby={ids.title} aria-describedby={ids.reason}>
      <h3 id={ids.title}>{t('subscriptions.login.title', { server: host })}</h3>
      <div id={ids.reason}>
        {/* Polite: a second refusal (another user, a wrong password) is heard when it replaces the first. */}
        <p className="login-reason" aria-live="polite">
          {reason ?? ''}
        </p>
        <p className="login-stored">{storedDescription(credentials.stored, host)}</p>
      </div>
      <p className="field-hint">{t('subscriptions.login.intro', { topic, server: host })}</p>
      <CredentialsInputs
        idPrefix={`${idPrefix}-login`}
        kinds={['basic', 'token']}
        entry={credentials.entry}
        onEntryChange={(entry) => {
          credentials.setEntry(entry);
          onEdited();
        }}
        errors={credentials.errors}
        focusRef={credentials.focusRef}
      />
      {problem === undefined ? null : (
        <p className="form-error" role="alert">
          {problem}
        </p>
      )}
      <div className="form-actions">
        <Button type="submit" disabled={props.busy || credentials.busy}>
          {t('subscriptions.login.log-in')}
        </Button>
        <Button type="button" onClick={props.onBack}>
          {t('subscriptions.login.back')}
        </Button>
      </div>
    </div>
  );
}
