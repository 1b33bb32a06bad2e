import { t } from '../../common/i18n/translate.ts';
import { useEffect, useRef } from 'react';
import { TextField } from '../ui/fields.tsx';

interface SearchBoxProps {
  readonly value: string;
  readonly onChange: (value: string) => void;
}

function isTypingTarget(target: EventTarget | null): boolean {
  return (
    target instanceof HTMLInputElement ||
    target instanceof HTMLTextAreaElement ||
    (target instanceof HTMLElement && target.isContentEditable)
  );
}

/** The search field; `/` anywhere outside another field focuses it. */
export function SearchBox({ value, onChange }: SearchBoxProps) {
  const input = useRef<HTMLInputElement>(null);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== '/' || event.ctrlKey || event.metaKey || event.altKey || isTypingTarget(event.target)) return;
      // Messages is kept, hidden, while another view shows (App.tsx): `/` there is the other view's.
      const field = input.current;
      if (field === null || !field.checkVisibility()) return;
      event.preventDefault();
      field.focus();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
    };
  }, []);

  return (
    <div className="search-box" role="search">
      <TextField
        ref={input}
        id="history-search"
        label={t('history.toolbar.search-label')}
        labelClassName="visually-hidden"
        frameClassName="search-box-field"
        type="search"
        placeholder={t('history.toolbar.search-placeholder')}
        autoComplete="off"
        value={value}
        onChange={(event) => {
          onChange(event.target.value);
        }}
      />
    </div>
  );
}
