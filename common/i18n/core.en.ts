import type { MessageTable } from './message.ts';

/**
 * Keys start with "core.": the failure texts the main process's core writes itself (account sync, the engine's
 * connections and polls, the transports, the bridge's argument checks). They reach people in the window's banners
 * and results, the CLI's status lines and the log. `HTTP {status}` stays in every language: the window reads the
 * status back out of a connection's reason (renderer/history/server-health.ts).
 */
export const coreEn = {
  'core.notification.copy-label': '{label}: “{value}”',
  'core.field-problem': '{field}: {problem}',
  'core.account.token-refused':
    "credentials not accepted (HTTP {status}): the account's token is no longer valid; sign in again",
  'core.account.server-answered': 'the server answered HTTP {status}',
  'core.account.server-answered-error': 'the server answered HTTP {status}: {error}',
  'core.account.redirected': 'the server redirected (HTTP {status})',
  'core.account.unreachable': "can't reach {host}: {reason}",
  'core.account.no-token-in-answer': 'the server answered without a token',
  'core.account.not-signed-in': 'not signed in to an ntfy account',
  'core.account.token-unreadable': "cannot read the account's token: {error}",
  'core.account.no-token': 'no token for {server} in the keychain; sign in again',
  'core.account.sync-not-saved': 'the synced subscriptions were not saved: {error}',
  'core.account.sync-not-valid': "the account's subscriptions do not fit the settings: {issues}",
  'core.account.credentials-needed': 'user name and password are needed',
  'core.account.already-signed-in': 'already signed in; sign out first',
  'core.account.sign-in-wrong-password': 'not signed in: credentials not accepted; check the user name and password',
  'core.account.sign-in-failed': 'not signed in: {reason}',
  'core.account.sign-in-token-not-stored': 'not signed in: the token cannot be stored: {error}',
  'core.account.sign-in-settings-not-saved': 'not signed in: the settings were not saved: {issues}',
  'core.account.sign-out-not-signed-in': 'not signed in',
  'core.account.sign-out-keychain-failed': 'still signed in: the keychain did not answer: {error}',
  'core.account.signed-out-token-deleted': 'Signed out; the token was deleted on the server.',
  'core.account.signed-out-no-token': 'Signed out; there was no token in the keychain to delete on the server.',
  'core.account.signed-out-token-kept': 'Signed out; the token could not be deleted on the server ({reason}).',
  'core.account.unavailable': 'accounts are not available here',
  'core.account.no-accounts': 'this server has no accounts (HTTP 404 from its account API)',
  'core.account.anonymous-answer':
    'the server answered as if no one were signed in (user "*"): it may no longer have accounts, or a proxy in front of it drops the Authorization header; the subscriptions were left as they are',
  'core.engine.stream-ended': 'the server closed the stream',
  'core.engine.no-data': 'no data for {seconds} s',
  'core.engine.storing-failed': 'storing messages failed',
  'core.engine.history-damaged':
    'the history database is damaged (SQLITE_CORRUPT): move history.sqlite aside to start a new one',
  'core.engine.history-not-database':
    'the history file is not a database (SQLITE_NOTADB): move history.sqlite aside to start a new one',
  'core.engine.forbidden-undecided': '{error}; {reason}',
  'core.engine.probe-budget-spent': {
    one: 'gave up after {count} probe without isolating every forbidden topic',
    other: 'gave up after {count} probes without isolating every forbidden topic',
  },
  'core.engine.probe-failed': 'a topic check failed',
  'core.engine.probe-failed-detail': 'a topic check failed: {detail}',
  'core.engine.probe-unauthorized': 'credentials not accepted while checking which topics may be read',
  'core.engine.probe-rate-limited': {
    one: 'still rate limited (429) after {count} try of one topic check',
    other: 'still rate limited (429) after {count} tries of one topic check',
  },
  'core.engine.no-topics': 'no topics to check',
  'core.engine.poll-too-large': {
    one: 'the poll answer is too large (more than {count} item)',
    other: 'the poll answer is too large (more than {count} items)',
  },
  'core.engine.poll-cut-off': 'the poll answer was cut off',
  'core.engine.stream-url': '{url} looks like an ntfy stream URL (HTTP 404): subscribe to {server} instead',
  'core.engine.not-found':
    'nothing to subscribe to under {server} (HTTP 404): check the server URL and its base path, if any',
  'core.engine.url-too-long':
    'the URL is too long for the server or a proxy in front of it (HTTP 414): allow request lines of 8 KB, the usual default (this app splits its topics over connections to stay under {budget} bytes)',
  'core.engine.refused-for-good':
    '{error}: the server gives this answer to every retry; check the server URL and the subscription',
  'core.transport.not-a-stream': 'not an ntfy stream: the server answered {type}',
  'core.transport.not-a-stream-html':
    'not an ntfy stream: the server answered {type} (a captive portal or proxy login page?)',
  'core.transport.credentials-not-sendable':
    'the token or password contains a character that cannot be sent in an HTTP header (a trailing line break?)',
  'core.transport.header-not-sendable': 'the header {name} cannot be sent ({detail})',
  'core.transport.closed-before-answer': 'the connection closed before an answer',
  'core.transport.invalid-url': 'not a valid URL: {url}',
  'core.transport.redirect-invalid': 'the server redirects to an invalid address ({location})',
  'core.transport.redirect-other-server':
    'the server redirects to {target}, another server; subscribe to that URL instead',
  'core.transport.too-many-redirects': {
    one: 'the server redirected more than {count} time (last to {target})',
    other: 'the server redirected more than {count} times (last to {target})',
  },
  'core.bridge.not-expected': 'is not expected',
  'core.bridge.empty': 'must not be empty',
  'core.bridge.too-long': 'is too long',
  'core.bridge.not-base64': 'must be base64 text',
  'core.bridge.list-too-long': 'must be a list of at most {max}',
  'core.bridge.credentials-kind': 'must be basic or token',
  'core.bridge.test-credentials-kind': 'must be stored, none, basic or token',
  'core.bridge.too-many-entries': 'must have at most {max} entries',
  'core.test.readable': 'The server accepts this subscription.',
  'core.test.unauthorized': 'Check the user name and password, or the token.',
  'core.test.forbidden': 'These credentials may not read this topic.',
  'core.test.forbidden-anonymous': 'This topic may not be read without signing in.',
  'core.test.rate-limited': 'The server is limiting requests right now (HTTP 429); try again in a minute.',
  'core.test.unknown': 'The server could not be reached or gave an unexpected answer.',
  'core.test.secret-missing': 'The password or token is not stored: enter it.',
  'core.publish.secret-missing': 'The password or token of this server is not stored.',
  'core.publish.upload-incomplete': 'The file was not sent whole: choose it again.',
  'core.publish.file-too-large': 'The file is {size}; this server takes files up to {limit}.',
  'core.publish.quota-used': 'The file is {size}; this server has {remaining} left for your uploads.',
  'core.publish.upload-unknown': 'This upload has already ended.',
  'core.action.incomplete': 'Not available: this action is incomplete.',
} as const satisfies MessageTable;
