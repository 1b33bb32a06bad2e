import { useEffect, useId, useRef, useState } from 'react';
import { t } from '../../common/i18n/translate.ts';
import type { BridgeApi, MessageDto } from '../../common/ipc.ts';
import {
  actionOutcomeText,
  confirmInternalText,
  httpActionTargetOf,
  publisherActionView,
} from './publisher-actions.ts';
import './message-actions.css';
import { Button } from '../ui/Button.tsx';

/**
 * What one button's last press did; `running` until the core answers; `confirming` while an http action to this
 * computer or its network waits for Confirm or Cancel (the core sent nothing).
 */
type ActionState =
  | { readonly kind: 'running' }
  | { readonly kind: 'confirming'; readonly method: string; readonly host: string }
  | { readonly kind: 'done'; readonly ok: boolean; readonly text: string };

interface MessageActionsProps {
  readonly api: BridgeApi;
  readonly message: MessageDto;
  /** A popup's http button asked for this action's confirmation (a new object per click). */
  readonly confirmRequest?: { readonly index: number } | undefined;
}

/**
 * The buttons the publisher put on a message (ntfy action buttons), apart from the app's own Copy/Delete: under their
 * own heading, in their own box. One that cannot run here stays listed but disabled with the reason beside it; each
 * result shows next to its button. Keyed by message in MessageDetail, so results never carry over to another one.
 */
export function MessageActions({ api, message, confirmRequest }: MessageActionsProps) {
  const [states, setStates] = useState<ReadonlyMap<number, ActionState>>(new Map());
  const baseId = useId();

  // The popup could not ask: ask here, with the method and host the button's hint shows (once per request).
  const handledRequest = useRef<object | undefined>(undefined);
  useEffect(() => {
    if (confirmRequest === undefined || handledRequest.current === confirmRequest) return;
    handledRequest.current = confirmRequest;
    const action = message.actions[confirmRequest.index];
    const target = action === undefined ? undefined : httpActionTargetOf(action);
    if (target === undefined) return;
    setStates((current) => new Map(current).set(confirmRequest.index, { kind: 'confirming', ...target }));
  }, [confirmRequest, message.actions]);

  if (message.actions.length === 0) return null;

  const setState = (index: number, state: ActionState) => {
    setStates((current) => new Map(current).set(index, state));
  };
  const run = (index: number, confirmedInternal: boolean) => {
    if (states.get(index)?.kind === 'running') return;
    setState(index, { kind: 'running' });
    void api.runAction({ server: message.server, id: message.id }, index, { confirmedInternal }).then((result) => {
      // Main found the target internal and sent nothing: the second step asks the user.
      if (result.ok && result.value.kind === 'confirm')
        setState(index, { kind: 'confirming', method: result.value.method, host: result.value.host });
      else setState(index, { kind: 'done', ...actionOutcomeText(result) });
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
          const disabled = !availability.canRun || running || state?.kind === 'confirming';
          return (
            <li key={index} className="publisher-action" data-available={availability.canRun}>
              <Button
                className="publisher-action-button"
                data-kind={action.kind}
                // aria-disabled, not disabled: the button stays a Tab stop, so keyboard and screen reader users
                // reach it and hear the reason it cannot run.
                aria-disabled={disabled}
                aria-describedby={availability.canRun ? hintId : `${hintId} ${reasonId}`}
                onClick={() => {
                  if (!disabled) run(index, false);
                }}
              >
                {action.label}
              </Button>
              <span id={hintId} className="publisher-action-hint">
                {hint}
              </span>
              {availability.canRun ? (
                <p
                  className="publisher-action-result"
                  role="status"
                  data-ok={state?.kind === 'done' ? state.ok : undefined}
                >
                  {state === undefined
                    ? null
                    : state.kind === 'running'
                      ? t('detail.actions.running')
                      : state.kind === 'confirming'
                        ? confirmInternalText(state.method, state.host)
                        : state.text}
                </p>
              ) : (
                <p id={reasonId} className="publisher-action-reason">
                  {availability.reason}
                </p>
              )}
              {state?.kind === 'confirming' ? (
                <span className="publisher-action-confirm">
                  <Button
                    variant="primary"
                    onClick={() => {
                      run(index, true);
                    }}
                  >
                    {t('detail.actions.confirm')}
                  </Button>
                  <Button
                    onClick={() => {
                      setState(index, { kind: 'done', ok: false, text: t('detail.actions.not-sent') });
                    }}
                  >
                    {t('detail.actions.cancel')}
                  </Button>
                </span>
              ) : null}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
