import { useId } from 'react';
import type { ThemeDto } from '../../common/ipc.ts';
import { t } from '../../common/i18n/translate.ts';
import { UPDATES_ENV } from '../../common/update-checks.ts';
import { DraftField, GroupStatus, ToggleField, type FieldsetProps } from './fields.tsx';
import { useSaveGroup } from './use-save-group.ts';

export function ServerFieldset({ settings, save }: FieldsetProps) {
  const group = useSaveGroup(save);
  return (
    <fieldset className="settings-group">
      <legend>{t('settings.server.legend')}</legend>
      <DraftField
        label={t('settings.server.default-server')}
        type="text"
        value={settings.defaultServer}
        error={group.errors['defaultServer']}
        hint={t('settings.server.default-server-hint')}
        onCommit={(text) => group.run({ defaultServer: text.trim() }, ['defaultServer'])}
      />
      <GroupStatus status={group.status} />
    </fieldset>
  );
}

export function StartupFieldset({ settings, save }: FieldsetProps) {
  const group = useSaveGroup(save);
  return (
    <fieldset className="settings-group">
      <legend>{t('settings.startup.legend')}</legend>
      <ToggleField
        label={t('settings.startup.start-at-login')}
        asSwitch
        checked={settings.preferences.startAtLogin}
        error={group.errors['startAtLogin']}
        onChange={(startAtLogin) => {
          void group.run({ preferences: { startAtLogin } }, ['startAtLogin']);
        }}
      />
      <GroupStatus status={group.status} />
    </fieldset>
  );
}

/**
 * Whether ntfy Tray looks for new versions: the user's switch, unless the administrator turned checks off (the
 * switch shows off and cannot be changed) or the build has no release feed (no switch: nothing could be checked).
 */
export function UpdatesFieldset({ settings, save }: FieldsetProps) {
  const group = useSaveGroup(save);
  const { updateChecks } = settings;
  return (
    <fieldset className="settings-group">
      <legend>{t('settings.updates.legend')}</legend>
      {updateChecks === 'not-in-this-build' ? (
        <p className="field-hint">{t('settings.updates.not-in-this-build')}</p>
      ) : (
        <ToggleField
          label={t('settings.updates.check')}
          asSwitch
          checked={updateChecks === 'user' && settings.preferences.checkForUpdates}
          disabled={updateChecks === 'administrator-off'}
          error={group.errors['checkForUpdates']}
          hint={
            updateChecks === 'administrator-off'
              ? t('settings.updates.administrator-off', { variable: UPDATES_ENV })
              : t('settings.updates.check-hint')
          }
          onChange={(checkForUpdates) => {
            void group.run({ preferences: { checkForUpdates } }, ['checkForUpdates']);
          }}
        />
      )}
      <GroupStatus status={group.status} />
    </fieldset>
  );
}

const themes: readonly ThemeDto[] = ['system', 'light', 'dark'];

/** Native radios: Tab reaches the checked one, arrow keys move and choose (and each choice is saved). */
export function ThemeFieldset({ settings, save }: FieldsetProps) {
  const group = useSaveGroup(save);
  const name = useId();
  const error = group.errors['theme'];
  return (
    <fieldset className="settings-group">
      <legend>{t('settings.theme.legend')}</legend>
      <div className="settings-choices">
        {themes.map((theme) => (
          <label key={theme} className="settings-choice">
            <input
              type="radio"
              name={name}
              value={theme}
              checked={settings.preferences.theme === theme}
              onChange={() => {
                void group.run({ preferences: { theme } }, ['theme']);
              }}
            />
            {t(`settings.theme.${theme}`)}
          </label>
        ))}
      </div>
      {error === undefined ? null : <p className="field-error">{error}</p>}
      <GroupStatus status={group.status} />
    </fieldset>
  );
}
