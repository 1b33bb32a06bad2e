import { t } from '../../common/i18n/translate.ts';
import type { SubscriptionTestResult } from '../../common/ipc.ts';
import { describeTestResult } from './connection-status.ts';

export type TestState =
  | { readonly kind: 'idle' }
  | { readonly kind: 'running' }
  | { readonly kind: 'done'; readonly result: SubscriptionTestResult }
  | { readonly kind: 'failed'; readonly message: string };

export interface TestOutcomeProps {
  readonly state: TestState;
}

/** What the Test button found out (with the credentials as typed, or the stored ones when none are typed). */
export function TestOutcome({ state }: TestOutcomeProps) {
  const described = state.kind === 'done' ? describeTestResult(state.result) : undefined;
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
    </div>
  );
}
