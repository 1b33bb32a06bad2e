/** Why the D-Bus notifier cannot show anything, with what to do about it in the message. */
export type NotificationServerProblem = 'no-session-bus' | 'no-notification-server';

const ADVICE: Record<NotificationServerProblem, string> = {
  'no-session-bus':
    'No D-Bus session bus to talk to. Run inside a desktop session, or start one (e.g. `dbus-run-session -- ntfy-tray …`).',
  'no-notification-server':
    'No notification server on the D-Bus session bus (nobody owns org.freedesktop.Notifications). Desktops such as ' +
    'GNOME, KDE Plasma and Xfce bring one; elsewhere install and start one, e.g. `dunst`, `xfce4-notifyd`, ' +
    '`mako` (Wayland) or `notification-daemon`.',
};

export class NotificationServerUnavailableError extends Error {
  readonly problem: NotificationServerProblem;

  constructor(problem: NotificationServerProblem, options?: ErrorOptions) {
    super(ADVICE[problem], options);
    this.name = 'NotificationServerUnavailableError';
    this.problem = problem;
  }
}
