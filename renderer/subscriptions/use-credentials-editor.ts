import { useCallback, useEffect, useRef, useState } from 'react';
import { t } from '../../common/i18n/translate.ts';
import type { BridgeApi, BridgeError, SubscriptionDto } from '../../common/ipc.ts';
import {
  emptyEntry,
  entryFor,
  entryToInput,
  hasEntry,
  noStoredCredentials,
  storedAfter,
  storedCredentialsFor,
  type CredentialsEntry,
  type StoredCredentials,
} from './credentials.ts';
import type { CredentialsField } from './CredentialsInputs.tsx';
import { placeFieldErrors } from './field-errors.ts';
import { serverKey } from './topic-url.ts';

interface CredentialsEditorOptions {
  readonly api: BridgeApi;
  /** The server as typed in the editor: the credentials are its. */
  readonly server: string;
  readonly subscriptions: readonly SubscriptionDto[];
  /** Opened by "Fix credentials": start with the inputs out, ready for new credentials. */
  readonly fixing: boolean;
  /** What is stored changed: the subscription list (which reports it) should be asked again. */
  readonly onStoredChanged: () => void;
  /** A problem with the server URL belongs next to the editor's server field; undefined clears it. */
  readonly onServerError: (problem: string | undefined) => void;
}

export interface CredentialsEditor {
  readonly stored: StoredCredentials;
  readonly entry: CredentialsEntry;
  readonly setEntry: (entry: CredentialsEntry) => void;
  readonly replacing: boolean;
  readonly errors: Partial<Record<CredentialsField, string>>;
  readonly problem: string | undefined;
  readonly busy: boolean;
  readonly focusRef: (element: HTMLElement | null) => void;
  /**
   * Focuses the section's first control once React has rendered what the caller just changed (opening Advanced,
   * showing the fields): a frame later is not enough on a loaded machine, where the render can come after it.
   */
  readonly focus: () => void;
  readonly replace: () => void;
  /** Back to what is stored: nothing typed, "Credentials stored" shown again if they are. */
  readonly keepStored: () => void;
  readonly remove: () => void;
  /** The editor's checked Save stored what was typed, if anything, for `server`: empty the inputs. */
  readonly saved: (server: string) => void;
  /** The server did not take what was typed (or wants credentials): say so next to the inputs. */
  readonly refused: (errors: Partial<Record<CredentialsField, string>>, problem: string | undefined) => void;
  /** An answer of main about the credentials (an input's problem, the keychain): placed in the section. */
  readonly showError: (error: BridgeError) => void;
}

const credentialsFields: readonly (CredentialsField | 'server')[] = ['user', 'password', 'token', 'server'];

/** The credentials part of the editor: what the server has stored, what is typed, and storing or removing it. */
export function useCredentialsEditor(options: CredentialsEditorOptions): CredentialsEditor {
  const { api, server, subscriptions, onStoredChanged, onServerError } = options;
  /** What this editor itself stored or removed, until the subscription list reports it too. */
  const [known, setKnown] = useState<{ readonly key: string; readonly stored: StoredCredentials } | undefined>();
  const key = serverKey(server);
  const stored = known !== undefined && known.key === key ? known.stored : storedCredentialsFor(server, subscriptions);

  const [replacing, setReplacing] = useState(() => options.fixing && stored.auth !== 'none' && stored.hasSecret);
  const [entry, setEntry] = useState(() =>
    options.fixing ? entryFor(stored.auth === 'none' ? 'basic' : stored.auth, stored) : emptyEntry(stored.auth),
  );
  const [errors, setErrors] = useState<Partial<Record<CredentialsField, string>>>({});
  const [problem, setProblem] = useState<string | undefined>(undefined);
  const [busy, setBusy] = useState(false);

  const focusTarget = useRef<HTMLElement | null>(null);
  const focusRef = useCallback((element: HTMLElement | null) => {
    focusTarget.current = element;
  }, []);
  // After Replace, Keep or Remove the control that was pressed is gone: focus goes to what replaced it.
  const [focusRequest, setFocusRequest] = useState(0);
  useEffect(() => {
    if (focusRequest > 0) focusTarget.current?.focus();
  }, [focusRequest]);
  const refocus = useCallback(() => {
    setFocusRequest((count) => count + 1);
  }, []);

  const showError = (error: BridgeError) => {
    const placed = placeFieldErrors(error, credentialsFields);
    const { server: serverProblem, ...fields } = placed.fields;
    setErrors(fields);
    onServerError(serverProblem);
    setProblem(
      error.code === 'keychain-unavailable'
        ? t('subscriptions.credentials.not-saved', { problem: error.message })
        : placed.formError,
    );
  };

  const settle = (next: StoredCredentials, serverUrl: string) => {
    const storedKey = serverKey(serverUrl);
    if (storedKey !== undefined) setKnown({ key: storedKey, stored: next });
    setEntry(emptyEntry(next.auth));
    setReplacing(false);
    setErrors({});
    setProblem(undefined);
    onServerError(undefined);
    onStoredChanged();
  };

  return {
    stored,
    entry,
    setEntry,
    replacing,
    errors,
    problem,
    busy,
    focusRef,
    focus: refocus,
    replace: () => {
      setEntry(entryFor(stored.auth === 'none' ? 'basic' : stored.auth, stored));
      setReplacing(true);
      refocus();
    },
    keepStored: () => {
      setEntry(emptyEntry(stored.auth));
      setReplacing(false);
      setErrors({});
      setProblem(undefined);
    },
    remove: () => {
      setBusy(true);
      void api.clearCredentials(server).then((result) => {
        setBusy(false);
        if (!result.ok) {
          showError(result.error);
          return;
        }
        settle(noStoredCredentials, server);
        refocus();
      });
    },
    saved: (serverUrl) => {
      const input = hasEntry(entry) ? entryToInput(serverUrl, entry) : undefined;
      if (input !== undefined) settle(storedAfter(input), serverUrl);
    },
    refused: (fields, message) => {
      setErrors(fields);
      setProblem(message);
    },
    showError,
  };
}
