import type { SubscriptionTestResult } from '../../common/ipc.ts';
import { describeTestResult } from './connection-status.ts';

export type TestState =
  | { readonly kind: 'idle' }
  | { readonly kind: 'running' }
  | { readonly kind: 'done'; readonly result: SubscriptionTestResult }
  | { readonly kind: 'failed'; readonly message: string };

export interface TestOutcomeProps {
  readonly state: TestState;
  /** Credentials are typed but not stored: main tested with the stored ones. */
  readonly untestedCredentials: boolean;
}

/** What the Test button found out. */
export function TestOutcome({ state, untestedCredentials }: TestOutcomeProps) {
  const described = state.kind === 'done' ? describeTestResult(state.result) : undefined;
  // Always in the page, so screen readers announce what appears in it.
  return (
    <div className="test-result" role="status" data-tone={described?.tone}>
      {state.kind === 'running' ? <p>Testing…</p> : null}
      {state.kind === 'failed' ? <p className="form-error">Cannot test: {state.message}</p> : null}
      {described === undefined ? null : (
        <>
          <p className="test-result-headline">{described.label}</p>
          <p className="test-result-detail">{described.detail}</p>
          {untestedCredentials ? (
            <p className="field-hint">The test used the stored credentials: save the new ones to test them.</p>
          ) : null}
        </>
      )}
    </div>
  );
}
