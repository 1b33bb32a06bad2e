import { useId, useRef, useState, type ReactNode } from 'react';
import type { SettingsDto } from '../../common/ipc.ts';
import { t } from '../../common/i18n/translate.ts';
import { describedBy, FieldMessages } from '../forms/FieldMessages.tsx';
import { TextField } from '../ui/fields.tsx';
import type { SettingsState } from './use-settings.ts';

/** What every fieldset of the view gets. */
export interface FieldsetProps {
  readonly settings: SettingsDto;
  readonly save: SettingsState['save'];
}

/** A fieldset's live status line ("Saved", or why not). */
export function GroupStatus({ status }: { readonly status: string }) {
  return (
    <p className="settings-status" role="status" data-saved={status === t('settings.status.saved')}>
      {status}
    </p>
  );
}

interface DraftFieldProps {
  readonly label: string;
  readonly type: 'text' | 'number' | 'time';
  /** The saved value; shown unless the user has typed something else. */
  readonly value: string;
  readonly error: string | undefined;
  readonly hint?: string;
  readonly min?: number;
  readonly max?: number;
  /** Saves the typed text; resolves true when it was kept (the field then shows the saved value again). */
  readonly onCommit: (text: string) => Promise<boolean>;
}

/**
 * A text-like field saved when it loses focus or on Enter, not on every keystroke: half-typed URLs, numbers and
 * times are not settings. A refused value stays in the field, with the problem next to it.
 */
export function DraftField({ label, type, value, error, hint, min, max, onCommit }: DraftFieldProps) {
  const [draft, setDraft] = useState<string | undefined>(undefined);
  // Enter and the blur after it would otherwise send the same text twice (or ask again about a refused one).
  const lastSent = useRef<string | undefined>(undefined);

  const commit = () => {
    if (draft === undefined || lastSent.current === draft) return;
    if (draft === value && error === undefined) {
      setDraft(undefined);
      return;
    }
    const text = draft;
    lastSent.current = text;
    void onCommit(text).then((kept) => {
      if (!kept) return;
      lastSent.current = undefined;
      setDraft((current) => (current === text ? undefined : current));
    });
  };

  return (
    <TextField
      frameClassName="settings-field"
      label={label}
      type={type}
      value={draft ?? value}
      min={min}
      max={max}
      step={type === 'number' ? 1 : undefined}
      autoComplete="off"
      spellCheck={type === 'text' ? false : undefined}
      error={error}
      hint={hint}
      onChange={(event) => {
        setDraft(event.target.value);
      }}
      onBlur={commit}
      onKeyDown={(event) => {
        if (event.key !== 'Enter') return;
        event.preventDefault();
        commit();
      }}
    />
  );
}

interface ToggleFieldProps {
  readonly label: string;
  readonly checked: boolean;
  /** An on/off switch (role=switch) rather than a checkbox. */
  readonly asSwitch?: boolean;
  readonly error: string | undefined;
  readonly hint?: ReactNode;
  /** Shown but not changeable (someone else decides; the hint says who). */
  readonly disabled?: boolean;
  readonly onChange: (checked: boolean) => void;
}

/** A checkbox or switch saved as soon as it flips. */
export function ToggleField({ label, checked, asSwitch = false, error, hint, disabled, onChange }: ToggleFieldProps) {
  const id = useId();
  return (
    <div className="settings-toggle">
      <input
        id={id}
        type="checkbox"
        role={asSwitch ? 'switch' : undefined}
        checked={checked}
        disabled={disabled}
        aria-invalid={error === undefined ? undefined : true}
        aria-describedby={describedBy(id, error, hint)}
        onChange={(event) => {
          onChange(event.target.checked);
        }}
      />
      <label htmlFor={id}>{label}</label>
      <FieldMessages id={id} error={error} hint={hint} />
    </div>
  );
}
