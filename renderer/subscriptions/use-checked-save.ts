import { useEffect, useRef, useState, type RefObject } from 'react';
import type {
  BridgeApi,
  BridgeError,
  SubscriptionDto,
  SubscriptionInput,
  SubscriptionTestResult,
  TestCredentialsDto,
} from '../../common/ipc.ts';
import { describeTestResult } from './connection-status.ts';

/** What one Save sends: the subscription and the credentials as typed (or `stored`). */
interface SaveAttempt {
  readonly input: SubscriptionInput;
  readonly credentials: TestCredentialsDto;
}

interface CheckedSaveOptions {
  readonly api: BridgeApi;
  /** What to save now, or undefined when the form cannot be sent (its own check placed the problems). */
  readonly attempt: () => SaveAttempt | undefined;
  /** The core refused the input (a field's problem, the keychain). */
  readonly onError: (error: BridgeError) => void;
  /** The core answered (saved or not): the problems it found before are gone. */
  readonly onAnswered: () => void;
  /** Nothing was saved: the server wants (other) credentials. `typed`: the ones it refused were typed. */
  readonly onRefused: (check: SubscriptionTestResult, typed: boolean) => void;
  readonly onSaved: (subscription: SubscriptionDto) => void;
  /** The server is down: "Save anyway" is offered. */
  readonly onUnchecked: () => void;
}

export interface CheckedSave {
  readonly saving: boolean;
  /** Typed credentials could not be checked (the server is down): why, while "Save anyway" is offered. */
  readonly unchecked: string | undefined;
  readonly saveAnywayRef: RefObject<HTMLButtonElement | null>;
  readonly submit: (saveAnyway: boolean) => void;
  /** What "Save anyway" was about has changed: it is no longer offered. */
  readonly forgetUnchecked: () => void;
}

/**
 * Save, checked by the core as Test checks: a new subscription and typed credentials are tried against the server
 * first; refused, the form asks for credentials; a server that is down gets "Save anyway".
 */
export function useCheckedSave(options: CheckedSaveOptions): CheckedSave {
  const [saving, setSaving] = useState(false);
  const [unchecked, setUnchecked] = useState<string | undefined>(undefined);
  const saveAnywayRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (unchecked !== undefined) saveAnywayRef.current?.focus();
  }, [unchecked]);

  const save = async (saveAnyway: boolean) => {
    const attempt = options.attempt();
    if (attempt === undefined) return;
    setUnchecked(undefined);
    const result = await options.api.saveCheckedSubscription(attempt.input, attempt.credentials, { saveAnyway });
    if (!result.ok) {
      options.onError(result.error);
      return;
    }
    options.onAnswered();
    if (result.value.outcome === 'saved') {
      options.onSaved(result.value.subscription);
      return;
    }
    const { check } = result.value;
    if (check.outcome !== 'unreachable') {
      options.onRefused(check, attempt.credentials.kind !== 'stored');
      return;
    }
    setUnchecked(describeTestResult(check, attempt.input.server).detail);
    options.onUnchecked();
  };

  return {
    saving,
    unchecked,
    saveAnywayRef,
    submit: (saveAnyway) => {
      if (saving) return;
      setSaving(true);
      void save(saveAnyway).finally(() => {
        setSaving(false);
      });
    },
    forgetUnchecked: () => {
      setUnchecked(undefined);
    },
  };
}
