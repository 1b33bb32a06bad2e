import type { ReactNode, Ref } from 'react';
import { describedBy, FieldMessages } from '../forms/FieldMessages.tsx';

export interface TextFieldProps {
  readonly id: string;
  readonly name: string;
  readonly label: string;
  readonly value: string;
  readonly onChange: (value: string) => void;
  readonly error?: string | undefined;
  readonly placeholder?: string | undefined;
  /** Shown under the field and read after the label. */
  readonly hint?: ReactNode;
  /**
   * `password` for secrets: masked, not offered to autofill, and uncontrolled, because React mirrors a controlled
   * value into the `value` attribute and a secret must not sit in the DOM. It starts empty whatever `value` says:
   * the parent empties `value` whenever it shows the input again.
   */
  readonly type?: 'text' | 'password';
  readonly autoFocus?: boolean;
  readonly inputRef?: Ref<HTMLInputElement> | undefined;
}

/** A labelled text input whose error sits right under it and is part of its accessible description. */
export function TextField(props: TextFieldProps) {
  const { id, name, label, value, onChange, error, placeholder, hint, type = 'text', autoFocus, inputRef } = props;
  return (
    <div className="form-field">
      <label htmlFor={id}>{label}</label>
      <input
        ref={inputRef}
        id={id}
        name={name}
        type={type}
        autoComplete={type === 'password' ? 'new-password' : 'off'}
        spellCheck={false}
        {...(type === 'password' ? {} : { value })}
        placeholder={placeholder}
        autoFocus={autoFocus}
        aria-invalid={error === undefined ? undefined : true}
        aria-describedby={describedBy(id, error, hint)}
        onChange={(event) => {
          onChange(event.target.value);
        }}
      />
      <FieldMessages id={id} error={error} hint={hint} />
    </div>
  );
}

export interface SelectFieldProps<V extends string | number> {
  readonly id: string;
  readonly name: string;
  readonly label: string;
  readonly value: V;
  readonly options: readonly { readonly value: V; readonly label: string }[];
  readonly onChange: (value: V) => void;
  readonly error?: string | undefined;
  readonly hint?: ReactNode;
}

export function SelectField<V extends string | number>(props: SelectFieldProps<V>) {
  const { id, name, label, value, options, onChange, error, hint } = props;
  return (
    <div className="form-field">
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        name={name}
        value={String(value)}
        aria-invalid={error === undefined ? undefined : true}
        aria-describedby={describedBy(id, error, hint)}
        onChange={(event) => {
          const chosen = options.find((option) => String(option.value) === event.target.value);
          if (chosen !== undefined) onChange(chosen.value);
        }}
      >
        {options.map((option) => (
          <option key={String(option.value)} value={String(option.value)}>
            {option.label}
          </option>
        ))}
      </select>
      <FieldMessages id={id} error={error} hint={hint} />
    </div>
  );
}
