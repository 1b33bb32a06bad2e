import { t } from '../../common/i18n/translate.ts';
import type { SubscriptionTestResult } from '../../common/ipc.ts';
import { plainHttpAlternative } from '../history/trouble-words.ts';
import { Button } from '../ui/Button.tsx';
import { describeTestResult } from './connection-status.ts';

export type TestState =
  | { readonly kind: 'idle' }
  | { readonly kind: 'running' }
  /** `server`: the one tested, as the core got it (https assumed when none was typed). */
  | { readonly kind: 'done'; readonly result: SubscriptionTestResult; readonly server: string }
  | { readonly kind: 'failed'; readonly message: string };

interface TestOutcomeProps {
  readonly state: TestState;
  /** Take this server instead (the plain-HTTP address offered when TLS failed on a port of its own). */
  readonly onUseServer: (server: string) => void;
}

/** What the Test button found out (with the credentials as typed, or the stored ones when none are typed). */
export function TestOutcome({ state, onUseServer }: TestOutcomeProps) {
  const described = state.kind === 'done' ? describeTestResult(state.result, state.server) : undefined;
  const plainHttp = state.kind === 'done' ? plainHttpAlternative(state.server, state.result.trouble) : undefined;
  // Always in the page, so screen readers announce what appears in it.
  return (
    <div className="test-result" role="status" data-tone={described?.tone}>
      {state.kind === 'running' ? <p>{t('subscriptions.test.running')}</p> : null}
      {state.kind === 'failed' ? (
        <p className="form-error">{t('subscriptions.test.failed', { problem: state.message })}</p>
      ) : null}
      {described === undefined ? null : (
        <>
          <p className="test-result-headline">{described.label}</p>
          <p className="test-result-detail">{described.detail}</p>
        </>
      )}
      {plainHttp === undefined ? null : (
        <Button
          size="small"
          onClick={() => {
            onUseServer(plainHttp);
          }}
        >
          {t('subscriptions.test.use-server', { url: plainHttp })}
        </Button>
      )}
    </div>
  );
}
