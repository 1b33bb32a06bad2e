import type { MessageTable } from './message.ts';

/**
 * Keys start with "system.": what the app and the CLI say when a part of the machine fails them — the OS keychain,
 * the history database and its folder, the settings file, the D-Bus session for notifications. What the OS or a
 * library said comes in as `{detail}` or `{reason}` and stays in its own words.
 */
export const systemEn = {
  'system.keychain.unavailable':
    'The OS keychain is not available ({detail}). To fix: {fix}. On a headless server, pass the secret in NTFY_PASSWORD or NTFY_TOKEN instead.',
  'system.keychain.fix.load-failed-linux':
    'keytar could not be loaded: install libsecret (Debian/Ubuntu: libsecret-1-0) and reinstall ntfy-tray',
  'system.keychain.fix.load-failed': 'keytar could not be loaded: reinstall ntfy-tray',
  'system.keychain.fix.macos': 'unlock the login keychain (Keychain Access), then try again',
  'system.keychain.fix.windows': 'make sure the Windows Credential Manager service is running, then try again',
  'system.keychain.fix.locked':
    'the keyring is locked: unlock gnome-keyring or KWallet (log in to the desktop, or use "Passwords and Keys")',
  'system.keychain.fix.no-secret-service':
    'no Secret Service answered on the D-Bus session bus: install and start gnome-keyring or KWallet in your session',
  'system.keychain.refused': 'the OS keychain refused the operation: {detail}',
  'system.keychain.empty-secret': 'an empty secret cannot be stored; delete the entry instead',
  'system.keychain.password-missing':
    'the password of {user} on {server} is not stored: enter it in the server settings, or set NTFY_PASSWORD for the headless command',
  'system.keychain.token-missing':
    'the token for {server} is not stored: enter it in the server settings, or set NTFY_TOKEN for the headless command',
  'system.history.none': 'no history in {dir} (ntfy-tray subscribe stores it there)',
  'system.history.cannot-open': 'cannot open the history database {path}: {reason}',
  'system.history.schema-too-new':
    '{path} has history schema version {fileVersion}, but this ntfy-tray only knows up to {supportedVersion}: it was written by a newer version. Update ntfy-tray, or move the file away to start a new history.',
  'system.history.schema-too-old':
    'it was written by an older ntfy-tray (schema {version}); run ntfy-tray subscribe once to update it',
  'system.history.read-only-wal':
    'its directory is read-only and {walFile} holds changes not yet in the file; open it once with write access (ntfy-tray subscribe as its owner)',
  'system.history.no-wal': 'cannot switch to WAL (journal_mode is {mode})',
  'system.settings.read-failed': 'could not read the settings file {path}: {reason}',
  'system.settings.write-failed': 'could not write the settings file {path}: {reason}',
  'system.settings.move-aside-failed': 'could not move aside the settings file {path}: {reason}',
  'system.settings.newer-refused':
    'the settings file {path} was written by a newer ntfy-tray (settings version {version}; this one reads up to {supported}): update ntfy-tray to change settings. The file was left as it is.',
  'system.settings.newer-read':
    'the settings file {path} was written by a newer ntfy-tray (settings version {version}; this one reads up to {supported}): using the settings this version knows, and leaving the file as it is',
  'system.settings.newer-unreadable':
    'the settings file {path} was written by a newer ntfy-tray (settings version {version}; this one reads up to {supported}), and this version cannot read its settings ({issues}): using the defaults, and leaving the file as it is. Update ntfy-tray to use them.',
  'system.settings.unusable-read':
    'the settings file {path} cannot be used ({problem}): using the defaults, and leaving the file as it is',
  'system.notifications.no-session-bus':
    'No D-Bus session bus to talk to. Run inside a desktop session, or start one (e.g. `dbus-run-session -- ntfy-tray …`).',
  'system.notifications.no-server':
    'No notification server on the D-Bus session bus (nobody owns org.freedesktop.Notifications). Desktops such as GNOME, KDE Plasma and Xfce bring one; elsewhere install and start one, e.g. `dunst`, `xfce4-notifyd`, `mako` (Wayland) or `notification-daemon`.',
  'system.notifications.open': 'Open',
} as const satisfies MessageTable;
