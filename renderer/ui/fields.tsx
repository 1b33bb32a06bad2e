import {
  useId,
  type AriaAttributes,
  type InputHTMLAttributes,
  type ReactNode,
  type Ref,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
} from 'react';
import { describedBy, FieldMessages } from '../forms/FieldMessages.tsx';
import './ui.css';

/** What every labelled field takes besides its element's own attributes. */
interface FieldFrame {
  readonly label: ReactNode;
  /** Shown right under the field, and the field is aria-invalid while it is set. */
  readonly error?: string | undefined;
  readonly hint?: ReactNode | undefined;
  /** The wrapper's class, which places label and field (`form-field` unless given). */
  readonly frameClassName?: string | undefined;
  /** The label's own class (`visually-hidden` for a field whose purpose the view shows otherwise, as a search box). */
  readonly labelClassName?: string | undefined;
}

/** The ids a field's aria-describedby lists: its own error and hint, then any the caller names. */
function describe(id: string, error: string | undefined, hint: ReactNode, extra: string | undefined) {
  const ids = [describedBy(id, error, hint), extra].filter((item) => item !== undefined && item !== '');
  return ids.length === 0 ? undefined : ids.join(' ');
}

function Frame({
  id,
  label,
  error,
  hint,
  frameClassName,
  labelClassName,
  children,
}: FieldFrame & { readonly id: string; readonly children: ReactNode }) {
  return (
    <div className={frameClassName ?? 'form-field'}>
      <label htmlFor={id} className={labelClassName}>
        {label}
      </label>
      {children}
      <FieldMessages id={id} error={error} hint={hint} />
    </div>
  );
}

/** The attributes of the control a frame wires: its id, class and the two aria fields the frame sets. */
interface ControlAttributes {
  readonly id?: string | undefined;
  readonly className?: string | undefined;
  readonly 'aria-invalid'?: AriaAttributes['aria-invalid'];
  readonly 'aria-describedby'?: string | undefined;
}

/**
 * Splits a field's props into its frame's and its control's: the control gets the id (its own unless given), the
 * base class before the caller's, aria-invalid while an error is set and aria-describedby listing error and hint.
 */
function useWiredField<P extends FieldFrame & ControlAttributes>(props: P, baseClass: string) {
  const { label, error, hint, frameClassName, labelClassName, id: givenId, className, ...rest } = props;
  const ownId = useId();
  const id = givenId ?? ownId;
  const frame = { id, label, error, hint, frameClassName, labelClassName };
  const control = {
    ...rest,
    id,
    className: className === undefined ? baseClass : `${baseClass} ${className}`,
    'aria-invalid': error === undefined ? props['aria-invalid'] : true,
    'aria-describedby': describe(id, error, hint, props['aria-describedby']),
  };
  return { frame, control };
}

interface TextFieldProps extends FieldFrame, Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> {
  readonly type?: 'text' | 'url' | 'number' | 'time' | 'password' | 'search' | 'email' | undefined;
  readonly ref?: Ref<HTMLInputElement> | undefined;
}

/** A labelled one-line field with its error and hint wired to it (`.ui-field`). */
export function TextField(props: TextFieldProps) {
  const { frame, control } = useWiredField(props, 'ui-field');
  return (
    <Frame {...frame}>
      <input {...control} />
    </Frame>
  );
}

interface TextAreaProps extends FieldFrame, TextareaHTMLAttributes<HTMLTextAreaElement> {
  readonly ref?: Ref<HTMLTextAreaElement> | undefined;
}

/** A labelled text area with its error and hint wired to it (`.ui-field`). */
export function TextArea(props: TextAreaProps) {
  const { frame, control } = useWiredField(props, 'ui-field');
  return (
    <Frame {...frame}>
      <textarea {...control} />
    </Frame>
  );
}

interface SelectProps extends FieldFrame, SelectHTMLAttributes<HTMLSelectElement> {
  readonly ref?: Ref<HTMLSelectElement> | undefined;
}

/** A labelled select with its error and hint wired to it (`.ui-select`); the options are its children. */
export function Select(props: SelectProps) {
  const { frame, control } = useWiredField(props, 'ui-select');
  return (
    <Frame {...frame}>
      <select {...control} />
    </Frame>
  );
}
