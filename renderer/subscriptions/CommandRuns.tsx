import { t } from '../../common/i18n/translate.ts';
import type { CommandRunsDto } from '../../common/ipc.ts';
import { clockTime } from '../history/format.ts';
import { Button } from '../ui/Button.tsx';
import './command.css';

interface CommandRunsProps {
  readonly runs: CommandRunsDto;
  /** The subscription's name, for the Stop button's label. */
  readonly name: string;
  readonly onStop: () => void;
}

/** What the row says of a command's runs: runs skipped while it was busy, a long run with Stop, variables cut. */
export function CommandRuns({ runs, name, onStop }: CommandRunsProps) {
  const { skipped, longRun, cut } = runs;
  return (
    <div className="command-runs">
      {skipped === 0 ? null : (
        <p className="command-runs-line" data-tone="warning">
          {t('subscriptions.command.skipped', { count: skipped })}
        </p>
      )}
      {longRun === undefined ? null : (
        <p className="command-runs-line command-runs-long">
          <span>{t('subscriptions.command.running-since', { when: clockTime(longRun.since) })}</span>
          <Button type="button" aria-label={t('subscriptions.command.stop-label', { name })} onClick={onStop}>
            {t('subscriptions.command.stop')}
          </Button>
        </p>
      )}
      {cut === undefined ? null : (
        <p className="command-runs-line">
          {t('subscriptions.command.cut', { variables: cut.variables.map((variable) => `$${variable}`).join(', ') })}
        </p>
      )}
    </div>
  );
}
