/**
 * The window's requests about one stored message's extras: run one of its action buttons (through the same
 * allowlist as a notification's buttons), preview its image attachment (through the attachment cache), and open a
 * link from its rendered text (through the same URL allowlist).
 */
import { t } from '../../../common/i18n/translate.ts';
import { actionAvailability } from '../../../common/action-availability.ts';
import type { ActionOutcomeDto, BridgeRequests } from '../../../common/ipc.ts';
import { isAllowedExternalUrl } from '../delivery/external-url.ts';
import { toNotificationAction } from '../delivery/notification-content.ts';
import { type MessageActionOptions, runMessageAction } from '../delivery/run-message-action.ts';
import type { AppHistoryStore } from '../ports.ts';
import { fail, ok } from './request-results.ts';

type MessageActionRequests = Pick<BridgeRequests, 'runAction' | 'attachmentPreview' | 'openLink'>;

export interface MessageActionRequestsOptions extends MessageActionOptions {
  readonly history: Pick<AppHistoryStore, 'getMessage'>;
  /** Fetches an image through the attachment cache (type check, size cap); undefined when it cannot. */
  /**
   * An image through the attachment cache (served from it when there, else downloaded as the preferences allow from
   * `server`, the message's subscription's); undefined when it may not or cannot.
   */
  readonly readImage?: (
    url: string,
    server: string,
  ) => Promise<{ readonly type: string; readonly bytes: Uint8Array } | undefined>;
  /** Clock milliseconds: an expired attachment is not fetched. */
  readonly now: () => number;
}

export function createMessageActionRequests(options: MessageActionRequestsOptions): MessageActionRequests {
  const { history, log } = options;
  return {
    runAction: async (ref, index, runOptions) => {
      const stored = history.getMessage(ref);
      const raw = stored?.message.actions[index];
      if (stored === undefined || raw === undefined)
        return fail({ code: 'not-found', message: t('rules.bridge.no-such-action') });
      // The rule the window used to disable the button: a window that asks anyway gets the same reason.
      const availability = actionAvailability({ kind: raw.action, url: raw.url, method: raw.method });
      const action = availability.canRun ? toNotificationAction(raw) : undefined;
      if (action === undefined) {
        log.log('warn', 'refused a message action', { kind: raw.action });
        const reason = availability.canRun ? t('core.action.incomplete') : availability.reason;
        return fail({ code: 'refused-url', message: reason });
      }
      // The window may say the user confirmed; whether the target is internal is decided here, on the address.
      const outcome = await runMessageAction(action, options, {
        server: stored.server,
        confirmedInternal: runOptions.confirmedInternal,
      });
      if (outcome.kind === 'refused')
        return fail({ code: 'refused-url', message: t('rules.bridge.action-not-run', { reason: outcome.reason }) });
      return ok<ActionOutcomeDto>(outcome);
    },

    attachmentPreview: async (ref) => {
      const stored = history.getMessage(ref);
      if (stored === undefined) return fail({ code: 'not-found', message: t('rules.bridge.no-such-message') });
      const attachment = stored.message.attachment;
      if (attachment === undefined || options.readImage === undefined) return ok(null);
      const declaredType = attachment.type;
      if (declaredType !== undefined && !declaredType.startsWith('image/')) return ok(null);
      // ntfy's `expires` is Unix seconds.
      if (attachment.expires !== undefined && attachment.expires * 1000 <= options.now()) return ok(null);
      const image = await options.readImage(attachment.url, ref.server);
      if (image === undefined) return ok(null);
      const base64 = Buffer.from(image.bytes).toString('base64');
      return ok({ dataUrl: `data:${image.type};base64,${base64}`, bytes: image.bytes.length });
    },

    // scripts/security-accepted.ts registers this file's one reviewed openExternal call (npm run security counts
    // calls per file).
    openLink: async (url) => {
      const checked = isAllowedExternalUrl(url);
      if (!checked.ok) {
        log.log('warn', 'refused to open a link', { reason: checked.reason });
        return fail({ code: 'refused-url', message: t('rules.bridge.link-not-opened', { reason: checked.reason }) });
      }
      await options.openExternal(checked.url);
      return ok(null);
    },
  };
}
