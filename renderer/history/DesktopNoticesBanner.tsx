import { t } from '../../common/i18n/translate.ts';
import { useEffect, useState } from 'react';
import type { BridgeApi, DesktopNoticeDto } from '../../common/ipc.ts';
import { callUntilAnswered, windowSchedule } from '../first-call.ts';
import { Button } from '../ui/Button.tsx';

/** The desktop notices main reports (no tray icon, refused notifications, a new version), kept current by its pushes. */
function useDesktopNotices(api: BridgeApi): {
  readonly notices: readonly DesktopNoticeDto[];
  readonly dismiss: (notice: DesktopNoticeDto) => void;
} {
  const [notices, setNotices] = useState<readonly DesktopNoticeDto[]>([]);
  useEffect(() => {
    // Listen first, so a change between the answer and the subscription is not lost.
    const unsubscribe = api.onNoticesChanged(setNotices);
    const stop = callUntilAnswered({
      call: () => api.listNotices(),
      onResult: (result) => {
        if (result.ok) setNotices(result.value);
      },
      schedule: windowSchedule,
    });
    return () => {
      stop();
      unsubscribe();
    };
  }, [api]);
  const dismiss = (notice: DesktopNoticeDto): void => {
    // Main pushes the new list when the dismissal took; a refused one leaves the notice where it is.
    api.dismissNotice(notice.id).catch((error: unknown) => {
      console.warn('could not dismiss the notice', error);
    });
  };
  return { notices, dismiss };
}

/** Main's URL allowlist decides (BridgeApi.openLink); a refusal leaves nothing to do but say so in the console. */
function openNoticeLink(api: BridgeApi, url: string): void {
  api.openLink(url).then(
    (result) => {
      if (!result.ok) console.warn('could not open the notice link', result.error.message);
    },
    (error: unknown) => {
      console.warn('could not open the notice link', error);
    },
  );
}

interface DesktopNoticesBannerProps {
  readonly api: BridgeApi;
}

/**
 * What the desktop is not doing for the app, said plainly above every view: a refused notification is an alert
 * (the user is missing popups now), the missing tray a status note they can dismiss for good.
 */
export function DesktopNoticesBanner({ api }: DesktopNoticesBannerProps) {
  const { notices, dismiss } = useDesktopNotices(api);
  if (notices.length === 0) return null;
  return (
    <section className="trouble-banner desktop-notices" aria-label={t('history.notices.label')}>
      <ul>
        {notices.map((notice) => (
          <li key={notice.id} role={notice.dismissible ? 'status' : 'alert'} data-notice={notice.id}>
            <span>{notice.text}</span>
            {notice.link === undefined ? null : (
              <Button
                onClick={() => {
                  openNoticeLink(api, notice.link?.url ?? '');
                }}
              >
                {notice.link.label}
              </Button>
            )}
            {notice.dismissible ? (
              <Button
                onClick={() => {
                  dismiss(notice);
                }}
              >
                {t('history.notices.dismiss')}
              </Button>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}
