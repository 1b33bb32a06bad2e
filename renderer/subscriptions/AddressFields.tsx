import type { Ref } from 'react';
import { TextField } from './form-fields.tsx';
import type { SubscriptionDraft } from './subscription-draft.ts';
import { checkAddress } from './topic-url.ts';

export type AddressField = 'topic' | 'server' | 'displayName';

export interface AddressFieldsProps {
  readonly idPrefix: string;
  readonly draft: SubscriptionDraft;
  readonly errors: Partial<Record<AddressField, string>>;
  readonly onChange: (patch: Partial<Pick<SubscriptionDraft, AddressField>>) => void;
  readonly topicRef?: Ref<HTMLInputElement>;
}

/**
 * Where a subscription is, topic first (a name, or a topic URL pasted whole): the part of the form everyone fills.
 * The URL it will subscribe to is shown as it is typed, so an assumed `https://` is seen before saving.
 */
export function AddressFields({ idPrefix, draft, errors, onChange, topicRef }: AddressFieldsProps) {
  const check = checkAddress(draft.topic, draft.server);
  const topicIsUrl = draft.topic.includes('/');
  return (
    <>
      <TextField
        id={`${idPrefix}-topic`}
        name="topic"
        label="Topic"
        value={draft.topic}
        placeholder="alerts, or ntfy.sh/alerts"
        hint={
          check.ok ? (
            <>
              Subscribes to <span className="subscribes-to">{check.url}</span>
            </>
          ) : (
            'A topic name, or its URL: https:// is assumed.'
          )
        }
        error={errors.topic}
        inputRef={topicRef}
        onChange={(topic) => {
          onChange({ topic });
        }}
      />
      <TextField
        id={`${idPrefix}-server`}
        name="server"
        label="Server"
        value={draft.server}
        hint={topicIsUrl ? 'Not used: the topic URL names its server.' : undefined}
        error={errors.server}
        onChange={(server) => {
          onChange({ server });
        }}
      />
      <TextField
        id={`${idPrefix}-displayName`}
        name="displayName"
        label="Display name (optional)"
        value={draft.displayName}
        error={errors.displayName}
        onChange={(displayName) => {
          onChange({ displayName });
        }}
      />
    </>
  );
}
