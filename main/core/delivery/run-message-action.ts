/**
 * Runs one action button of a message, wherever the user pressed it (a popup's button or the window's detail view):
 * `view` opens its URL and `http` sends its request from this process (both allowlisted again here, whatever
 * checked them before), `copy` copies its value. The outcome says what happened in words a popup or the window can show as they are.
 */
import { t } from '../../../common/i18n/translate.ts';
import type { Logger } from '../ports.ts';
import { isAllowedExternalUrl, isFetchableUrl } from './external-url.ts';
import type { HttpActionResult } from './http-action.ts';
import type { NotificationAction } from './notification-content.ts';

export type MessageActionOutcome =
  | { readonly kind: 'opened'; readonly url: string }
  | { readonly kind: 'copied' }
  | { readonly kind: 'http'; readonly ok: boolean; readonly status?: number; readonly message: string }
  /** Nothing was run: the URL is not allowed, or there is no clipboard here. */
  | { readonly kind: 'refused'; readonly reason: string };

export interface MessageActionOptions {
  /** Hands an allowlisted URL to the OS (shell.openExternal, xdg-open). */
  readonly openExternal: (url: string) => Promise<void>;
  /** Undefined where there is no clipboard (the CLI). */
  readonly copyText?: ((text: string) => void) | undefined;
  readonly runHttpAction: (action: Extract<NotificationAction, { kind: 'http' }>) => Promise<HttpActionResult>;
  readonly log: Logger;
}

export async function runMessageAction(
  action: NotificationAction,
  options: MessageActionOptions,
): Promise<MessageActionOutcome> {
  switch (action.kind) {
    case 'view': {
      const checked = isAllowedExternalUrl(action.url);
      if (!checked.ok) {
        options.log.log('warn', 'refused to open a URL from a message', { reason: checked.reason });
        return { kind: 'refused', reason: checked.reason };
      }
      await options.openExternal(checked.url);
      return { kind: 'opened', url: checked.url };
    }
    case 'copy':
      if (options.copyText === undefined) return { kind: 'refused', reason: t('app.copy.no-clipboard') };
      options.copyText(action.value);
      return { kind: 'copied' };
    case 'http': {
      const checked = isFetchableUrl(action.url);
      if (!checked.ok) {
        options.log.log('warn', 'refused an http action from a message', { reason: checked.reason });
        return { kind: 'refused', reason: checked.reason };
      }
      // The runner's message already names the request and what happened; shown as it is, never prefixed again.
      const result = await options.runHttpAction(action);
      return {
        kind: 'http',
        ok: result.ok,
        message: result.message,
        ...(result.status === undefined ? {} : { status: result.status }),
      };
    }
  }
}
