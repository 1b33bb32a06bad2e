import { t } from '../../common/i18n/translate.ts';
import type { Ref } from 'react';
import { TextField } from './form-fields.tsx';
import { richText } from './rich-text.tsx';
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
        label={t('subscriptions.address.topic')}
        value={draft.topic}
        placeholder={t('subscriptions.address.topic-placeholder')}
        hint={
          check.ok
            ? richText(t('subscriptions.address.subscribes-to', { url: '{url}' }), {
                url: <span className="subscribes-to">{check.url}</span>,
              })
            : t('subscriptions.address.topic-hint')
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
        label={t('subscriptions.address.server')}
        value={draft.server}
        hint={topicIsUrl ? t('subscriptions.address.server-unused') : undefined}
        error={errors.server}
        onChange={(server) => {
          onChange({ server });
        }}
      />
      <TextField
        id={`${idPrefix}-displayName`}
        name="displayName"
        label={t('subscriptions.address.display-name')}
        value={draft.displayName}
        error={errors.displayName}
        onChange={(displayName) => {
          onChange({ displayName });
        }}
      />
    </>
  );
}
