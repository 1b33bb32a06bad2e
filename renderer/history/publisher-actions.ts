/**
 * Words for a message's own action buttons in the detail pane (MessageActions.tsx): what a button will do before it
 * is pressed, and what it did after. Pure, so it is unit-tested without a page.
 */
import { actionAvailability, type ActionAvailability, httpActionMethod } from '../../common/action-availability.ts';
import type { ActionOutcomeDto, BridgeResult, MessageActionDto } from '../../common/ipc.ts';
import { t } from '../../common/i18n/translate.ts';
import { oneLineText } from '../../common/bidi-text.ts';

/** How one button is shown: its hint under the label, and whether it can run (the core applies the same rule). */
interface PublisherActionView {
  readonly hint: string;
  readonly availability: ActionAvailability;
}

function hostOf(url: string | undefined): string | undefined {
  if (url === undefined) return undefined;
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'mailto:' ? parsed.pathname : parsed.host;
  } catch {
    return undefined;
  }
}

function hintOf(action: MessageActionDto): string {
  const host = hostOf(action.url);
  switch (action.kind) {
    case 'view':
      return host === undefined || host === ''
        ? t('detail.actions.hint.view')
        : t('detail.actions.hint.view-host', { host });
    case 'http':
      return host === undefined || host === ''
        ? t('detail.actions.hint.http')
        : t('detail.actions.hint.http-method-host', { method: oneLineText(action.method ?? 'POST'), host });
    case 'copy':
      return action.value === undefined
        ? t('detail.actions.hint.copy')
        : t('detail.actions.hint.copy-value', { value: oneLineText(action.value) });
    case 'broadcast':
      return t('detail.actions.hint.broadcast');
  }
}

export function publisherActionView(action: MessageActionDto): PublisherActionView {
  return { hint: hintOf(action), availability: actionAvailability(action) };
}

/** The line next to a button after it ran; the core's http text already names the request, so it is shown as is. */
export function actionOutcomeText(result: BridgeResult<ActionOutcomeDto>): {
  readonly ok: boolean;
  readonly text: string;
} {
  if (!result.ok) return { ok: false, text: result.error.message };
  const done = result.value;
  switch (done.kind) {
    case 'opened':
      return { ok: true, text: t('detail.outcome.opened', { target: done.url }) };
    case 'copied':
      return { ok: true, text: t('detail.actions.copied') };
    case 'http':
      return { ok: done.ok, text: done.message };
    case 'confirm':
      // MessageActions asks instead of showing this; the core's words, should a caller show it anyway.
      return { ok: false, text: done.message };
  }
}

/** The question before an http action to this computer or its network runs (MessageActions' two steps). */
export function confirmInternalText(method: string, host: string): string {
  return t('detail.actions.confirm-internal', { method: oneLineText(method), host });
}

/** Method and host of an http action as the window shows them; undefined for one without a usable URL. */
export function httpActionTargetOf(action: MessageActionDto): { method: string; host: string } | undefined {
  const host = action.kind === 'http' ? hostOf(action.url) : undefined;
  if (host === undefined || host === '') return undefined;
  return { method: httpActionMethod(action.method), host };
}
