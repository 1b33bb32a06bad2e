import { useEffect, useId, useState, type SubmitEvent, type KeyboardEvent } from 'react';
import type { BridgeApi, SubscriptionDto, SubscriptionInput } from '../../preload/contract.ts';
import { splitTopicUrl } from './topic-url.ts';

export interface SubscriptionFormProps {
  readonly api: BridgeApi;
  readonly onSaved: (subscription: SubscriptionDto) => void;
  readonly onClose: () => void;
}

type FieldName = 'server' | 'topic' | 'displayName';
type FieldErrors = Partial<Record<FieldName, string>>;

const fieldNames: readonly FieldName[] = ['server', 'topic', 'displayName'];

function isFieldName(name: string): name is FieldName {
  return (fieldNames as readonly string[]).includes(name);
}

/** Adds a subscription: a topic on the default server, or a pasted topic URL. Validation comes from the core. */
export function SubscriptionForm({ api, onSaved, onClose }: SubscriptionFormProps) {
  const id = useId();
  const [server, setServer] = useState('');
  const [topic, setTopic] = useState('');
  const [displayName, setDisplayName] = useState('');
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | undefined>(undefined);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    let active = true;
    void api.getSettings().then((result) => {
      // Only a still-empty field takes the default, so a fast typist's server is not overwritten.
      if (active && result.ok) setServer((current) => (current === '' ? result.value.defaultServer : current));
    });
    return () => {
      active = false;
    };
  }, [api]);

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
      const errors: FieldErrors = {};
      const unplaced: string[] = [];
      for (const [field, problem] of Object.entries(result.error.fields ?? {})) {
        if (isFieldName(field)) errors[field] = problem;
        else unplaced.push(`${field} ${problem}`);
      }
      setFieldErrors(errors);
      const placedAny = Object.keys(errors).length > 0;
      setFormError(placedAny && unplaced.length === 0 ? undefined : [result.error.message, ...unplaced].join('; '));
    });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key !== 'Escape') return;
    event.preventDefault();
    onClose();
  };

  const field = (name: FieldName, label: string, value: string, onChange: (value: string) => void, hint?: string) => {
    const inputId = `${id}-${name}`;
    const error = fieldErrors[name];
    const errorId = `${inputId}-error`;
    return (
      <div className="form-field">
        <label htmlFor={inputId}>{label}</label>
        <input
          id={inputId}
          name={name}
          type="text"
          autoComplete="off"
          spellCheck={false}
          value={value}
          placeholder={hint}
          autoFocus={name === 'topic'}
          aria-invalid={error === undefined ? undefined : true}
          aria-describedby={error === undefined ? undefined : errorId}
          onChange={(event) => {
            onChange(event.target.value);
          }}
        />
        {error === undefined ? null : (
          <p id={errorId} className="field-error">
            {error}
          </p>
        )}
      </div>
    );
  };

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
