import { useCallback, useId, useState, type SubmitEvent, type KeyboardEvent } from 'react';
import type { BridgeApi, SubscriptionDto, SubscriptionInput } from '../../common/ipc.ts';
import { placeFieldErrors } from './field-errors.ts';
import { TextField } from './form-fields.tsx';
import { splitTopicUrl } from './topic-url.ts';
import { useDefaultServer } from './use-default-server.ts';

export interface SubscriptionFormProps {
  readonly api: BridgeApi;
  readonly onSaved: (subscription: SubscriptionDto) => void;
  readonly onClose: () => void;
}

type FieldName = 'server' | 'topic' | 'displayName';
type FieldErrors = Partial<Record<FieldName, string>>;

const fieldNames: readonly FieldName[] = ['server', 'topic', 'displayName'];

/** Adds a subscription: a topic on the default server, or a pasted topic URL. Validation comes from the core. */
export function SubscriptionForm({ api, onSaved, onClose }: SubscriptionFormProps) {
  const id = useId();
  const [server, setServer] = useState('');
  const [topic, setTopic] = useState('');
  const [displayName, setDisplayName] = useState('');
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | undefined>(undefined);
  const [saving, setSaving] = useState(false);

  useDefaultServer(
    api,
    useCallback((defaultServer: string) => {
      // Only a still-empty field takes the default, so a fast typist's server is not overwritten.
      setServer((current) => (current === '' ? defaultServer : current));
    }, []),
  );

  const onTopicChange = (value: string) => {
    const split = splitTopicUrl(value);
    if (split === undefined) {
      setTopic(value);
      return;
    }
    setServer(split.server);
    setTopic(split.topic);
  };

  const onSubmit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (saving) return;
    const name = displayName.trim();
    const input: SubscriptionInput = {
      server: server.trim(),
      topic: topic.trim(),
      ...(name === '' ? {} : { displayName: name }),
    };
    setSaving(true);
    void api.saveSubscription(input).then((result) => {
      setSaving(false);
      if (result.ok) {
        onSaved(result.value);
        return;
      }
      const placed = placeFieldErrors(result.error, fieldNames);
      setFieldErrors(placed.fields);
      setFormError(placed.formError);
    });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key !== 'Escape') return;
    event.preventDefault();
    onClose();
  };

  const field = (name: FieldName, label: string, value: string, onChange: (value: string) => void, hint?: string) => (
    <TextField
      id={`${id}-${name}`}
      name={name}
      label={label}
      value={value}
      onChange={onChange}
      placeholder={hint}
      autoFocus={name === 'topic'}
      error={fieldErrors[name]}
    />
  );

  return (
    <section className="subscription-form" role="dialog" aria-labelledby={`${id}-title`} onKeyDown={onKeyDown}>
      <h2 id={`${id}-title`}>Add subscription</h2>
      <form noValidate onSubmit={onSubmit}>
        {field('topic', 'Topic', topic, onTopicChange, 'alerts, or paste https://ntfy.sh/alerts')}
        {field('server', 'Server', server, setServer)}
        {field('displayName', 'Display name (optional)', displayName, setDisplayName)}
        {formError === undefined ? null : (
          <p className="form-error" role="alert">
            {formError}
          </p>
        )}
        <div className="form-actions">
          <button type="submit" disabled={saving}>
            Subscribe
          </button>
          <button type="button" onClick={onClose}>
            Cancel
          </button>
        </div>
      </form>
    </section>
  );
}
