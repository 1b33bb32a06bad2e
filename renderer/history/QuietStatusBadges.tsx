import { t } from '../../common/i18n/translate.ts';
import { useEffect, useState } from 'react';
import type { BridgeApi } from '../../common/ipc.ts';
import { useSettings } from '../settings/use-settings.ts';
import { Badge } from '../ui/Badge.tsx';
import { Button } from '../ui/Button.tsx';
import { nextQuietChange, quietStatuses, quietStatusText } from './quiet-status.ts';

// setTimeout keeps at most about 24.8 days; a later change is looked at again then.
const maxTimerMs = 2_147_483_647;

/**
 * "🔕 Paused until 19:43 [Resume]" and "Quiet hours until 07:00" in the Messages header, while they hold popups
 * back. Re-renders exactly when one starts or ends (one timer to the next change), so the badge goes when a pause
 * runs out without waiting for the core.
 */
export function QuietStatusBadges({ api }: { readonly api: BridgeApi }) {
  const { settings, save } = useSettings(api);
  const [nowMs, setNowMs] = useState(() => Date.now());
  const [resumeError, setResumeError] = useState<string | undefined>(undefined);

  const nextChange = settings === undefined ? undefined : nextQuietChange(settings, nowMs);
  useEffect(() => {
    if (nextChange === undefined) return;
    const timer = setTimeout(
      () => {
        setNowMs(Date.now());
      },
      Math.min(Math.max(nextChange - Date.now(), 0), maxTimerMs),
    );
    return () => {
      clearTimeout(timer);
    };
  }, [nextChange]);
  // New settings are judged at the time they arrive, not the time of the last change.
  useEffect(() => {
    setNowMs(Date.now());
  }, [settings]);

  // The live region stays in the page while empty, so a pause that starts later is announced.
  const statuses = settings === undefined ? [] : quietStatuses(settings, nowMs);

  const resume = async () => {
    const result = await save({ pause: null });
    setResumeError(result.ok ? undefined : t('history.quiet.resume-failed', { reason: result.error.message }));
  };
  return (
    <div className="quiet-status" role="status">
      {statuses.map((status) => (
        <Badge key={status.kind} className="quiet-status-badge" tone="warn" data-kind={status.kind}>
          <span aria-hidden="true">{status.kind === 'paused' ? '🔕 ' : '🌙 '}</span>
          {quietStatusText(status, nowMs)}
          {status.kind === 'paused' ? (
            <Button
              size="small"
              onClick={() => {
                void resume();
              }}
            >
              {t('history.quiet.resume')}
            </Button>
          ) : null}
        </Badge>
      ))}
      {resumeError === undefined ? null : <span className="quiet-status-error">{resumeError}</span>}
    </div>
  );
}
