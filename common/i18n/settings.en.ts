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

  'settings.push.legend': 'UnifiedPush',
  'settings.push.linux-only':
    'Apps get push through your ntfy server with UnifiedPush on Linux only: macOS and Windows have no such standard.',
  'settings.push.enabled': 'Deliver push messages to apps (UnifiedPush distributor)',
  'settings.push.enabled-hint':
    'Apps like NeoChat register with ntfy Tray and get their push through your default server. Off: apps cannot register and get nothing until it is on again.',
  'settings.push.apps': 'Registered apps',
  'settings.push.no-apps': 'No app is registered.',
  'settings.push.server': 'Server: {server}',
  'settings.push.received': { one: '{count} message received', other: '{count} messages received' },
  'settings.push.last-message': 'last message {time}',
  'settings.push.no-message-yet': 'no message yet',
  'settings.push.remove': 'Remove',
  'settings.push.remove-app': 'Remove {app}',
  'settings.push.connection.connected': 'Connected',
  'settings.push.connection.connecting': 'Connecting',
  'settings.push.connection.unreachable': "Can't reach the server",
  'settings.push.connection.refused': 'The server refused it',
  'settings.push.connection.off': 'Off',

  'settings.updates.legend': 'Updates',
  'settings.updates.check': 'Check for new versions',
  'settings.updates.check-hint': 'At start and every 6 hours, on this build’s release page.',
  'settings.updates.administrator-off':
    'Turned off by your administrator ({variable}=off): ntfy Tray does not check for new versions.',
  'settings.updates.not-in-this-build': 'This build does not check for updates.',

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
  'settings.pause.until-resumed': 'Paused until resumed',
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

  'settings.attachments.legend': 'Attachments',
  'settings.attachments.hint':
    'Anyone who knows a topic can publish to it and point at an image anywhere. Addresses of this computer or your network are only asked when the subscription’s server is there too.',
  'settings.attachments.from': 'Download images without a click',
  'settings.attachments.from.never': 'Never',
  'settings.attachments.from.subscription-server': 'Only from the subscription’s server',
  'settings.attachments.from.any-server': 'From any server',
  'settings.attachments.max': 'Up to',
  'settings.attachments.size-kb': '{size} KB',
  'settings.attachments.size-mb': '{size} MB',
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
  'settings.files.import-yml-hint':
    'Subscriptions with their filters; passwords and tokens go to the keychain; default-host becomes the default server. Commands are shown to you first and stored only when you accept them. At most {limit} subscriptions per file.',
  'settings.files.export-yml': 'Export as ntfy CLI client.yml',
  'settings.files.export-yml-secrets': 'Include passwords and tokens',
  'settings.files.export-yml-hint':
    'ntfy subscribe --from-config reads it. Passwords and tokens only when ticked: whoever can read the file can use them.',
  'settings.files.yml-exported': {
    one: 'Exported {count} subscription to {path}.',
    other: 'Exported {count} subscriptions to {path}.',
  },
  'settings.files.yml-exported-secrets': 'The file holds passwords or tokens: keep it private.',
  'settings.files.yml-export-canceled': 'Export canceled.',
  'settings.files.yml-export-unavailable': 'Saving a client.yml is not available here.',
  'settings.import.yml.credentials-saved': {
    one: 'Credentials saved in the keychain for {count} server.',
    other: 'Credentials saved in the keychain for {count} servers.',
  },
  'settings.import.yml.credential-conflicts': {
    one: '{count} server is named with different credentials: those of its first entry were saved.',
    other: '{count} servers are named with different credentials: those of their first entry were saved.',
  },
  'settings.import.yml.credentials-failed': 'Credentials for {server} not saved: {reason}',
  'settings.import.yml.with-command': {
    one: '{count} subscription runs a command for each message.',
    other: '{count} subscriptions run a command for each message.',
  },
  'settings.import.yml.commands-refused': {
    one: '{count} subscription was imported without its command (not accepted).',
    other: '{count} subscriptions were imported without their command (not accepted).',
  },
  'settings.import.yml.too-many': {
    one: 'Nothing imported: the file names {count} subscription; one import takes at most {limit}.',
    other: 'Nothing imported: the file names {count} subscriptions; one import takes at most {limit}. Split the file.',
  },
  'settings.import.review.heading': 'Commands in {file}',
  'settings.import.review.intro':
    'This file asks to run a command for each message of these subscriptions. A command runs on this computer with your rights: accept only a command you have read and trust. A subscription whose command you do not accept is imported without it.',
  'settings.import.review.accept': 'Accept the command of {label}',
  'settings.import.review.target': 'Subscribes to {topics} on {server}; runs:',
  'settings.import.review.hidden': 'An invisible character of the command, shown by its code',
  'settings.import.review.import-ticked': {
    one: 'Import with {count} accepted command',
    other: 'Import with {count} accepted commands',
  },
  'settings.import.review.import-none': 'Import without commands',
  'settings.import.review.accept-all': {
    one: 'Accept the command and import',
    other: 'Accept all {count} commands and import',
  },
  'settings.import.review.cancel': 'Cancel import',
  'settings.import.review.waiting': 'Nothing imported yet: read the commands of {file} below and choose.',
  'settings.import.review.canceled': 'Import of {file} canceled: nothing was stored.',
  'settings.import.yml.default-server': 'The default server is now {server}.',
  // {problem} names the file and where in it (cli.client-config.*), never a value.
  'settings.import.yml.unreadable': 'Nothing imported: {problem}.',
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
  'settings.import.raw-as-json': {
    one: '{count} subscription uses the JSON stream instead of raw text, which ntfy Tray no longer offers (the same messages, with titles, priorities and catch-up).',
    other:
      '{count} subscriptions use the JSON stream instead of raw text, which ntfy Tray no longer offers (the same messages, with titles, priorities and catch-up).',
  },
  'settings.import.item': 'item {number}',
  'settings.import.item-with-topic': 'item {number} ({topic})',

  // Whole-file problems: they read after the file's name in settings.files.nothing-imported ("… x.json is not …").
  'settings.import.file.not-json': 'is not valid JSON: {reason}',
  'settings.import.file.not-subscriptions-file': 'is not an ntfy Tray subscriptions file (no "format": "{format}")',
  'settings.import.file.newer-version': 'was written by a newer ntfy Tray (format version {version})',
  'settings.import.file.unknown-version': 'has an unknown format version ({version})',
  'settings.import.file.no-version': 'has an unknown format version (none)',
  'settings.import.file.no-subscriptions-list': 'has no "subscriptions" list',

  // An item's problems: they read after the item's label in settings.import.failure ("item 3 (alerts): …"). A
  // {problem} is a predicate that reads after its subject ("must be a text", a rules.* field message); {field} and
  // {name} are keys as the file spells them, never translated.
  'settings.import.problem.field': '{field} {problem}',
  'settings.import.problem.unknown-field': 'has an unknown field "{name}"',
  'settings.import.problem.not-text': 'must be a text',
  'settings.import.problem.not-text-list': 'must be a list of texts',
  'settings.import.problem.json-filter': '{name} filter {problem}',

  // A value the core refused when the item was saved; {problem} is the core's rule message for the field.
  'settings.import.problem.topic-refused': 'topic {problem} (got "{topic}")',
  'settings.import.problem.filter-refused': '{filter} {problem}',
  'settings.import.problem.filter-value-refused': '{filter} "{value}" {problem}',
  // The filters by name, as {filter} above: nouns that a rule message follows.
  'settings.import.filter.id': 'id filter',
  'settings.import.filter.message': 'message filter',
  'settings.import.filter.title': 'title filter',
  'settings.import.filter.priority': 'priority filter',
  'settings.import.filter.tags': 'tag filter',
} as const satisfies MessageTable;
