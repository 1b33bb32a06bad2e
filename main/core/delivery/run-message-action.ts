/**
 * Runs one action button of a message, wherever the user pressed it (a popup's button or the window's detail view):
 * `view` opens its URL and `http` sends its request from this process (both allowlisted again here, whatever
 * checked them before), `copy` copies its value. The outcome says what happened in words a popup or the window can show as they are.
 *
 * An `http` action to this computer or its networks (loopback, private, link-local, carrier-grade NAT) runs only once
 * the user confirmed it, seeing method and host (`confirm` outcome: nothing was sent) — unless it goes to the
 * subscription's own server (same origin: scheme, host and port), which the user chose to trust by subscribing; a
 * self-hosted ntfy on the LAN can so acknowledge its own messages with one click. Another port or host on that LAN
 * still asks. The check is on the address the request would connect to (http-action.ts), never the renderer's word.
 */
import { t } from '../../../common/i18n/translate.ts';
import type { Logger } from '../ports.ts';
import { isAllowedExternalUrl, isFetchableUrl } from './external-url.ts';
import type { HttpActionResult } from './http-action.ts';
import type { NotificationAction } from './notification-content.ts';

type MessageActionOutcome =
  | { readonly kind: 'opened'; readonly url: string }
  | { readonly kind: 'copied' }
  | { readonly kind: 'http'; readonly ok: boolean; readonly status?: number; readonly message: string }
  /** Nothing was sent: an http action to an internal address waits for the user to confirm `method` to `host`. */
  | { readonly kind: 'confirm'; readonly method: string; readonly host: string; readonly message: string }
  /** Nothing was run: the URL is not allowed, or there is no clipboard here. */
  | { readonly kind: 'refused'; readonly reason: string };

export interface MessageActionOptions {
  /** Hands an allowlisted URL to the OS (shell.openExternal, xdg-open). */
  readonly openExternal: (url: string) => Promise<void>;
  /** Undefined where there is no clipboard (the CLI). */
  readonly copyText?: ((text: string) => void) | undefined;
  readonly runHttpAction: (
    action: Extract<NotificationAction, { kind: 'http' }>,
    options: { readonly allowInternal: boolean },
  ) => Promise<HttpActionResult>;
  readonly log: Logger;
}

/** Where the action was pressed: the message's subscription server, and whether the user confirmed an internal target. */
interface MessageActionContext {
  /** The subscription's server base URL. */
  readonly server: string;
  readonly confirmedInternal: boolean;
}

function originOf(url: string): string | undefined {
  try {
    return new URL(url).origin;
  } catch {
    return undefined;
  }
}

/** Same scheme, host and port as the subscription's server (its origin): no confirmation, internal or not. */
function isSubscriptionOrigin(url: string, server: string): boolean {
  const origin = originOf(url);
  return origin !== undefined && origin !== 'null' && origin === originOf(server);
}

export async function runMessageAction(
  action: NotificationAction,
  options: MessageActionOptions,
  context: MessageActionContext,
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
      const allowInternal = context.confirmedInternal || isSubscriptionOrigin(checked.url, context.server);
      const result = await options.runHttpAction(action, { allowInternal });
      if (!result.ok && result.confirm !== undefined)
        return { kind: 'confirm', method: result.confirm.method, host: result.confirm.host, message: result.message };
      return {
        kind: 'http',
        ok: result.ok,
        message: result.message,
        ...(result.status === undefined ? {} : { status: result.status }),
      };
    }
  }
}
