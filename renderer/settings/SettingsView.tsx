import type { SubmitEvent } from 'react';
import type { BridgeApi } from '../../common/ipc.ts';
import { t } from '../../common/i18n/translate.ts';
import { ServerFieldset, StartupFieldset, ThemeFieldset, UpdatesFieldset } from './GeneralFieldsets.tsx';
import { AttachmentsFieldset } from './AttachmentsFieldset.tsx';
import { HistoryFieldset } from './HistoryFieldset.tsx';
import { NotificationsFieldset, PauseFieldset, QuietHoursFieldset } from './NotificationFieldsets.tsx';
import { PushAppsFieldset } from './PushAppsFieldset.tsx';
import { SubscriptionFilesFieldset } from './SubscriptionFilesFieldset.tsx';
import { useSettings } from './use-settings.ts';
import './settings.css';

interface SettingsViewProps {
  readonly api: BridgeApi;
}

/** Every change is saved at once (text fields when they lose focus or on Enter), each group saying "Saved". */
export function SettingsView({ api }: SettingsViewProps) {
  const { settings, loadError, save } = useSettings(api);

  return (
    <main className="settings" aria-labelledby="settings-title">
      <h2 id="settings-title">{t('settings.title')}</h2>
      {settings === undefined ? (
        <p className={loadError === undefined ? 'field-hint' : 'form-error'} role="status">
          {loadError === undefined ? t('settings.loading') : t('settings.load-failed', { reason: loadError })}
        </p>
      ) : (
        <form
          className="settings-form"
          aria-labelledby="settings-title"
          noValidate
          onSubmit={(event: SubmitEvent<HTMLFormElement>) => {
            event.preventDefault();
          }}
        >
          <ServerFieldset settings={settings} save={save} />
          <NotificationsFieldset settings={settings} save={save} />
          <PauseFieldset settings={settings} save={save} />
          <QuietHoursFieldset settings={settings} save={save} />
          <StartupFieldset settings={settings} save={save} />
          <UpdatesFieldset settings={settings} save={save} />
          <HistoryFieldset settings={settings} save={save} />
          <AttachmentsFieldset settings={settings} save={save} />
          <ThemeFieldset settings={settings} save={save} />
          <PushAppsFieldset settings={settings} save={save} api={api} />
          <SubscriptionFilesFieldset api={api} />
        </form>
      )}
    </main>
  );
}
