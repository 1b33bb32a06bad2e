import type { PreferencesDto } from '../../common/ipc.ts';
import { formatNumber, t } from '../../common/i18n/translate.ts';
import { DraftField, GroupStatus, type FieldsetProps } from './fields.tsx';
import { useSaveGroup } from './use-save-group.ts';

type RetentionField = keyof PreferencesDto['historyRetention'];

/** For the inputs' min/max and a non-number typed in; the core checks the range itself and its message wins. */
const limits: Readonly<Record<RetentionField, { readonly min: number; readonly max: number }>> = {
  maxAgeDays: { min: 1, max: 3650 },
  maxPerSubscription: { min: 10, max: 1_000_000 },
};

function plain(value: number): string {
  return formatNumber(value, { useGrouping: false });
}

export function HistoryFieldset({ settings, save }: FieldsetProps) {
  const group = useSaveGroup(save);
  const retention = settings.preferences.historyRetention;

  const commit = (field: RetentionField) => (text: string) => {
    const value = Number(text.trim());
    if (text.trim() === '' || !Number.isInteger(value)) {
      const { min, max } = limits[field];
      // Without grouping, as the number is typed.
      group.reject(field, t('settings.history.not-whole-number', { min: plain(min), max: plain(max) }));
      return Promise.resolve(false);
    }
    const historyRetention = field === 'maxAgeDays' ? { maxAgeDays: value } : { maxPerSubscription: value };
    return group.run({ preferences: { historyRetention } }, [field]);
  };

  const field = (name: RetentionField, label: string, hint: string) => (
    <DraftField
      label={label}
      type="number"
      value={String(retention[name])}
      min={limits[name].min}
      max={limits[name].max}
      error={group.errors[name]}
      hint={hint}
      onCommit={commit(name)}
    />
  );

  return (
    <fieldset className="settings-group">
      <legend>{t('settings.history.legend')}</legend>
      <p className="field-hint">{t('settings.history.hint')}</p>
      <div className="settings-row">
        {field('maxAgeDays', t('settings.history.max-age'), t('settings.history.max-age-range', limits.maxAgeDays))}
        {field(
          'maxPerSubscription',
          t('settings.history.max-per-subscription'),
          t('settings.history.max-per-subscription-range', limits.maxPerSubscription),
        )}
      </div>
      <GroupStatus status={group.status} />
    </fieldset>
  );
}
