import { useRef, useState } from 'react';
import type { PriorityDto, SettingsPatchDto } from '../../common/ipc.ts';
import { minPriorityChoices } from '../../common/priority-names.ts';
import { t } from '../../common/i18n/translate.ts';
import { Button } from '../ui/Button.tsx';
import { Select } from '../ui/fields.tsx';
import { describePause } from './pause-words.ts';
import { DraftField, GroupStatus, ToggleField, type FieldsetProps } from './fields.tsx';
import { useSaveGroup } from './use-save-group.ts';

function toPriority(value: string): PriorityDto | undefined {
  return minPriorityChoices().find((choice) => String(choice.value) === value)?.value;
}

export function NotificationsFieldset({ settings, save }: FieldsetProps) {
  const group = useSaveGroup(save);
  const { notificationsEnabled, sounds, minPriority } = settings.preferences;
  const priorityError = group.errors['minPriority'];
  return (
    <fieldset className="settings-group">
      <legend>{t('settings.notifications.legend')}</legend>
      <ToggleField
        label={t('settings.notifications.show')}
        asSwitch
        checked={notificationsEnabled}
        error={group.errors['notificationsEnabled']}
        hint={t('settings.notifications.show-hint')}
        onChange={(enabled) => {
          void group.run({ preferences: { notificationsEnabled: enabled } }, ['notificationsEnabled']);
        }}
      />
      <ToggleField
        label={t('settings.notifications.sound')}
        checked={sounds}
        error={group.errors['sounds']}
        onChange={(checked) => {
          void group.run({ preferences: { sounds: checked } }, ['sounds']);
        }}
      />
      <Select
        frameClassName="settings-field"
        label={t('settings.notifications.min-priority')}
        value={String(minPriority)}
        error={priorityError}
        // The hint gives way to the error, which says what to do instead.
        hint={priorityError === undefined ? t('settings.notifications.min-priority-hint') : undefined}
        onChange={(event) => {
          const value = toPriority(event.target.value);
          if (value !== undefined) void group.run({ preferences: { minPriority: value } }, ['minPriority']);
        }}
      >
        {minPriorityChoices().map(({ value, label }) => (
          <option key={value} value={String(value)}>
            {label}
          </option>
        ))}
      </Select>
      <GroupStatus status={group.status} />
    </fieldset>
  );
}

type Pause = Exclude<SettingsPatchDto['pause'], null | undefined>;

/** Minutes, or until resumed. */
const pauses: readonly Pause[] = [60, 480, 'until-resumed'];

function pauseLabel(pause: Pause): string {
  return pause === 'until-resumed'
    ? t('settings.pause.until-i-resume')
    : t('settings.pause.for-hours', { count: pause / 60 });
}

/** A pause is not a setting (it ends with the app), so its status line says the pause rather than "Saved". */
export function PauseFieldset({ settings, save }: FieldsetProps) {
  const [problem, setProblem] = useState<string | undefined>(undefined);
  const firstPause = useRef<HTMLButtonElement>(null);
  const paused = settings.pausedUntil !== undefined;

  const change = (pause: NonNullable<SettingsPatchDto['pause']> | null) => {
    void save({ pause }).then((result) => {
      setProblem(result.ok ? undefined : result.error.message);
      // The Resume button goes away with the pause; keep the keyboard user in this group.
      if (result.ok && pause === null) firstPause.current?.focus();
    });
  };

  return (
    <fieldset className="settings-group">
      <legend>{t('settings.pause.legend')}</legend>
      <p className="settings-status settings-pause-state" role="status" data-paused={paused}>
        {describePause(settings.pausedUntil, Date.now())}
      </p>
      <div className="settings-buttons">
        {pauses.map((pause, index) => (
          <Button
            key={pause}
            ref={index === 0 ? firstPause : undefined}
            onClick={() => {
              change(pause);
            }}
          >
            {pauseLabel(pause)}
          </Button>
        ))}
        {paused ? (
          <Button
            variant="primary"
            onClick={() => {
              change(null);
            }}
          >
            {t('settings.pause.resume')}
          </Button>
        ) : null}
      </div>
      {problem === undefined ? null : (
        <p className="form-error" role="alert">
          {problem}
        </p>
      )}
    </fieldset>
  );
}

export function QuietHoursFieldset({ settings, save }: FieldsetProps) {
  const group = useSaveGroup(save);
  const { enabled, start, end, urgentBreaksThrough } = settings.preferences.quietHours;
  // Start and end are checked together (they must differ), so a problem with either belongs to both saves.
  const times = ['start', 'end'] as const;
  return (
    <fieldset className="settings-group">
      <legend>{t('settings.quiet.legend')}</legend>
      <ToggleField
        label={t('settings.quiet.enabled')}
        checked={enabled}
        error={group.errors['enabled']}
        onChange={(checked) => {
          void group.run({ preferences: { quietHours: { enabled: checked } } }, ['enabled']);
        }}
      />
      <div className="settings-row">
        <DraftField
          label={t('settings.quiet.start')}
          type="time"
          value={start}
          error={group.errors['start']}
          onCommit={(text) => group.run({ preferences: { quietHours: { start: text } } }, times)}
        />
        <DraftField
          label={t('settings.quiet.end')}
          type="time"
          value={end}
          error={group.errors['end']}
          hint={t('settings.quiet.end-hint')}
          onCommit={(text) => group.run({ preferences: { quietHours: { end: text } } }, times)}
        />
      </div>
      <ToggleField
        label={t('settings.quiet.urgent')}
        checked={urgentBreaksThrough}
        error={group.errors['urgentBreaksThrough']}
        onChange={(checked) => {
          void group.run({ preferences: { quietHours: { urgentBreaksThrough: checked } } }, ['urgentBreaksThrough']);
        }}
      />
      <GroupStatus status={group.status} />
    </fieldset>
  );
}
