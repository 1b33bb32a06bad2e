import { useId, useRef } from 'react';
import { t } from '../../common/i18n/translate.ts';
import { Button } from '../ui/Button.tsx';
import { Select, TextField } from '../ui/fields.tsx';
import { type ActionDraft, HTTP_METHODS, MAX_ACTIONS } from './send-draft.ts';

interface SendActionsEditorProps {
  readonly actions: readonly ActionDraft[];
  readonly onChange: (actions: readonly ActionDraft[]) => void;
}

/**
 * The message's action buttons, built one row at a time (as ntfy's web app does): a "view" opens a URL, an "http"
 * sends a request. Up to three, which is ntfy's limit; the server checks the rest.
 */
export function SendActionsEditor({ actions, onChange }: SendActionsEditorProps) {
  const id = useId();
  const nextKey = useRef(actions.reduce((max, action) => Math.max(max, action.key), 0) + 1);
  const addButton = useRef<HTMLButtonElement>(null);

  const update = (key: number, patch: Partial<ActionDraft>) => {
    onChange(actions.map((action) => (action.key === key ? { ...action, ...patch } : action)));
  };
  const add = () => {
    const key = nextKey.current;
    nextKey.current += 1;
    onChange([...actions, { key, kind: 'view', label: '', url: '', method: 'POST' }]);
  };
  const remove = (key: number) => {
    onChange(actions.filter((action) => action.key !== key));
    // The removed row's button is gone: focus goes to "Add action" rather than to <body>.
    requestAnimationFrame(() => addButton.current?.focus());
  };

  return (
    <fieldset className="send-actions">
      <legend>{t('detail.send.actions.legend')}</legend>
      {actions.map((action, index) => {
        const row = `${id}-${String(action.key)}`;
        const number = index + 1;
        return (
          <div
            key={action.key}
            className="send-action"
            role="group"
            aria-label={t('detail.send.actions.group', { number })}
          >
            <Select
              id={`${row}-kind`}
              label={t('detail.send.actions.kind')}
              value={action.kind}
              onChange={(event) => {
                update(action.key, { kind: event.target.value === 'http' ? 'http' : 'view' });
              }}
            >
              <option value="view">{t('detail.send.actions.kind-view')}</option>
              <option value="http">{t('detail.send.actions.kind-http')}</option>
            </Select>
            <TextField
              id={`${row}-label`}
              label={t('detail.send.actions.label')}
              value={action.label}
              onChange={(event) => {
                update(action.key, { label: event.target.value });
              }}
            />
            <TextField
              id={`${row}-url`}
              frameClassName="form-field send-action-url"
              label={t('detail.send.actions.url')}
              type="url"
              value={action.url}
              onChange={(event) => {
                update(action.key, { url: event.target.value });
              }}
            />
            {action.kind === 'http' ? (
              <Select
                id={`${row}-method`}
                label={t('detail.send.actions.method')}
                value={action.method}
                onChange={(event) => {
                  const method = HTTP_METHODS.find((candidate) => candidate === event.target.value) ?? 'POST';
                  update(action.key, { method });
                }}
              >
                {HTTP_METHODS.map((method) => (
                  <option key={method} value={method}>
                    {method}
                  </option>
                ))}
              </Select>
            ) : null}
            <Button
              className="send-action-remove"
              onClick={() => {
                remove(action.key);
              }}
            >
              {t('detail.send.actions.remove', { number })}
            </Button>
          </div>
        );
      })}
      <Button ref={addButton} onClick={add} disabled={actions.length >= MAX_ACTIONS}>
        {t('detail.send.actions.add')}
      </Button>
      {actions.length >= MAX_ACTIONS ? (
        <p className="field-hint">{t('detail.send.actions.limit', { count: MAX_ACTIONS })}</p>
      ) : null}
    </fieldset>
  );
}
