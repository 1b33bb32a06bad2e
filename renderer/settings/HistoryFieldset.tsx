import type { PreferencesDto } from '../../common/ipc.ts';
import { DraftField, GroupStatus, type FieldsetProps } from './fields.tsx';
import { useSaveGroup } from './use-save-group.ts';

type RetentionField = keyof PreferencesDto['historyRetention'];

/** For the inputs' min/max and a non-number typed in; the core checks the range itself and its message wins. */
const limits: Readonly<Record<RetentionField, { readonly min: number; readonly max: number }>> = {
  maxAgeDays: { min: 1, max: 3650 },
  maxPerSubscription: { min: 10, max: 1_000_000 },
};

const count = new Intl.NumberFormat();

export function HistoryFieldset({ settings, save }: FieldsetProps) {
  const group = useSaveGroup(save);
  const retention = settings.preferences.historyRetention;

  const commit = (field: RetentionField) => (text: string) => {
    const value = Number(text.trim());
    if (text.trim() === '' || !Number.isInteger(value)) {
      const { min, max } = limits[field];
      group.reject(field, `must be a whole number from ${min} to ${max}`);
      return Promise.resolve(false);
    }
    const historyRetention = field === 'maxAgeDays' ? { maxAgeDays: value } : { maxPerSubscription: value };
    return group.run({ preferences: { historyRetention } }, [field]);
  };

  const field = (name: RetentionField, label: string, unit: string) => (
    <DraftField
      label={label}
      type="number"
      value={String(retention[name])}
      min={limits[name].min}
      max={limits[name].max}
      error={group.errors[name]}
      hint={`${count.format(limits[name].min)} to ${count.format(limits[name].max)} ${unit}`}
      onCommit={commit(name)}
    />
  );

  return (
    <fieldset className="settings-group">
      <legend>History</legend>
      <p className="field-hint">Older messages are removed from the history, whichever limit comes first.</p>
      <div className="settings-row">
        {field('maxAgeDays', 'Days to keep messages', 'days')}
        {field('maxPerSubscription', 'Messages to keep per subscription', 'messages')}
      </div>
      <GroupStatus status={group.status} />
    </fieldset>
  );
}
