import { useId, useRef, useState, type ReactNode } from 'react';
import { t } from '../../common/i18n/translate.ts';
import { describedBy, FieldMessages } from '../forms/FieldMessages.tsx';
import './ui.css';

interface FilePickerProps {
  readonly label: ReactNode;
  /** The file types offered (`.json,application/json`). */
  readonly accept?: string | undefined;
  readonly hint?: ReactNode | undefined;
  readonly disabled?: boolean | undefined;
  /** The wrapper's class, which places label and picker (`form-field` unless given). */
  readonly frameClassName?: string | undefined;
  /** The chosen file; choosing the same file again is a new choice (after fixing it outside). */
  readonly onFile: (file: File) => void;
}

/**
 * A file field with the window's look (`.ui-file-picker`): the real input keeps the label, the focus and the
 * keyboard, visually hidden; a button-styled part beside it opens the same dialog on a click, and the chosen
 * file's name stays beside it.
 */
export function FilePicker({ label, accept, hint, disabled, frameClassName, onFile }: FilePickerProps) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [chosen, setChosen] = useState<string | undefined>(undefined);
  const described = [describedBy(id, undefined, hint), `${id}-chosen`].filter((item) => item !== undefined);
  return (
    <div className={frameClassName ?? 'form-field'}>
      <label htmlFor={id}>{label}</label>
      <span className="ui-file-picker">
        <input
          ref={input}
          id={id}
          type="file"
          className="ui-file-input visually-hidden"
          accept={accept}
          disabled={disabled}
          aria-describedby={described.join(' ')}
          onChange={(event) => {
            const file = event.target.files?.[0];
            // Cleared, so choosing the same file again is a change too.
            event.target.value = '';
            if (file === undefined) return;
            setChosen(file.name);
            onFile(file);
          }}
        />
        {/* The input is the control that screen readers and the keyboard use; this only takes the pointer's click. */}
        <button
          type="button"
          className="ui-button"
          data-variant="secondary"
          data-size="normal"
          tabIndex={-1}
          aria-hidden="true"
          disabled={disabled}
          onClick={() => input.current?.click()}
        >
          {t('app.file-picker.choose')}
        </button>
        <span id={`${id}-chosen`} className="ui-file-picker-name">
          {chosen ?? t('app.file-picker.none')}
        </span>
      </span>
      <FieldMessages id={id} error={undefined} hint={hint} />
    </div>
  );
}
