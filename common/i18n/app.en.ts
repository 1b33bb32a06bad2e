import type { MessageTable } from './message.ts';

/** Keys start with "app.": what the Electron main process writes itself (tray, notifications, dialogs). */
export const appEn = {
  'app.tray.no-messages': 'No messages yet',
  'app.tray.pause': 'Pause notifications',
  'app.tray.pause-for-hours': { one: 'For {count} hour', other: 'For {count} hours' },
  'app.tray.pause-until-resumed': 'Until resumed',
  'app.tray.paused-until-resumed': 'Notifications paused until resumed',
  'app.tray.paused-hours': {
    one: 'Notifications paused for {count} h more',
    other: 'Notifications paused for {count} h more',
  },
  'app.tray.paused-minutes': {
    one: 'Notifications paused for {count} min more',
    other: 'Notifications paused for {count} min more',
  },
  'app.tray.resume': 'Resume notifications',
  'app.tray.send-test': 'Send test notification',
  'app.tray.mute': 'Mute',
  'app.tray.open': 'Open ntfy Tray',
  'app.tray.quit': 'Quit',
  'app.tray.notifications-refused': 'Notifications are blocked by the system…',
  'app.tray.connections-trouble': {
    one: '{count} connection with trouble…',
    other: '{count} connections with trouble…',
  },
  'app.tray.tooltip.no-unread': 'no unread messages',
  'app.tray.tooltip.unread': { one: '{count} unread', other: '{count} unread' },
  'app.tray.tooltip.connections-trouble': {
    one: '{count} connection with trouble',
    other: '{count} connections with trouble',
  },
  'app.tray.tooltip.notifications-refused': 'notifications blocked',
  'app.tray.tooltip.push-apps': { one: '{count} push app', other: '{count} push apps' },
  'app.push.no-such-app': 'No app is registered with this token.',
  'app.burst.title': { one: '{count} new message in {names}', other: '{count} new messages in {names}' },
  'app.burst.names-and-more': { one: '{names} and {count} more', other: '{names} and {count} more' },
  'app.burst.body': 'Latest: {title}: {body}',
  'app.notification.binary': { one: '(binary message, {count} byte)', other: '(binary message, {count} bytes)' },
  'app.send-test.failed-title': 'Test notification not sent',
  'app.send-test.failed-body': '{name}: {reason}',
  'app.test-notification.title': 'Test notification',
  'app.test-notification.message': 'This is a test from ntfy Tray',
  'app.notice.tray-host-missing':
    'Your desktop shows no tray icons, so closing this window minimizes it. To keep ntfy Tray in the top bar, ' +
    'install the AppIndicator and KStatusNotifierItem Support extension.',
  'app.notice.tray-icon-missing':
    'The tray icon of ntfy Tray did not appear in the top bar, so closing this window minimizes it. Restarting ' +
    'ntfy Tray, or logging out and in again, usually brings the icon back.',
  'app.notice.update-available': 'ntfy Tray {version} is out. Download it from its release page and install it.',
  'app.notice.update-downloaded': 'ntfy Tray {version} is downloaded and will be installed when you quit ntfy Tray.',
  'app.notice.update-link': 'What is new in {version}',
  'app.notice.notifications-refused.darwin':
    "macOS is not showing ntfy Tray's notifications. Allow them in System Settings → Notifications → ntfy Tray.",
  'app.notice.notifications-refused.win32':
    "Windows is not showing ntfy Tray's notifications. Allow them in Settings → System → Notifications → ntfy Tray.",
  'app.notice.notifications-refused.other':
    "Your desktop is not showing ntfy Tray's notifications. Allow them in your desktop's notification settings.",
  'app.notice.no-such-notice': 'there is no such notice to dismiss',
  'app.notice.not-dismissible': 'this notice cannot be dismissed',
  'app.menu.develop': 'Develop',
  'app.startup.failed-title': 'ntfy Tray could not start',
  'app.startup.failed':
    'ntfy Tray could not open its message history or notifications, so it will close.\n\n{reason}\n\nThe log has the details.',
  'app.startup.lock-failed': 'ntfy Tray could not lock its data folder {dataDir}, so it will close.\n\n{error}',
  'app.startup.folder-in-use.unknown':
    'Another ntfy Tray or `ntfy-tray subscribe` process is receiving messages with the data folder {dataDir}.',
  'app.startup.folder-in-use.cli':
    '`ntfy-tray subscribe` (process {pid}) is receiving messages with the data folder {dataDir}.',
  'app.startup.folder-in-use.app':
    'Another ntfy Tray (process {pid}) is receiving messages with the data folder {dataDir}.',
  'app.startup.folder-in-use.advice':
    'Two subscribers on one folder would split the messages between them, so ntfy Tray will close.\n\n' +
    'Stop it and start ntfy Tray again (what it stored will show in the app), or give `ntfy-tray subscribe` its own --data-dir.',
  'app.http-action.invalid-address': 'an invalid address',
  'app.http-action.done': '{target} done: the server answered HTTP {status}',
  'app.http-action.failed-status': '{target} failed: the server answered HTTP {status}',
  'app.http-action.timeout': '{target} failed: no answer within {seconds} s',
  'app.http-action.failed': '{target} failed: {reason}',
  'app.http-action.redirected-elsewhere': '{target} not sent on: the server redirected it to {host}',
  'app.http-action.needs-confirmation':
    '{target} not sent: this address is on your own network, and nobody confirmed it',
  'app.http-action.internal-after-redirect': '{target} stopped: a redirect led to an address on your own network',
  'app.http-action.button': '{label} ({target})',
  'app.http-action.done-title': '{label}: done',
  'app.http-action.failed-title': '{label}: failed',
  'app.copy.no-clipboard': 'there is no clipboard here',
  'app.ipc.unexpected-sender': 'request from an unexpected page',
  'app.ipc.not-started': 'the app could not start; see its log',
  'app.file-picker.choose': 'Choose file…',
  'app.file-picker.none': 'No file chosen',
} as const satisfies MessageTable;
