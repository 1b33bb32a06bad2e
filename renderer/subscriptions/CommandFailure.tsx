import { t } from '../../common/i18n/translate.ts';
import type { CommandFailureDto } from '../../common/ipc.ts';
import { clockTime } from '../history/format.ts';
import './command.css';

function failureReason(failure: CommandFailureDto): string {
  if (failure.startError !== undefined) return t('subscriptions.command.not-started', { reason: failure.startError });
  if (failure.signal !== undefined) return t('subscriptions.command.signal', { signal: failure.signal });
  return t('subscriptions.command.exit-code', { code: String(failure.exitCode ?? '?') });
}

/** The last failed run of a subscription's command, with the end of its stderr (text, never markup). */
export function CommandFailure({ failure }: { readonly failure: CommandFailureDto }) {
  return (
    <div className="command-failure" data-tone="error">
      <p className="command-failure-line">
        {t('subscriptions.command.failed', { when: clockTime(failure.at), reason: failureReason(failure) })}
      </p>
      {failure.stderrTail === undefined ? null : (
        <pre className="command-failure-stderr" aria-label={t('subscriptions.command.stderr')}>
          {failure.stderrTail}
        </pre>
      )}
    </div>
  );
}
