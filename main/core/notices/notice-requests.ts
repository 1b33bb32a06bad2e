/**
 * The window's two requests about desktop notices (BridgeApi.listNotices and dismissNotice), over the notices state
 * and the file that keeps dismissals.
 */
import { t } from '../../../common/i18n/translate.ts';
import type { BridgeResult, DesktopNoticeDto, DesktopNoticeIdDto } from '../../../common/ipc.ts';
import type { Logger } from '../ports.ts';
import type { DesktopNotices } from './desktop-notices.ts';
import type { NoticeDismissals } from './notice-dismissals.ts';

export interface NoticeRequests {
  listNotices(): Promise<BridgeResult<readonly DesktopNoticeDto[]>>;
  dismissNotice(id: DesktopNoticeIdDto): Promise<BridgeResult<null>>;
}

interface NoticeRequestsOptions {
  readonly notices: DesktopNotices;
  readonly dismissals: NoticeDismissals;
  readonly log: Logger;
}

/** Where nothing feeds notices (the dev:web bridge, core tests): the list is always empty. */
export const NO_NOTICE_REQUESTS: NoticeRequests = {
  listNotices: () => Promise.resolve({ ok: true, value: [] }),
  dismissNotice: () =>
    Promise.resolve({ ok: false, error: { code: 'not-found', message: t('app.notice.no-such-notice') } }),
};

export function createNoticeRequests(options: NoticeRequestsOptions): NoticeRequests {
  const { notices, dismissals, log } = options;
  return {
    listNotices: () => Promise.resolve({ ok: true, value: notices.list() }),
    async dismissNotice(id) {
      if (!notices.dismiss(id)) {
        return { ok: false, error: { code: 'not-found', message: t('app.notice.not-dismissible') } };
      }
      try {
        await dismissals.write(notices.dismissed());
      } catch (error) {
        // Hidden for this run anyway; it may show again after a restart, which is all a failed write costs.
        log.log('warn', 'could not keep the dismissed notice', { id, error: String(error) });
      }
      return { ok: true, value: null };
    },
  };
}
