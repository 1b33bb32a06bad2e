import { useId, useState } from 'react';
import { t } from '../../common/i18n/translate.ts';
import type { BridgeApi, MessageDto } from '../../common/ipc.ts';
import { actionOutcomeText, publisherActionView } from './publisher-actions.ts';
import './message-actions.css';

/** What one button's last press did; `running` until the core answers. */
type ActionState =
  { readonly kind: 'running' } | { readonly kind: 'done'; readonly ok: boolean; readonly text: string };

export interface MessageActionsProps {
  readonly api: BridgeApi;
  readonly message: MessageDto;
}

/**
 * The buttons the publisher put on a message (ntfy action buttons), apart from the app's own Copy/Delete: under their
 * own heading, in their own box. One that cannot run here stays listed but disabled with the reason beside it; each
 * result shows next to its button. Keyed by message in MessageDetail, so results never carry over to another one.
 */
export function MessageActions({ api, message }: MessageActionsProps) {
  const [states, setStates] = useState<ReadonlyMap<number, ActionState>>(new Map());
  const baseId = useId();
  if (message.actions.length === 0) return null;

  const setState = (index: number, state: ActionState) => {
    setStates((current) => new Map(current).set(index, state));
  };
  const run = (index: number) => {
    if (states.get(index)?.kind === 'running') return;
    setState(index, { kind: 'running' });
    void api.runAction({ server: message.server, id: message.id }, index).then((result) => {
      setState(index, { kind: 'done', ...actionOutcomeText(result) });
    });
  };

  const headingId = `${baseId}-heading`;
  return (
    <section className="publisher-actions" aria-labelledby={headingId}>
      <h4 id={headingId} className="publisher-actions-heading">
        {t('detail.actions.heading')}
      </h4>
      <ul className="publisher-actions-list">
        {message.actions.map((action, index) => {
          const { hint, availability } = publisherActionView(action);
          const hintId = `${baseId}-${String(index)}-hint`;
          const reasonId = `${baseId}-${String(index)}-reason`;
          const state = states.get(index);
          const running = state?.kind === 'running';
          const disabled = !availability.canRun || running;
          return (
            <li key={index} className="publisher-action" data-available={availability.canRun}>
              <button
                type="button"
                className="publisher-action-button"
                data-kind={action.kind}
                // aria-disabled, not disabled: the button stays a Tab stop, so keyboard and screen reader users
                // reach it and hear the reason it cannot run.
                aria-disabled={disabled}
                aria-describedby={availability.canRun ? hintId : `${hintId} ${reasonId}`}
                onClick={() => {
                  if (!disabled) run(index);
                }}
              >
                {action.label}
              </button>
              <span id={hintId} className="publisher-action-hint">
                {hint}
              </span>
              {availability.canRun ? (
                <p
                  className="publisher-action-result"
                  role="status"
                  data-ok={state?.kind === 'done' ? state.ok : undefined}
                >
                  {state === undefined ? null : state.kind === 'running' ? t('detail.actions.running') : state.text}
                </p>
              ) : (
                <p id={reasonId} className="publisher-action-reason">
                  {availability.reason}
                </p>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
