import type { MessageTable } from './message.ts';

/** Keys start with "settings.": the Settings view and the subscription files (export, JSON and client.yml import). */
export const settingsEn = {
  'settings.title': 'Settings',
  'settings.loading': 'Loading settings…',
  'settings.load-failed': 'Could not load the settings: {reason}',
  'settings.status.saved': 'Saved',
  'settings.status.not-saved': 'Not saved',
  'settings.status.not-saved-because': 'Not saved: {reason}',

  'settings.server.legend': 'Server',
  'settings.server.default-server': 'Default server',
  'settings.server.default-server-hint':
    'Suggested when you add a subscription, and used for client.yml topics without a host.',

  'settings.startup.legend': 'Startup',
  'settings.startup.start-at-login': 'Start ntfy Tray when I log in',

  'settings.theme.legend': 'Theme',
  'settings.theme.system': 'Same as the system',
  'settings.theme.light': 'Light',
  'settings.theme.dark': 'Dark',

  'settings.notifications.legend': 'Notifications',
  'settings.notifications.show': 'Show notifications',
  'settings.notifications.show-hint': 'Messages are kept in the history either way.',
  'settings.notifications.sound': 'Play a sound',
  'settings.notifications.min-priority': 'Minimum priority',
  'settings.notifications.min-priority-hint': 'Messages below it do not pop up; they are still kept in the history.',

  'settings.pause.legend': 'Pause notifications',
  'settings.pause.not-paused': 'Notifications are not paused',
  'settings.pause.until-resumed': 'Paused until you resume',
  'settings.pause.until': 'Paused until {time}',
  'settings.pause.for-hours': { one: 'Pause for {count} hour', other: 'Pause for {count} hours' },
  'settings.pause.until-i-resume': 'Pause until I resume',
  'settings.pause.resume': 'Resume',

  'settings.quiet.legend': 'Quiet hours',
  'settings.quiet.enabled': 'No popups during quiet hours',
  'settings.quiet.start': 'Starts at',
  'settings.quiet.end': 'Ends at',
  'settings.quiet.end-hint': 'An end before the start spans midnight.',
  'settings.quiet.urgent': 'Urgent messages break through',

  'settings.history.legend': 'History',
  'settings.history.hint': 'Older messages are removed from the history, whichever limit comes first.',
  'settings.history.max-age': 'Days to keep messages',
  'settings.history.max-age-range': '{min} to {max} days',
  'settings.history.max-per-subscription': 'Messages to keep per subscription',
  'settings.history.max-per-subscription-range': '{min} to {max} messages',
  'settings.history.not-whole-number': 'must be a whole number from {min} to {max}',

  'settings.files.legend': 'Subscriptions',
  'settings.files.export': 'Export subscriptions',
  'settings.files.export-hint':
    'Servers, topics, names, filters and notification options as JSON. Passwords and tokens are never exported.',
  'settings.files.import-json': 'Import subscriptions (JSON)',
  'settings.files.import-yml': 'Import from ntfy CLI client.yml',
  'settings.files.import-yml-hint': 'Passwords and tokens in client.yml are not imported, and commands are not run.',
  'settings.files.export-failed': 'Export failed: {reason}',
  'settings.files.exported': {
    one: 'Exported {count} subscription to {file}.',
    other: 'Exported {count} subscriptions to {file}.',
  },
  'settings.files.importing': 'Importing {file}…',
  'settings.files.nothing-imported': 'Nothing imported: {file} {problem}.',
  'settings.files.unreadable': 'could not be read ({reason})',

  'settings.import.summary': 'Imported {count}, skipped {skipped} (already subscribed), {failed} failed.',
  'settings.import.summary-with-failures':
    'Imported {count}, skipped {skipped} (already subscribed), {failed} failed: {reasons}',
  'settings.import.failure': '{item}: {problem}',
  'settings.import.with-credentials': {
    one: '{count} subscription had credentials; add them in the subscription editor.',
    other: '{count} subscriptions had credentials; add them in the subscription editor.',
  },
  'settings.import.with-command': {
    one: '{count} command was ignored: ntfy Tray does not run commands.',
    other: '{count} commands were ignored: ntfy Tray does not run commands.',
  },
  'settings.import.raw-as-json': {
    one: '{count} subscription uses the JSON stream instead of raw text, which ntfy Tray no longer offers (the same messages, with titles, priorities and catch-up).',
    other:
      '{count} subscriptions use the JSON stream instead of raw text, which ntfy Tray no longer offers (the same messages, with titles, priorities and catch-up).',
  },
  'settings.import.item': 'item {number}',
  'settings.import.item-with-topic': 'item {number} ({topic})',
} as const satisfies MessageTable;
