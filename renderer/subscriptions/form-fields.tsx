import { useCallback, useEffect, useRef, type ReactNode, type Ref } from 'react';
import { Select, TextField as UiTextField } from '../ui/fields.tsx';

interface TextFieldProps {
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
   * value into the `value` attribute and a secret must not sit in the DOM. When it is shown it takes `value` as its
   * live value (a property, never markup): a secret typed in the login step is still there under Advanced; it is
   * emptied when `value` is.
   */
  readonly type?: 'text' | 'password';
  readonly autoFocus?: boolean;
  readonly inputRef?: Ref<HTMLInputElement> | undefined;
}

/**
 * A ref for an uncontrolled secret input that follows `value` only where it must, through the input's live value
 * (never its attribute): it starts with `value` when it mounts, and is emptied when `value` is (a refused password is
 * typed again). Passed on to `inputRef`.
 */
function useSecretValue(value: string, inputRef: Ref<HTMLInputElement> | undefined) {
  const current = useRef(value);
  current.current = value;
  const forward = useRef(inputRef);
  forward.current = inputRef;
  const element = useRef<HTMLInputElement | null>(null);
  useEffect(() => {
    if (value === '' && element.current !== null) element.current.value = '';
  }, [value]);
  return useCallback((input: HTMLInputElement | null) => {
    element.current = input;
    if (input !== null && input.value === '') input.value = current.current;
    const target = forward.current;
    if (typeof target === 'function') target(input);
    else if (target !== undefined && target !== null) target.current = input;
  }, []);
}

/**
 * The subscription forms' text input: renderer/ui's TextField (label, error right under it and part of its
 * accessible description) with what these forms want of every input: no autofill, no spell check, secrets
 * uncontrolled.
 */
export function TextField(props: TextFieldProps) {
  const { id, name, label, value, onChange, error, placeholder, hint, type = 'text', autoFocus, inputRef } = props;
  const secretRef = useSecretValue(value, inputRef);
  return (
    <UiTextField
      ref={type === 'password' ? secretRef : inputRef}
      id={id}
      name={name}
      label={label}
      type={type}
      autoComplete={type === 'password' ? 'new-password' : 'off'}
      spellCheck={false}
      {...(type === 'password' ? {} : { value })}
      placeholder={placeholder}
      autoFocus={autoFocus}
      error={error}
      hint={hint}
      onChange={(event) => {
        onChange(event.target.value);
      }}
    />
  );
}

interface SelectFieldProps<V extends string | number> {
  readonly id: string;
  readonly name: string;
  readonly label: string;
  readonly value: V;
  readonly options: readonly { readonly value: V; readonly label: string }[];
  readonly onChange: (value: V) => void;
  readonly error?: string | undefined;
  readonly hint?: ReactNode;
}

/** renderer/ui's Select over a list of typed choices. */
export function SelectField<V extends string | number>(props: SelectFieldProps<V>) {
  const { id, name, label, value, options, onChange, error, hint } = props;
  return (
    <Select
      id={id}
      name={name}
      label={label}
      value={String(value)}
      error={error}
      hint={hint}
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
    </Select>
  );
}
