import { useId, useRef, useState } from 'react';
import type { PriorityDto, SettingsPatchDto } from '../../common/ipc.ts';
import { minPriorityChoices } from '../../common/priority-names.ts';
import { untilTime } from '../history/format.ts';
import { DraftField, GroupStatus, ToggleField, type FieldsetProps } from './fields.tsx';
import { useSaveGroup } from './use-save-group.ts';

function toPriority(value: string): PriorityDto | undefined {
  return minPriorityChoices().find((choice) => String(choice.value) === value)?.value;
}

export function NotificationsFieldset({ settings, save }: FieldsetProps) {
  const group = useSaveGroup(save);
  const id = useId();
  const { notificationsEnabled, sounds, minPriority } = settings.preferences;
  const priorityError = group.errors['minPriority'];
  return (
    <fieldset className="settings-group">
      <legend>Notifications</legend>
      <ToggleField
        label="Show notifications"
        asSwitch
        checked={notificationsEnabled}
        error={group.errors['notificationsEnabled']}
        hint="Messages are kept in the history either way."
        onChange={(enabled) => {
          void group.run({ preferences: { notificationsEnabled: enabled } }, ['notificationsEnabled']);
        }}
      />
      <ToggleField
        label="Play a sound"
        checked={sounds}
        error={group.errors['sounds']}
        onChange={(checked) => {
          void group.run({ preferences: { sounds: checked } }, ['sounds']);
        }}
      />
      <div className="settings-field">
        <label htmlFor={`${id}-priority`}>Minimum priority</label>
        <select
          id={`${id}-priority`}
          value={String(minPriority)}
          aria-invalid={priorityError === undefined ? undefined : true}
          aria-describedby={priorityError === undefined ? `${id}-priority-hint` : `${id}-priority-error`}
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
        </select>
        {priorityError === undefined ? (
          <p id={`${id}-priority-hint`} className="field-hint">
            Messages below it do not pop up; they are still kept in the history.
          </p>
        ) : (
          <p id={`${id}-priority-error`} className="field-error">
            {priorityError}
          </p>
        )}
      </div>
      <GroupStatus status={group.status} />
    </fieldset>
  );
}

/**
 * `pausedUntil` as the user reads it, its end as the Messages header says it; null is a pause until resumed,
 * undefined no pause. `nowMs` tells whether the end is today; `locale` undefined: the user's.
 */
export function describePause(pausedUntil: number | null | undefined, nowMs: number, locale?: string): string {
  if (pausedUntil === undefined) return 'Notifications are not paused';
  if (pausedUntil === null) return 'Paused until you resume';
  return `Paused until ${untilTime(pausedUntil, nowMs, locale)}`;
}

const pauses: readonly {
  readonly pause: Exclude<SettingsPatchDto['pause'], null | undefined>;
  readonly label: string;
}[] = [
  { pause: 60, label: 'Pause for 1 hour' },
  { pause: 480, label: 'Pause for 8 hours' },
  { pause: 'until-resumed', label: 'Pause until I resume' },
];

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
      <legend>Pause notifications</legend>
      <p className="settings-status settings-pause-state" role="status" data-paused={paused}>
        {describePause(settings.pausedUntil, Date.now())}
      </p>
      <div className="settings-buttons">
        {pauses.map(({ pause, label }, index) => (
          <button
            key={label}
            ref={index === 0 ? firstPause : undefined}
            type="button"
            onClick={() => {
              change(pause);
            }}
          >
            {label}
          </button>
        ))}
        {paused ? (
          <button
            type="button"
            className="settings-primary"
            onClick={() => {
              change(null);
            }}
          >
            Resume
          </button>
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
      <legend>Quiet hours</legend>
      <ToggleField
        label="No popups during quiet hours"
        checked={enabled}
        error={group.errors['enabled']}
        onChange={(checked) => {
          void group.run({ preferences: { quietHours: { enabled: checked } } }, ['enabled']);
        }}
      />
      <div className="settings-row">
        <DraftField
          label="Starts at"
          type="time"
          value={start}
          error={group.errors['start']}
          onCommit={(text) => group.run({ preferences: { quietHours: { start: text } } }, times)}
        />
        <DraftField
          label="Ends at"
          type="time"
          value={end}
          error={group.errors['end']}
          hint="An end before the start spans midnight."
          onCommit={(text) => group.run({ preferences: { quietHours: { end: text } } }, times)}
        />
      </div>
      <ToggleField
        label="Urgent messages break through"
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
