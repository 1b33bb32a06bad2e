import { t } from '../../../common/i18n/translate.ts';

/** Why the D-Bus notifier cannot show anything, with what to do about it in the message. */
type NotificationServerProblem = 'no-session-bus' | 'no-notification-server';

function adviceFor(problem: NotificationServerProblem): string {
  return problem === 'no-session-bus' ? t('system.notifications.no-session-bus') : t('system.notifications.no-server');
}

export class NotificationServerUnavailableError extends Error {
  readonly problem: NotificationServerProblem;

  constructor(problem: NotificationServerProblem, options?: ErrorOptions) {
    super(adviceFor(problem), options);
    this.name = 'NotificationServerUnavailableError';
    this.problem = problem;
  }
}
