import type { MessageTable } from './message.ts';

/**
 * The CLI's human text (help, usage errors, stderr status lines, prompts). Keys start with "cli.". Option names,
 * command names, JSON output and values people type stay English inside the sentences.
 */
export const cliEn = {
  'cli.help.main': `Usage: ntfy-tray <command> [options]

Commands:
  subscribe   print messages of one or more topics, or run a command per message   (also: sub)
  publish     send a message to a topic   (also: pub)
  history     show stored messages
  login       check a server's password or access token and store it in the OS keychain
  logout      remove them again
  help        this text, or a command's: ntfy-tray help <command>

  --version   print the version
Run 'ntfy-tray <command> --help' for a command's options.`,
  'cli.help.help': 'Usage: ntfy-tray help [<command>]',
  'cli.help.subscribe': `Usage: ntfy-tray subscribe [options] <topic-url>
       ntfy-tray subscribe [options] <topic-url> <command> [<argument>...]

  <topic-url>          http(s)://host[:port]/topic  or  http(s)://host[:port]/t1,t2; https is assumed for
                       host/topic (ntfy.sh/alerts), and a bare topic (alerts) is on the default server
                       (https://ntfy.sh, or the one the app was set to use in this data folder)
                       (several on the same server share one connection; no ?query or #fragment: use the options)
  <command>            run by your shell (sh -c; cmd /c on Windows) once per message, one at a time, in order,
                       instead of printing it; its output goes to stdout/stderr. The message is only in the
                       environment, as with ntfy: $NTFY_MESSAGE ($message, $m), $NTFY_TITLE ($title, $t),
                       $NTFY_PRIORITY ($priority, $prio, $p), $NTFY_TAGS ($tags, $tag, $ta), $NTFY_ID ($id),
                       $NTFY_TIME ($time), $NTFY_TOPIC ($topic), $NTFY_RAW ($raw: the JSON). Quote them: "$m".
                       As with ntfy, the second argument is always the command; further arguments are its own,
                       each passed to the shell as one quoted word. A failing command is reported on stderr and the
                       stream goes on; a message counts as done once its command has ended (after a crash
                       meanwhile it runs again).
  --json               print each delivered message as one JSON line on stdout, as ntfy's CLI does — the default
                       when stdout is not a terminal, so that ntfy sub … | jq pipelines read it unchanged
  --text               print readable lines (time, topic, priority, title: message) even into a pipe or file —
                       the default on a terminal
  --transport <t>      ws | json | sse | raw   (default json; not with --poll, which always reads JSON)
  -s, --since <v>      all | latest | none | <duration: 30s, 10m, 2h, 1d> | <unix seconds> | <message id>
  -p, --poll           print what the server has cached, then exit
  --notify             also show each message as a desktop notification (Linux, D-Bus)
  -S, --scheduled      include delayed messages that are not yet due (also --sched)
  --priority <list>    only these priorities: {priorities} (comma list, any of)
  --tags <list>        only messages with all of these tags (comma list)
  --title <s> --message <s> --id <s>     only messages with exactly this title, message or id
  -u, --user <name[:pass]> as with the ntfy CLI (or NTFY_USER; :tk_… is a token); without ":pass" the password
                       comes from NTFY_PASSWORD, else a prompt on a terminal, else the keychain (ntfy-tray login).
                       A password on the command line is visible to other users of this machine.
                       Without --user/--token: client.yml's defaults, then credentials stored by login.
  -k, --token <token>  or the environment variable NTFY_TOKEN
  -c, --config <file>  ntfy's client.yml (default: ~/.config/ntfy/client.yml; /etc/ntfy/client.yml for root, then
                       the user's; macOS ~/Library/Application Support/ntfy/client.yml; Windows
                       %AppData%\\ntfy\\client.yml), read when it exists: its default-host is where a bare topic
                       lives, its default-user/-password/-token are used without --user/--token
  -C, --from-config    (also --from_config) also subscribe every entry of its subscribe: list, each with its own topic, user/password or
                       token, if: filters and command (else default-command)
  --auth-param         send credentials as ?auth= instead of the Authorization header
  --data-dir <dir>     where settings, history and resume points live (default: the app's data folder,
                       see the README's "Data folder"); one subscribe per folder
  --keepalive-timeout <duration>   silence after which a connection counts as dead ({keepaliveMin} to {keepaliveMax}, default {keepaliveDefault})
  --backoff-max <duration>         cap of the reconnect backoff ({backoffMin} to {backoffMax}, default {backoffDefault})
  -d, --debug, --trace, --log-level <level>, --log-file <file>   ntfy's logging options (also before the command)
  -h, --help`,
  'cli.help.publish': `Usage: ntfy-tray publish [options] <topic> [message...]     (also: pub, send, trigger)
       ntfy-tray publish [options] --wait-cmd <topic> <command...>
       NTFY_TOPIC=<topic> ntfy-tray publish [options] [message...]

  <topic>                  a topic on the default server, host/topic (https assumed) or http(s)://host[:port]/topic
  [message...]             the message; without one it is read from stdin (when stdin is not a terminal) and
                           trimmed: text of up to 4096 bytes is the message, longer text or a file (at most 15 MB)
                           is sent as an attachment
  -t, --title <text>       the title
  -p, --priority <p>       {priorities}
  -T, --tags <list>        comma list of tags and emoji names: warning,skull   (also --tag)
  -D, --delay <when>       deliver later: 30m, 2h, "tomorrow 9am", a Unix time; the server allows 10 s to 3 days
                           (also --at, --in)
  -U, --click <url>        opened when the notification is clicked
  -i, --icon <url>         the notification's icon
  -A, --actions <a>        "view, Open, https://x; http, Restart, https://y, method=POST" or a JSON list (at most 3)
  -a, --attach <url>       a file by URL
  -n, --filename <name>    the attachment's name (also --name)
  -f, --file <path>        upload a local file (at most 15 MB) as the attachment, named after it; --file - reads
                           it from stdin (named stdin). The message then comes only from the words or --message
      --markdown           the message is Markdown (also --md)
  -C, --no-cache           do not keep the message on the server (also --no_cache)
  -F, --no-firebase        do not forward it to Firebase (also --no_firebase)
  -c, --config <file>      ntfy's client.yml (or NTFY_CONFIG; default as for subscribe): default-host,
                           default-token, default-user and default-password
  -e, --email <address>    also send it by e-mail, where the server can (also --mail)
  -m, --message <text>     the message, instead of the argument
  -u, --user <name[:pass]> as with subscribe (or NTFY_USER): without ":pass" from NTFY_PASSWORD, a prompt on a
                           terminal, else the keychain. Without --user/--token: client.yml's defaults, then
                           credentials stored by login.
  -k, --token <token>      or the environment variable NTFY_TOKEN
  -q, --quiet              print nothing; else the server's answer (the message) is one JSON line on stdout
      --wait-pid <pid>     send once the process with this id has ended (checked every 500 ms; also --pid)
      --wait-cmd           run the words after the topic as a command (no shell; options after the topic are
                           its own) and send once it has ended, whatever its exit code; its output goes to
                           stderr, it gets no stdin (also --cmd, --done). Without a message, the message says what ended,
                           after how long, and the exit code, in ntfy's words
      --data-dir <dir>     where login stored the server's settings (default: the app's data folder)
  -d, --debug, --trace, --log-level <level>, --log-file <file>   ntfy's logging options
  -h, --help

Every option has ntfy's variable too: NTFY_TITLE, NTFY_MESSAGE, NTFY_PRIORITY, NTFY_TAGS, NTFY_DELAY, NTFY_CLICK,
NTFY_ICON, NTFY_ACTIONS, NTFY_ATTACH, NTFY_MARKDOWN, NTFY_FILENAME, NTFY_FILE, NTFY_EMAIL, NTFY_WAIT_PID,
NTFY_WAIT_CMD, NTFY_NO_CACHE, NTFY_NO_FIREBASE, NTFY_QUIET.

Exit codes: 0 sent, 1 the server or the network failed, 2 usage.`,
  'cli.help.history': `Usage: ntfy-tray history [options]
  --json               one JSON line per message (the message as received)
  --topic <topic>      only this subscription: its topic name (alerts), its display name, or its URL
                       (https://ntfy.sh/alerts)
  --search <text>      full-text search in titles, messages and tags (best matches first)
  --unread             only unread messages
  --limit <n>          at most n messages (default 50, at most 500)
  --data-dir <dir>     where the app or subscribe stored them (default: the app's data folder); only read
  -h, --help
Messages go to stdout; "0 messages" goes to stderr when nothing matches, so a pipe reads only messages.`,
  'cli.help.login': `Usage: ntfy-tray login <url> --user <name>[:<password>]   (password from NTFY_PASSWORD or a prompt)
       ntfy-tray login <url> --token [<token>]              (token from NTFY_TOKEN or a prompt)

  <url>          a topic (https://ntfy.example.com/alerts, ntfy.example.com/alerts, or alerts on the default
                 server): the credentials are checked by reading that topic; or the server (ntfy.example.com,
                 https://ntfy.example.com): checked with GET /v1/account
  --user, --token   as with subscribe; a password on the command line is visible to other users of this machine
  --no-check     store without asking the server first (for setting up offline)
  --data-dir <dir>  where the settings live (default: the app's data folder; refused while the app runs)
  -h, --help
The secret goes to the OS keychain; the settings only remember which kind of login the server uses.`,
  'cli.help.logout': `Usage: ntfy-tray logout <url>
  Removes the password or token stored for the server of <url> from the OS keychain.
  --data-dir <dir>  where the settings live (default: the app's data folder; refused while the app runs)
  -h, --help`,
  'cli.help.one-command': 'help takes one command name, not {count}',
  'cli.usage.line': "{name}: {problem}\nRun '{name} --help' for usage.",
  'cli.usage.unknown-command': "unknown command '{name}'",
  'cli.usage.unknown-command-suggest': "unknown command '{name}'; did you mean '{suggestion}'?",
  'cli.options.unexpected-argument': "unexpected argument '{value}'",
  'cli.options.env-bool': 'could not parse "{value}" as bool value from env {variable} for flag {option}',
  'cli.options.unknown': "unknown option '{option}'",
  'cli.options.unknown-suggest': "unknown option '{option}'; did you mean '{suggestion}'?",
  'cli.options.takes-no-value': "option '{option}' takes no value",
  'cli.options.needs-value': "option '{option}' needs a value",
  'cli.options.needs-value-dash': "option '{option}' needs a value (for one that starts with '-', write {option}=-…)",
  'cli.run.stdout-failed': 'ntfy-tray: cannot write to stdout: {reason}',
  'cli.run.app-holds-settings':
    'the ntfy Tray app is running with {dir} and would write over this change; quit it first',
  'cli.run.no-data': 'no ntfy-tray data at {dir}',
  'cli.run.log-file-failed': 'cannot write the log file {path}: {reason}; logging to stderr',
  'cli.run.failed': '{name}: {problem}',
  'cli.data-dir.empty': '--data-dir is empty: give a directory, or leave it out for the default',
  'cli.history.count': { one: '{count} message', other: '{count} messages' },
  'cli.history.limit-range': '--limit must be a whole number from {min} to {max}',
  'cli.history.search-empty': '--search is empty: give a word to look for',
  'cli.history.topic-empty': '--topic is empty: give a topic name or URL',
  'cli.history.topic-url': '--topic: {problem}',
  'cli.history.topic-one': '--topic needs one topic: a name such as alerts, or a URL such as https://ntfy.sh/alerts',
  'cli.history.no-topic': "no topic or subscription named '{name}' in the history",
  'cli.history.ambiguous-topic': {
    one: "'{name}' names {count} subscription ({urls}): give its URL",
    other: "'{name}' names {count} subscriptions ({urls}): give its URL",
  },
  'cli.status.connected': 'connected: {where}',
  'cli.status.connected-forbidden': 'connected: {where}; no permission, skipped: {topics}',
  'cli.status.reconnecting': 'reconnecting in {seconds} s: {where}: {reason}',
  'cli.status.auth-failed': 'not retrying: {where}: {reason}',
  'cli.status.error': 'error: {where}: {reason}',
  'cli.status.poll-failed': 'poll failed: {where}: {reason}',
  'cli.line.deleted': '{time} {topic} deleted message {id}',
  'cli.line.cleared': '{time} {topic} cleared message {id}',
  'cli.credentials.line-break':
    '{where} ends with a line break (\\r or \\n), as a value read from a file with Windows line endings does: remove it; nothing was sent',
  'cli.credentials.control-character':
    '{where} contains a control character (U+{code}), which cannot be sent in an HTTP header; nothing was sent',
  'cli.credentials.where-user-name': 'the user name in --user',
  'cli.credentials.where-password': 'the password in --user',
  'cli.credentials.user-needs-name': '--user needs a user name: --user alice, or --user alice:password',
  'cli.credentials.user-no-name': '--user has no user name before the colon (for an access token use --token)',
  'cli.credentials.empty-password':
    '--user {name}: has an empty password; leave out the colon to use {variable} or the keychain',
  'cli.credentials.user-or-token': 'cannot set both --user and --token',
  'cli.credentials.token-empty': '--token is empty (leave it out to use {variable})',
  'cli.filters.empty-item': '{option} has an empty value: give a comma list such as a,b',
  'cli.filters.priority': '--priority {values}: use {priorities} (comma list)',
  'cli.filters.empty-title': '--title is empty: leave it out to receive every title',
  'cli.filters.empty-message': '--message is empty: leave it out to receive every message',
  'cli.filters.empty-id': '--id is empty: leave it out to receive every id',
  'cli.duration.invalid': '{option} must be a duration from {min} to {max}, such as {example}',
  'cli.duration.out-of-range': '{option} {value} is out of range: use from {min} to {max}',
  'cli.subscribe.transport': '--transport must be one of {transports}',
  'cli.subscribe.poll-transport': '--poll always reads the JSON endpoint; --transport does not apply',
  'cli.subscribe.missing-url': 'missing <topic-url>',
  'cli.subscribe.notify-failed': 'ntfy-tray subscribe --notify: cannot show desktop notifications: {reason}',
  'cli.subscribe.command-one-topic':
    'a command follows exactly one topic: ntfy-tray subscribe <topic> <command> (more topics: --from-config)',
  'cli.subscribe.command-raw': '--transport raw gives a command no message fields: use json, sse or ws',
  'cli.command.failed': 'command failed: {where} (message {id}): {reason}',
  'cli.command.exit-code': 'exit code {code}',
  'cli.command.signal': 'ended by {signal}',
  'cli.command.not-started': 'could not start it: {reason}',
  'cli.command.stopping': 'stopping: the running command has {seconds} s to finish; a second signal ends it now',
  'cli.command.cut': 'command run with {variables} cut to fit: {where} (message {id}) is too big to pass whole',
  'cli.client-config.entry': '{path}, subscribe entry {entry}',
  'cli.client-config.yaml': '{where} is not valid YAML',
  'cli.client-config.yaml-line': '{where} is not valid YAML (line {line})',
  'cli.client-config.aliases':
    '{where} uses YAML aliases (*name) that expand too far (an alias bomb): write the values out instead',
  'cli.client-config.duplicate-key': "{where} names '{field}' twice in one map (line {line})",
  'cli.client-config.not-a-map': '{where}: {field} must be a map of names to values',
  'cli.client-config.not-a-list': '{where}: {field} must be a list',
  'cli.client-config.not-text': '{where}: {field} must be text',
  'cli.client-config.unknown-field': "warning: {where}: unknown field '{field}' ignored (ntfy ignores it too)",
  'cli.client-config.unknown-filter':
    "{where}: unknown filter '{field}' in if: (use id, message, title, priority, tags)",
  'cli.client-config.missing-topic': '{where}: topic is missing',
  'cli.client-config.unreadable': 'cannot read {path}: {reason}',
  'cli.client-config.empty-option': '--config is empty: give a client.yml file',
  'cli.client-config.none': '--from-config: no client.yml at {path} (give one with -c/--config)',
  'cli.client-config.no-entries': '--from-config: {path} has no subscribe: entries',
  'cli.subscribe.json-or-text': 'give --json or --text, not both',
  'cli.auth.hint-401': 'credentials not accepted: give --user or --token, or store them with ntfy-tray login <server>',
  'cli.auth.hint-403':
    'no permission: give --user or --token of an account that may read it, or store them with ntfy-tray login <server>',
  'cli.topic-url.default-server': 'the default server {server} {problem}',
  'cli.topic-url.not-url': 'not a URL: {input} (expected a topic, host/topic or http(s)://host/topic)',
  'cli.topic-url.not-http': 'not an http(s) URL: {url}',
  'cli.topic-url.credentials': 'put credentials in --user/--token, not in the URL',
  'cli.topic-url.query-options': 'a topic URL takes no query ({query}): use {options} instead ({url})',
  'cli.topic-url.query':
    'a topic URL takes no query ({query}): ntfy-tray builds the query itself from its options (see --help) ({url})',
  'cli.topic-url.fragment': 'a topic URL takes no fragment (#…): remove it ({url})',
  'cli.topic-url.invalid-topic': 'invalid topic in {url}: a topic {problem}',
  'cli.data-dir.lock-failed': 'cannot lock the data dir {dir}: {reason}',
  'cli.login.missing-url': 'missing <url>: the server or a topic on it',
  'cli.login.one-url': 'expected one <url>, got {count}: {urls}',
  'cli.login.server-url': 'the server URL {problem}',
  'cli.login.one-topic': 'give one topic (or only the server), not a list',
  'cli.login.user-or-token': 'give --user <name> or --token',
  'cli.login.no-terminal-password': 'ntfy-tray login: no terminal to ask for the password: set {variable}',
  'cli.login.no-terminal-token': 'ntfy-tray login: no terminal to ask for the token: set {variable}',
  'cli.login.prompt-password': 'Password of {user} on {server}: ',
  'cli.login.prompt-token': 'Access token for {server}: ',
  'cli.login.no-password': 'ntfy-tray login: no password given',
  'cli.login.no-token': 'ntfy-tray login: no token given',
  'cli.login.not-stored': 'ntfy-tray login: Not stored: {reason}',
  'cli.login.nothing-to-store': 'nothing to store',
  'cli.login.save-failed': 'could not save the server: {reasons}',
  'cli.login.unchecked-password': 'Stored without checking: the password of {user} for {server}',
  'cli.login.unchecked-token': 'Stored without checking: the access token for {server}',
  'cli.logout.save-failed': 'ntfy-tray logout: could not save the settings: {reasons}',
  'cli.logout.removed': 'Removed the credentials for {server} from the keychain.',
  'cli.logout.none-stored': 'No credentials stored for {server}.',
  'cli.check.unreachable': "Not stored: can't reach {server}: {reason} (--no-check stores without asking the server)",
  'cli.check.accepted-user': 'Stored: the server accepted user {user} for {where}',
  'cli.check.accepted-token': 'Stored: the server accepted the access token for {where}',
  'cli.check.wrong-password':
    'Not stored: the server answered {answer} — credentials not accepted: check the user name and password',
  'cli.check.wrong-token':
    'Not stored: the server answered {answer} — credentials not accepted: the access token is wrong or expired',
  'cli.check.forbidden-user':
    'Stored: the server accepted user {user}, but answered {answer} for {where}: no permission to read it',
  'cli.check.forbidden-token':
    'Stored: the server accepted the access token, but answered {answer} for {where}: no permission to read it',
  'cli.check.too-many': 'Not stored: the server answered {answer} — too many attempts; wait a minute, then try again',
  'cli.check.unclear-server':
    'Not stored: the server answered {answer} to GET {path}, which says nothing about the credentials (give a topic URL to check against a topic, or --no-check to store without checking)',
  'cli.check.unclear-topic':
    'Not stored: the server answered {answer} to GET {path}, which says nothing about the credentials (--no-check stores without checking)',
  'cli.publish.password-cancelled': 'no password was entered',
  'cli.publish.not-sent': 'ntfy-tray publish: not sent: {reason}',
  'cli.publish.missing-topic': 'expected a <topic>',
  'cli.publish.one-topic': 'publish sends to one topic, not {topics}',
  'cli.publish.message-twice': 'give the message either with --message or as words',
  'cli.publish.same-option': '{options} mean the same: give one',
  'cli.publish.priority': '--priority {value}: use {priorities}',
  'cli.publish.actions': '--actions: {problem}',
  'cli.publish.filename-needs-attach':
    '--filename names an attachment given with --attach <url> or --file <path> (a file piped in is named after its type)',
  'cli.publish.wait-both': '--wait-pid and --wait-cmd: give one of them',
  'cli.publish.wait-pid': '--wait-pid {value}: give a process id (a whole number above 0)',
  'cli.publish.wait-cmd-before-topic':
    '--wait-cmd runs the words after the topic: put it before the topic (ntfy-tray publish --wait-cmd <topic> <command...>)',
  'cli.publish.wait-cmd-needs-command':
    '--wait-cmd needs a command after the topic: ntfy-tray publish --wait-cmd <topic> <command...>',
  'cli.publish.wait-pid-not-running': 'process with PID {pid} not running',
  'cli.publish.waiting-pid': 'Waiting for process {pid} to end…',
  'cli.publish.wait-pid-ended': 'Process with PID {pid} exited after {duration}',
  'cli.publish.wait-cmd-succeeded': 'Command succeeded after {duration}: {command}',
  'cli.publish.wait-cmd-failed': 'Command failed after {duration} (exit code {code}): {command}',
  'cli.publish.wait-cmd-not-started': 'command failed: {command}: {problem}',
  'cli.publish.wait-cmd-not-found': 'no program {program} found',
  'cli.publish.wait-cmd-no-permission': 'not allowed to run {program}',
  'cli.publish.file-and-attach': '--file uploads a file and --attach links one: give one of them',
  'cli.publish.file-stdin-terminal': '--file - reads the file from stdin, which is a terminal: pipe the file in',
  'cli.publish.file-too-large':
    '{file} is larger than {limit}, the most an ntfy server takes as an attachment by default: put it where a link reaches it and send the link with --attach',
  'cli.publish.file-missing': '{file}: no such file',
  'cli.publish.file-is-folder': '{file} is a folder, not a file',
  'cli.publish.file-no-permission': '{file}: no permission to read it',
  'cli.publish.file-unreadable': '{file} cannot be read: {reason}',
  'cli.publish.stdin-too-large':
    'stdin holds more than {limit}, the most an ntfy server takes as an attachment by default: shorten it, or put the file where a link reaches it and send the link with --attach',
  'cli.publish.stdin-with-attach':
    'with --attach, what stdin holds is the message and must be text of at most {limit} bytes: shorten it, or leave out --attach to send it as the attachment',
  'cli.since.invalid':
    'invalid since value "{input}": use all, latest, none, a duration (30s, 10m, 2h, 1d), Unix seconds or a message id',
  'cli.actions.quote-not-closed': 'a quote ({quote}) is never closed',
  'cli.actions.after-quoted': 'unexpected "{character}" after the quoted value "{value}"',
  'cli.actions.part-without-key': '"{label}": part {number} has no key= (only action, label and url go by place)',
  'cli.actions.clear-word': 'clear={value}: use true or false',
  'cli.actions.unknown-key': 'unknown key "{key}"',
  'cli.actions.json-list': 'a JSON list of actions is expected',
  'cli.actions.not-object': 'action {number} is not an object',
  'cli.actions.not-text': 'action {number}: "{key}" must be text',
  'cli.actions.kind': 'action {number}: the kind must be {kinds} (got "{kind}")',
  'cli.actions.label-needed': 'action {number}: a label is needed',
  'cli.actions.url-needed': 'action {number}: {kind} needs a URL',
  'cli.actions.not-map': 'action {number}: "{key}" must map names to text',
  'cli.actions.clear-not-boolean': 'action {number}: "clear" must be true or false',
} as const satisfies MessageTable;
