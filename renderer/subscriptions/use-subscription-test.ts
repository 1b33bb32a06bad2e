import { useEffect, useState } from 'react';
import type { BridgeApi, SubscriptionInput, SubscriptionTestResult } from '../../common/ipc.ts';
import { entryToTestCredentials, untestableEntry, type CredentialsEntry } from './credentials.ts';
import type { TestState } from './TestOutcome.tsx';

export interface SubscriptionTest {
  readonly state: TestState;
  /** Forgets the result: it was about a server, topic or credentials that have changed since. */
  readonly reset: () => void;
  /** Asks the core whether `input` can be read with `entry` (or the stored credentials when nothing is typed). */
  readonly run: (input: SubscriptionInput, entry: CredentialsEntry) => Promise<SubscriptionTestResult | undefined>;
}

/** The Test button's part: the core's answer, kept until what it was about changes. */
export function useSubscriptionTest(api: BridgeApi, connected: boolean): SubscriptionTest {
  const [state, setState] = useState<TestState>({ kind: 'idle' });

  // Once the connection is open, an old "Wrong credentials" (or "Unreachable") would contradict the list.
  useEffect(() => {
    if (connected)
      setState((current) => (current.kind === 'done' && current.result.outcome !== 'ok' ? { kind: 'idle' } : current));
  }, [connected]);

  return {
    state,
    reset: () => {
      setState({ kind: 'idle' });
    },
    run: async (input, entry) => {
      const untestable = untestableEntry(entry);
      if (untestable !== undefined) {
        setState({ kind: 'failed', message: untestable });
        return undefined;
      }
      setState({ kind: 'running' });
      const result = await api.testSubscription(input, entryToTestCredentials(entry));
      setState(
        result.ok
          ? { kind: 'done', result: result.value, server: input.server }
          : { kind: 'failed', message: result.error.message },
      );
      return result.ok ? result.value : undefined;
    },
  };
}
