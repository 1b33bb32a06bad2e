import { useCallback, useState } from 'react';
import type { BridgeApi, SubscriptionDto, SubscriptionInput } from '../../common/ipc.ts';
import type { AddressField } from './AddressFields.tsx';
import { advancedFieldNames, type AdvancedField } from './AdvancedFields.tsx';
import { draftFromSubscription, draftToInput, emptyDraft, type SubscriptionDraft } from './subscription-draft.ts';
import { checkAddress, type AddressCheck } from './topic-url.ts';
import { useDefaultServer } from './use-default-server.ts';

export const editorFieldNames = ['topic', 'server', 'displayName', ...advancedFieldNames] as const;
type EditorField = AddressField | AdvancedField;
type EditorFieldErrors = Partial<Record<EditorField, string>>;

export interface SubscriptionDraftState {
  /** Undefined until the subscription exists (a new one gets its id from the first save). */
  readonly subscriptionId: string | undefined;
  readonly setSubscriptionId: (id: string) => void;
  readonly draft: SubscriptionDraft;
  readonly change: (patch: Partial<SubscriptionDraft>) => void;
  readonly address: AddressCheck;
  /** The server the subscription will use: the one a topic URL names, else the typed one. */
  readonly server: string;
  /** What the core gets: the typed topic and server read with the common rule (https assumed). */
  readonly input: () => SubscriptionInput;
  readonly fieldErrors: EditorFieldErrors;
  readonly formError: string | undefined;
  readonly showErrors: (fields: EditorFieldErrors, message: string | undefined) => void;
  /** A problem with the server URL found by the credentials part; undefined clears it. */
  readonly setServerError: (problem: string | undefined) => void;
  readonly advancedOpen: boolean;
  readonly setAdvancedOpen: (open: boolean) => void;
}

/** The form's draft: what is typed, where it subscribes, and the problems the core found with it. */
export function useSubscriptionDraft(
  api: BridgeApi,
  subscription: SubscriptionDto | undefined,
  openAdvanced: boolean,
): SubscriptionDraftState {
  const [subscriptionId, setSubscriptionId] = useState(subscription?.id);
  const [draft, setDraft] = useState<SubscriptionDraft>(() =>
    subscription === undefined ? emptyDraft('') : draftFromSubscription(subscription),
  );
  const [fieldErrors, setFieldErrors] = useState<EditorFieldErrors>({});
  const [formError, setFormError] = useState<string | undefined>(undefined);
  const [advancedOpen, setAdvancedOpen] = useState(openAdvanced);

  useDefaultServer(
    api,
    useCallback((server: string) => {
      setDraft((current) => (current.server === '' ? { ...current, server } : current));
    }, []),
  );

  const address = checkAddress(draft.topic, draft.server);
  return {
    subscriptionId,
    setSubscriptionId,
    draft,
    change: (patch) => {
      setDraft((current) => ({ ...current, ...patch }));
    },
    address,
    // The credentials belong to the server the subscription will use, which a topic URL may name.
    server: address.ok ? address.address.server : draft.server,
    input: () => draftToInput(address.ok ? { ...draft, ...address.address } : draft, subscriptionId),
    fieldErrors,
    formError,
    showErrors: (fields, message) => {
      setFieldErrors(fields);
      setFormError(message);
      // A problem under a folded "Advanced" would be invisible.
      if (advancedFieldNames.some((name) => fields[name] !== undefined)) setAdvancedOpen(true);
    },
    setServerError: useCallback((problem: string | undefined) => {
      setFieldErrors(({ server: _server, ...others }) =>
        problem === undefined ? others : { ...others, server: problem },
      );
    }, []),
    advancedOpen,
    setAdvancedOpen,
  };
}
