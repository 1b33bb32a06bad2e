import type { ReactNode } from 'react';

/**
 * What `aria-describedby` of a field with id `id` lists: its error first (the thing to fix), then its hint. The
 * elements carry the ids `${id}-error` and `${id}-hint`, rendered by FieldMessages.
 */
export function describedBy(id: string, error: string | undefined, hint: ReactNode): string | undefined {
  const ids = [error === undefined ? undefined : `${id}-error`, hint === undefined ? undefined : `${id}-hint`];
  const joined = ids.filter((item) => item !== undefined).join(' ');
  return joined === '' ? undefined : joined;
}

/** A field's error (right under it) and hint, as text; the views' fields all show them the same way. */
export function FieldMessages(props: {
  readonly id: string;
  readonly error: string | undefined;
  readonly hint: ReactNode;
}) {
  const { id, error, hint } = props;
  return (
    <>
      {error === undefined ? null : (
        <p id={`${id}-error`} className="field-error">
          {error}
        </p>
      )}
      {hint === undefined ? null : (
        <p id={`${id}-hint`} className="field-hint">
          {hint}
        </p>
      )}
    </>
  );
}
