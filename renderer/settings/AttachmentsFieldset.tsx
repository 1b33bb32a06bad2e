import type { PreferencesDto } from '../../common/ipc.ts';
import { t } from '../../common/i18n/translate.ts';
import { Select } from '../ui/fields.tsx';
import { GroupStatus, type FieldsetProps } from './fields.tsx';
import { useSaveGroup } from './use-save-group.ts';

type From = PreferencesDto['autoDownloadAttachments'];

const sources: readonly From[] = ['never', 'subscription-server', 'any-server'];
/** Bytes; up to the attachment cache's own cap of 5 MiB. */
const sizes: readonly number[] = [100 * 1024, 500 * 1024, 1024 * 1024, 2 * 1024 * 1024, 5 * 1024 * 1024];

function sizeLabel(bytes: number): string {
  return bytes < 1024 * 1024
    ? t('settings.attachments.size-kb', { size: bytes / 1024 })
    : t('settings.attachments.size-mb', { size: bytes / (1024 * 1024) });
}

/** Like ntfy's Android app: from where images are downloaded without a click, and up to what size. */
export function AttachmentsFieldset({ settings, save }: FieldsetProps) {
  const group = useSaveGroup(save);
  const { autoDownloadAttachments: from, autoDownloadMaxBytes: maxBytes } = settings.preferences;
  const choices = sizes.includes(maxBytes) ? sizes : [...sizes, maxBytes].sort((a, b) => a - b);
  const error = group.errors['autoDownloadAttachments'] ?? group.errors['autoDownloadMaxBytes'];
  return (
    <fieldset className="settings-group">
      <legend>{t('settings.attachments.legend')}</legend>
      <p className="field-hint">{t('settings.attachments.hint')}</p>
      <div className="settings-row">
        <Select
          frameClassName="settings-field"
          label={t('settings.attachments.from')}
          value={from}
          onChange={(event) => {
            const value = sources.find((source) => source === event.target.value);
            if (value !== undefined)
              void group.run({ preferences: { autoDownloadAttachments: value } }, ['autoDownloadAttachments']);
          }}
        >
          {sources.map((source) => (
            <option key={source} value={source}>
              {t(`settings.attachments.from.${source}`)}
            </option>
          ))}
        </Select>
        <Select
          frameClassName="settings-field"
          label={t('settings.attachments.max')}
          value={String(maxBytes)}
          disabled={from === 'never'}
          onChange={(event) => {
            void group.run({ preferences: { autoDownloadMaxBytes: Number(event.target.value) } }, [
              'autoDownloadMaxBytes',
            ]);
          }}
        >
          {choices.map((bytes) => (
            <option key={bytes} value={String(bytes)}>
              {sizeLabel(bytes)}
            </option>
          ))}
        </Select>
      </div>
      {error === undefined ? null : <p className="field-error">{error}</p>}
      <GroupStatus status={group.status} />
    </fieldset>
  );
}
