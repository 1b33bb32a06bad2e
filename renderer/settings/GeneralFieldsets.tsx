import { useId } from 'react';
import type { ThemeDto } from '../../common/ipc.ts';
import { DraftField, GroupStatus, ToggleField, type FieldsetProps } from './fields.tsx';
import { useSaveGroup } from './use-save-group.ts';

export function ServerFieldset({ settings, save }: FieldsetProps) {
  const group = useSaveGroup(save);
  return (
    <fieldset className="settings-group">
      <legend>Server</legend>
      <DraftField
        label="Default server"
        type="text"
        value={settings.defaultServer}
        error={group.errors['defaultServer']}
        hint="Suggested when you add a subscription, and used for client.yml topics without a host."
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
      <legend>Startup</legend>
      <ToggleField
        label="Start ntfy Tray when I log in"
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

const themes: readonly { readonly theme: ThemeDto; readonly label: string }[] = [
  { theme: 'system', label: 'Same as the system' },
  { theme: 'light', label: 'Light' },
  { theme: 'dark', label: 'Dark' },
];

/** Native radios: Tab reaches the checked one, arrow keys move and choose (and each choice is saved). */
export function ThemeFieldset({ settings, save }: FieldsetProps) {
  const group = useSaveGroup(save);
  const name = useId();
  const error = group.errors['theme'];
  return (
    <fieldset className="settings-group">
      <legend>Theme</legend>
      <div className="settings-choices">
        {themes.map(({ theme, label }) => (
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
            {label}
          </label>
        ))}
      </div>
      {error === undefined ? null : <p className="field-error">{error}</p>}
      <GroupStatus status={group.status} />
    </fieldset>
  );
}
