import { t } from '../../common/i18n/translate.ts';
import type { Ref } from 'react';
import { Button } from '../ui/Button.tsx';
import { TextField } from './form-fields.tsx';
import { richText } from './rich-text.tsx';
import type { SubscriptionDraft } from './subscription-draft.ts';
import { checkAddress } from './topic-url.ts';

export type AddressField = 'topic' | 'server' | 'displayName';

interface AddressFieldsProps {
  readonly idPrefix: string;
  readonly draft: SubscriptionDraft;
  readonly errors: Partial<Record<AddressField, string>>;
  readonly onChange: (patch: Partial<Pick<SubscriptionDraft, AddressField>>) => void;
  readonly topicRef?: Ref<HTMLInputElement>;
  /** A new subscription: offer "Generate name", with the advice to pick a name that is hard to guess. */
  readonly offerGenerate?: boolean;
}

/** Topic names ntfy accepts are [-_A-Za-z0-9]{1,64}; 16 letters and digits are as hard to guess as ntfy's web app's. */
const GENERATED_LENGTH = 16;
const ALPHABET = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

/** A topic name nobody will guess, from the browser's cryptographic randomness. */
function generateTopicName(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(GENERATED_LENGTH));
  // 256 is not a multiple of 62: values from 248 up would favour the first letters, so they are drawn again.
  let name = '';
  for (const byte of bytes) if (byte < 248) name += ALPHABET[byte % ALPHABET.length] ?? '';
  return name.length === GENERATED_LENGTH ? name : (name + generateTopicName()).slice(0, GENERATED_LENGTH);
}

/**
 * Where a subscription is, topic first (a name, or a topic URL pasted whole): the part of the form everyone fills.
 * The URL it will subscribe to is shown as it is typed, so an assumed `https://` is seen before saving.
 */
export function AddressFields({ idPrefix, draft, errors, onChange, topicRef, offerGenerate }: AddressFieldsProps) {
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
      {offerGenerate === true ? (
        <div className="generate-topic">
          <Button
            size="small"
            aria-describedby={`${idPrefix}-generate-advice`}
            onClick={() => {
              onChange({ topic: generateTopicName() });
            }}
          >
            {t('subscriptions.address.generate')}
          </Button>
          <p id={`${idPrefix}-generate-advice`} className="field-hint">
            {t('subscriptions.address.generate-advice')}
          </p>
        </div>
      ) : null}
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
