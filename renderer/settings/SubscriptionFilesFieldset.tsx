import { useId } from 'react';
import type { BridgeApi } from '../../common/ipc.ts';
import { CLIENT_YML_MAX_SUBSCRIPTIONS } from '../../common/ipc-dto.ts';
import { t } from '../../common/i18n/translate.ts';
import { ClientYmlReview } from './ClientYmlReview.tsx';
import { useSubscriptionFiles } from './use-subscription-files.ts';
import { Button } from '../ui/Button.tsx';
import { FilePicker } from '../ui/FilePicker.tsx';

interface SubscriptionFilesFieldsetProps {
  readonly api: BridgeApi;
}

/** Export to and import from files (useSubscriptionFiles); every outcome is reported in one status region. */
export function SubscriptionFilesFieldset({ api }: SubscriptionFilesFieldsetProps) {
  const id = useId();
  const files = useSubscriptionFiles(api);
  return (
    <fieldset className="settings-group">
      <legend>{t('settings.files.legend')}</legend>
      <div className="settings-field">
        <Button aria-describedby={`${id}-export-hint`} onClick={files.exportAll}>
          {t('settings.files.export')}
        </Button>
        <p id={`${id}-export-hint`} className="field-hint">
          {t('settings.files.export-hint')}
        </p>
      </div>
      <FilePicker
        frameClassName="settings-field"
        label={t('settings.files.import-json')}
        accept=".json,application/json"
        onFile={files.onFile('json')}
      />
      <FilePicker
        frameClassName="settings-field"
        label={t('settings.files.import-yml')}
        accept=".yml,.yaml"
        hint={t('settings.files.import-yml-hint', { limit: CLIENT_YML_MAX_SUBSCRIPTIONS })}
        onFile={files.onFile('client-yml')}
      />
      <div className="settings-field">
        <Button aria-describedby={`${id}-export-yml-hint`} onClick={files.exportClientYml}>
          {t('settings.files.export-yml')}
        </Button>
        <label className="choice">
          <input
            type="checkbox"
            checked={files.ymlSecrets}
            onChange={(event) => {
              files.setYmlSecrets(event.target.checked);
            }}
          />
          {t('settings.files.export-yml-secrets')}
        </label>
        <p id={`${id}-export-yml-hint`} className="field-hint">
          {t('settings.files.export-yml-hint')}
        </p>
      </div>
      {files.review === undefined ? null : (
        <ClientYmlReview
          fileName={files.review.fileName}
          entries={files.review.entries}
          onDecide={files.decideReview}
        />
      )}
      <div className="settings-status settings-report" role="status" aria-busy={files.busy}>
        {files.report.map((line) => (
          <p key={line}>{line}</p>
        ))}
      </div>
    </fieldset>
  );
}
