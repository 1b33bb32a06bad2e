import type { ReactNode } from 'react';
import { minPriorityChoices } from '../../common/priority-names.ts';
import { SelectField, TextField } from './form-fields.tsx';
import { transportOptions, type SubscriptionDraft } from './subscription-draft.ts';

/** The names the core gives these fields in its errors. */
export const advancedFieldNames = [
  'transport',
  'muted',
  'minPriority',
  'message',
  'title',
  'priority',
  'tags',
] as const;
export type AdvancedField = (typeof advancedFieldNames)[number];

type FilterKey = 'filterMessage' | 'filterTitle' | 'filterPriority' | 'filterTags';
const errorFieldOf: Readonly<Record<FilterKey, AdvancedField>> = {
  filterMessage: 'message',
  filterTitle: 'title',
  filterPriority: 'priority',
  filterTags: 'tags',
};

export interface AdvancedFieldsProps {
  readonly idPrefix: string;
  readonly draft: SubscriptionDraft;
  readonly errors: Partial<Record<AdvancedField, string>>;
  readonly onChange: (patch: Partial<SubscriptionDraft>) => void;
  readonly open: boolean;
  readonly onOpenChange: (open: boolean) => void;
  /** The server's credentials section, last. */
  readonly children?: ReactNode;
}

/**
 * What most people never change, folded under "Advanced": how it connects, when it notifies, which messages arrive,
 * and the server's credentials. A native <details>, so it opens with Enter or Space and says whether it is open.
 */
export function AdvancedFields(props: AdvancedFieldsProps) {
  const { idPrefix, draft, errors, onChange, open, onOpenChange, children } = props;
  const fieldId = (name: string) => `${idPrefix}-${name}`;
  const text = (key: FilterKey, label: string, hint: string) => (
    <TextField
      id={fieldId(key)}
      name={errorFieldOf[key]}
      label={label}
      value={draft[key]}
      hint={hint}
      error={errors[errorFieldOf[key]]}
      onChange={(value) => {
        onChange({ [key]: value });
      }}
    />
  );

  return (
    <details
      className="form-advanced"
      open={open}
      onToggle={(event) => {
        onOpenChange(event.currentTarget.open);
      }}
    >
      <summary>Advanced</summary>
      <SelectField
        id={fieldId('transport')}
        name="transport"
        label="Transport"
        value={draft.transport}
        options={transportOptions}
        hint="JSON, server-sent events and WebSocket catch up on what was missed while disconnected."
        error={errors.transport}
        onChange={(transport) => {
          onChange({ transport });
        }}
      />

      <fieldset className="editor-section">
        <legend>Notifications</legend>
        <div className="form-field">
          <label className="choice">
            <input
              type="checkbox"
              name="muted"
              checked={draft.muted}
              aria-describedby={`${fieldId('muted')}-hint`}
              onChange={(event) => {
                onChange({ muted: event.target.checked });
              }}
            />
            Mute notifications
          </label>
          <p id={`${fieldId('muted')}-hint`} className="field-hint">
            Messages still arrive and are kept in the history.
          </p>
        </div>
        <SelectField
          id={fieldId('minPriority')}
          name="minPriority"
          label="Minimum priority"
          value={draft.minPriority}
          options={minPriorityChoices()}
          hint="Messages below it are kept without a notification."
          error={errors.minPriority}
          onChange={(minPriority) => {
            onChange({ minPriority });
          }}
        />
      </fieldset>

      <fieldset className="editor-section">
        <legend>Filters</legend>
        <p className="field-hint">Only messages that match every filter arrive. Leave a filter empty to allow all.</p>
        {text('filterMessage', 'Message is exactly', 'The whole message text, as sent.')}
        {text('filterTitle', 'Title is exactly', 'The whole title, as sent.')}
        {text('filterPriority', 'Priorities', 'Comma-separated, any of them: e.g. high, urgent or 4, 5.')}
        {text('filterTags', 'Tags', 'Comma-separated, all of them: e.g. backup, failed.')}
      </fieldset>
      {children}
    </details>
  );
}
