import { t } from '../../common/i18n/translate.ts';
import type { ReactNode } from 'react';
import { minPriorityChoices } from '../../common/priority-names.ts';
import { CommandField } from './CommandField.tsx';
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
  'command',
] as const;
export type AdvancedField = (typeof advancedFieldNames)[number];

type FilterKey = 'filterMessage' | 'filterTitle' | 'filterPriority' | 'filterTags';
const errorFieldOf: Readonly<Record<FilterKey, AdvancedField>> = {
  filterMessage: 'message',
  filterTitle: 'title',
  filterPriority: 'priority',
  filterTags: 'tags',
};

interface AdvancedFieldsProps {
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
      <summary>{t('subscriptions.advanced.summary')}</summary>
      <SelectField
        id={fieldId('transport')}
        name="transport"
        label={t('subscriptions.advanced.transport')}
        value={draft.transport}
        options={transportOptions()}
        hint={t('subscriptions.advanced.transport-hint')}
        error={errors.transport}
        onChange={(transport) => {
          onChange({ transport });
        }}
      />

      <fieldset className="editor-section">
        <legend>{t('subscriptions.advanced.notifications')}</legend>
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
            {t('subscriptions.advanced.mute')}
          </label>
          <p id={`${fieldId('muted')}-hint`} className="field-hint">
            {t('subscriptions.advanced.mute-hint')}
          </p>
        </div>
        <SelectField
          id={fieldId('minPriority')}
          name="minPriority"
          label={t('subscriptions.advanced.min-priority')}
          value={draft.minPriority}
          options={minPriorityChoices()}
          hint={t('subscriptions.advanced.min-priority-hint')}
          error={errors.minPriority}
          onChange={(minPriority) => {
            onChange({ minPriority });
          }}
        />
      </fieldset>

      <fieldset className="editor-section">
        <legend>{t('subscriptions.advanced.filters')}</legend>
        <p className="field-hint">{t('subscriptions.advanced.filters-hint')}</p>
        {text(
          'filterMessage',
          t('subscriptions.advanced.filter-message'),
          t('subscriptions.advanced.filter-message-hint'),
        )}
        {text('filterTitle', t('subscriptions.advanced.filter-title'), t('subscriptions.advanced.filter-title-hint'))}
        {text(
          'filterPriority',
          t('subscriptions.advanced.filter-priority'),
          t('subscriptions.advanced.filter-priority-hint'),
        )}
        {text('filterTags', t('subscriptions.advanced.filter-tags'), t('subscriptions.advanced.filter-tags-hint'))}
      </fieldset>
      <CommandField
        id={fieldId('command')}
        value={draft.command}
        error={errors.command}
        onChange={(command) => {
          onChange({ command });
        }}
      />
      {children}
    </details>
  );
}
