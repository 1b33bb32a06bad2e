import type { cliEn } from './cli.en.ts';
import type { Translation } from './message.ts';

export const cliDe: Translation<typeof cliEn> = {
  'cli.help.main': `Aufruf: ntfy-tray <Befehl> [Optionen]

Befehle:
  subscribe   Nachrichten eines oder mehrerer Themen ausgeben oder je Nachricht einen Befehl ausführen   (auch: sub)
  publish     eine Nachricht an ein Thema senden   (auch: pub)
  history     gespeicherte Nachrichten anzeigen
  login       Passwort oder Zugriffstoken eines Servers prüfen und im Schlüsselbund des Systems speichern
  logout      sie wieder entfernen
  help        dieser Text oder der eines Befehls: ntfy-tray help <Befehl>

  --version   die Version ausgeben
'ntfy-tray <Befehl> --help' zeigt die Optionen eines Befehls.`,
  'cli.help.help': 'Aufruf: ntfy-tray help [<Befehl>]',
  'cli.help.subscribe': `Aufruf: ntfy-tray subscribe [Optionen] <topic-url>
        ntfy-tray subscribe [Optionen] <topic-url> <command> [<Argument>...]

  <topic-url>          http(s)://host[:port]/topic  oder  http(s)://host[:port]/t1,t2; bei host/topic
                       (ntfy.sh/alerts) wird https angenommen, ein bloßes Thema (alerts) liegt auf dem Standardserver
                       (https://ntfy.sh oder der, den die App in diesem Datenordner verwendet)
                       (mehrere auf demselben Server teilen eine Verbindung; kein ?query oder #fragment: nutzen Sie
                       die Optionen)
  <command>            wird von Ihrer Shell (sh -c; unter Windows cmd /c) einmal pro Nachricht ausgeführt, einer
                       nach dem anderen, in Reihenfolge, statt sie auszugeben; seine Ausgabe geht nach
                       stdout/stderr. Die Nachricht steht nur in der Umgebung, wie bei ntfy: $NTFY_MESSAGE
                       ($message, $m), $NTFY_TITLE ($title, $t), $NTFY_PRIORITY ($priority, $prio, $p), $NTFY_TAGS
                       ($tags, $tag, $ta), $NTFY_ID ($id), $NTFY_TIME ($time), $NTFY_TOPIC ($topic), $NTFY_RAW
                       ($raw: das JSON). In Anführungszeichen verwenden: "$m".
                       Wie bei ntfy ist das zweite Argument immer der Befehl; weitere Argumente gehören ihm, jedes
                       als ein Wort in Anführungszeichen an die Shell übergeben. Ein fehlschlagender
                       Befehl wird auf stderr gemeldet, der Strom läuft weiter; eine Nachricht gilt als erledigt,
                       sobald ihr Befehl geendet hat (nach einem Absturz währenddessen läuft er erneut).
  --json               jede zugestellte Nachricht als eine JSON-Zeile auf stdout ausgeben, wie das ntfy-CLI — der
                       Standard, wenn stdout kein Terminal ist, damit ntfy sub … | jq-Pipelines es unverändert lesen
  --text               lesbare Zeilen (Zeit, Thema, Priorität, Titel: Nachricht) auch in eine Pipe oder Datei —
                       der Standard auf einem Terminal
  --transport <t>      ws | json | sse | raw   (Standard json; nicht mit --poll, das immer JSON liest)
  -s, --since <v>      all | latest | none | <Dauer: 30s, 10m, 2h, 1d> | <Unix-Sekunden> | <Nachrichten-ID>
  -p, --poll           ausgeben, was der Server zwischengespeichert hat, dann beenden
  --notify             jede Nachricht auch als Desktop-Benachrichtigung zeigen (Linux, D-Bus)
  -S, --scheduled      verzögerte Nachrichten einschließen, die noch nicht fällig sind (auch --sched)
  --priority <Liste>   nur diese Prioritäten: {priorities} (Kommaliste, beliebige davon)
  --tags <Liste>       nur Nachrichten mit all diesen Tags (Kommaliste)
  --title <s> --message <s> --id <s>     nur Nachrichten mit genau diesem Titel, dieser Nachricht oder ID
  -u, --user <name[:pass]> wie beim ntfy-CLI (oder NTFY_USER; :tk_… ist ein Token); ohne ":pass" kommt das Passwort
                       aus NTFY_PASSWORD, sonst aus einer Abfrage am Terminal, sonst aus dem Schlüsselbund
                       (ntfy-tray login). Ein Passwort auf der Befehlszeile sehen andere Benutzer dieses Rechners.
                       Ohne --user/--token: die Vorgaben der client.yml, dann die mit login gespeicherten.
  -k, --token <token>  oder die Umgebungsvariable NTFY_TOKEN
  -c, --config <Datei> die client.yml von ntfy (Standard: ~/.config/ntfy/client.yml; für root /etc/ntfy/client.yml,
                       dann die des Benutzers; macOS ~/Library/Application Support/ntfy/client.yml; Windows
                       %AppData%\\ntfy\\client.yml), gelesen, wenn sie existiert: ihr default-host ist der Server
                       bloßer Themen, default-user/-password/-token gelten ohne --user/--token
  -C, --from-config    zusätzlich jeden Eintrag ihrer subscribe:-Liste abonnieren, jeden mit eigenem Thema,
                       Benutzer/Passwort oder Token, if:-Filtern und Befehl (sonst default-command)
  --auth-param         Zugangsdaten als ?auth= statt im Authorization-Header senden
  --data-dir <dir>     wo Einstellungen, Verlauf und Fortsetzungspunkte liegen (Standard: der Datenordner der
                       App, siehe „Data folder“ im README); ein subscribe pro Ordner
  --keepalive-timeout <Dauer>   Stille, nach der eine Verbindung als tot gilt ({keepaliveMin} bis {keepaliveMax}, Standard {keepaliveDefault})
  --backoff-max <Dauer>         Obergrenze der Wartezeit vor neuem Verbinden ({backoffMin} bis {backoffMax}, Standard {backoffDefault})
  -h, --help`,
  'cli.help.publish': `Aufruf: ntfy-tray publish [Optionen] <topic> [Nachricht...]
        ntfy-tray publish [Optionen] --wait-cmd <topic> <Befehl...>

  <topic>                  ein Thema auf dem Standardserver, host/topic (https angenommen) oder
                           http(s)://host[:port]/topic
  [Nachricht...]           die Nachricht; fehlt sie, wird sie von stdin gelesen (wenn stdin kein Terminal ist):
                           Text bis 4096 Byte ist die Nachricht, längerer Text oder eine Datei (höchstens 15 MB)
                           geht als Anhang
  -t, --title <Text>       der Titel
  -p, --priority <p>       {priorities}
  -T, --tags <Liste>       Kommaliste von Tags und Emoji-Namen: warning,skull   (auch --tag)
  -D, --delay <wann>       später zustellen: 30m, 2h, "tomorrow 9am", eine Unix-Zeit; der Server erlaubt 10 s bis
                           3 Tage (auch --at, --in)
  -U, --click <url>        wird beim Klick auf die Benachrichtigung geöffnet
  -i, --icon <url>         das Symbol der Benachrichtigung
  -A, --actions <a>        "view, Open, https://x; http, Restart, https://y, method=POST" oder eine JSON-Liste
                           (höchstens 3)
  -a, --attach <url>       eine Datei per URL
  -n, --filename <Name>    der Name des Anhangs (auch --name)
  -f, --file <Pfad>        eine lokale Datei (höchstens 15 MB) als Anhang hochladen, unter ihrem Namen; --file -
                           liest sie von stdin (Name stdin). Die Nachricht kommt dann nur aus den Wörtern oder
                           --message
      --markdown           die Nachricht ist Markdown (auch --md)
  -C, --no-cache           die Nachricht nicht auf dem Server aufbewahren
  -e, --email <Adresse>    auch per E-Mail senden, wo der Server es kann (auch --mail)
  -m, --message <Text>     die Nachricht, statt als Argument
  -u, --user <name[:pass]> wie bei subscribe: ohne ":pass" kommt das Passwort aus NTFY_PASSWORD, sonst aus dem
                           Schlüsselbund (ntfy-tray login). Ohne --user/--token werden die mit login
                           gespeicherten Zugangsdaten verwendet.
  -k, --token <token>      oder die Umgebungsvariable NTFY_TOKEN
  -q, --quiet              nichts ausgeben, wenn die Nachricht gesendet wurde
      --wait-pid <pid>     senden, sobald der Prozess mit dieser ID beendet ist (alle 500 ms geprüft; auch --pid)
      --wait-cmd           die Wörter nach dem Thema als Befehl ausführen (ohne Shell; Optionen nach dem Thema
                           gehören dem Befehl) und senden, sobald er beendet ist, mit welchem Exit-Code auch immer;
                           seine Ausgabe geht nach stderr, stdin bleibt leer (auch --cmd, --done). Ohne Nachricht
                           sagt die Nachricht, was wann nach wie langer Zeit endete, und den Exit-Code
      --data-dir <dir>     wo login die Einstellungen des Servers gespeichert hat (Standard: der Datenordner der App)
  -F, --no-firebase        nicht an Firebase weiterleiten (auch --no_firebase; --no-cache auch --no_cache)
  -c, --config <Datei>     die client.yml von ntfy (oder NTFY_CONFIG): default-host, default-token, -user, -password
  -d, --debug, --trace, --log-level <Stufe>, --log-file <Datei>   die Log-Optionen von ntfy
  -h, --help

Auch pub, send, trigger. Die Antwort des Servers ist eine JSON-Zeile auf stdout (nicht mit -q); die Ausgabe von
--wait-cmd geht nach stderr. Jede Option hat auch ntfys Variable: NTFY_TOPIC (dann sind alle Argumente die
Nachricht), NTFY_TITLE, NTFY_MESSAGE, NTFY_PRIORITY, NTFY_TAGS, NTFY_DELAY, NTFY_CLICK, NTFY_ICON, NTFY_ACTIONS,
NTFY_ATTACH, NTFY_MARKDOWN, NTFY_FILENAME, NTFY_FILE, NTFY_EMAIL, NTFY_USER, NTFY_WAIT_PID, NTFY_WAIT_CMD,
NTFY_NO_CACHE, NTFY_NO_FIREBASE, NTFY_QUIET.

Exit-Codes: 0 gesendet, 1 Server oder Netzwerk fehlgeschlagen, 2 falscher Aufruf.`,
  'cli.help.history': `Aufruf: ntfy-tray history [Optionen]
  --json               eine JSON-Zeile pro Nachricht (die Nachricht wie empfangen)
  --topic <topic>      nur dieses Abonnement: sein Themenname (alerts), sein Anzeigename oder seine URL
                       (https://ntfy.sh/alerts)
  --search <Text>      Volltextsuche in Titeln, Nachrichten und Tags (beste Treffer zuerst)
  --unread             nur ungelesene Nachrichten
  --limit <n>          höchstens n Nachrichten (Standard 50, höchstens 500)
  --data-dir <dir>     wo die App oder subscribe sie gespeichert hat (Standard: der Datenordner der App); wird nur
                       gelesen
  -h, --help
Nachrichten gehen auf stdout; „0 Nachrichten“ geht auf stderr, wenn nichts passt, damit eine Pipe nur Nachrichten
liest.`,
  'cli.help.login': `Aufruf: ntfy-tray login <url> --user <name>[:<passwort>]   (Passwort aus NTFY_PASSWORD oder einer Abfrage)
        ntfy-tray login <url> --token [<token>]              (Token aus NTFY_TOKEN oder einer Abfrage)

  <url>          ein Thema (https://ntfy.example.com/alerts, ntfy.example.com/alerts oder alerts auf dem
                 Standardserver): die Zugangsdaten werden durch Lesen dieses Themas geprüft; oder der Server
                 (ntfy.example.com, https://ntfy.example.com): geprüft mit GET /v1/account
  --user, --token   wie bei subscribe; ein Passwort auf der Befehlszeile sehen andere Benutzer dieses Rechners
  --no-check     speichern, ohne vorher den Server zu fragen (zum Einrichten ohne Netz)
  --data-dir <dir>  wo die Einstellungen liegen (Standard: der Datenordner der App; abgelehnt, solange die App läuft)
  -h, --help
Das Geheimnis kommt in den Schlüsselbund des Systems; die Einstellungen merken sich nur die Art der Anmeldung.`,
  'cli.help.logout': `Aufruf: ntfy-tray logout <url>
  Entfernt das für den Server von <url> gespeicherte Passwort oder Token aus dem Schlüsselbund des Systems.
  --data-dir <dir>  wo die Einstellungen liegen (Standard: der Datenordner der App; abgelehnt, solange die App läuft)
  -h, --help`,
  'cli.help.one-command': 'help nimmt einen Befehlsnamen, nicht {count}',
  'cli.usage.line': "{name}: {problem}\n'{name} --help' zeigt den Aufruf.",
  'cli.usage.unknown-command': "unbekannter Befehl '{name}'",
  'cli.usage.unknown-command-suggest': "unbekannter Befehl '{name}'; meinten Sie '{suggestion}'?",
  'cli.options.unexpected-argument': "unerwartetes Argument '{value}'",
  'cli.options.env-bool': '„{value}“ aus {variable} ist kein Wahrheitswert für {option} (1, true, 0, false …)',
  'cli.options.unknown': "unbekannte Option '{option}'",
  'cli.options.unknown-suggest': "unbekannte Option '{option}'; meinten Sie '{suggestion}'?",
  'cli.options.takes-no-value': "Option '{option}' nimmt keinen Wert",
  'cli.options.needs-value': "Option '{option}' braucht einen Wert",
  'cli.options.needs-value-dash':
    "Option '{option}' braucht einen Wert (für einen, der mit '-' beginnt, schreiben Sie {option}=-…)",
  'cli.run.stdout-failed': 'ntfy-tray: kann nicht auf stdout schreiben: {reason}',
  'cli.run.app-holds-settings':
    'die App ntfy Tray läuft mit {dir} und würde diese Änderung überschreiben; beenden Sie sie zuerst',
  'cli.run.no-data': 'keine ntfy-tray-Daten in {dir}',
  'cli.run.log-file-failed': 'die Logdatei {path} kann nicht geschrieben werden: {reason}; Log auf stderr',
  'cli.run.failed': '{name}: {problem}',
  'cli.data-dir.empty': '--data-dir ist leer: geben Sie einen Ordner an, oder lassen Sie es für den Standard weg',
  'cli.history.count': { one: '{count} Nachricht', other: '{count} Nachrichten' },
  'cli.history.limit-range': '--limit muss eine ganze Zahl von {min} bis {max} sein',
  'cli.history.search-empty': '--search ist leer: geben Sie ein Wort zum Suchen an',
  'cli.history.topic-empty': '--topic ist leer: geben Sie einen Themennamen oder eine URL an',
  'cli.history.topic-url': '--topic: {problem}',
  'cli.history.topic-one':
    '--topic braucht genau ein Thema: einen Namen wie alerts oder eine URL wie https://ntfy.sh/alerts',
  'cli.history.no-topic': "kein Thema oder Abonnement namens '{name}' im Verlauf",
  'cli.history.ambiguous-topic': {
    one: "'{name}' bezeichnet {count} Abonnement ({urls}): geben Sie seine URL an",
    other: "'{name}' bezeichnet {count} Abonnements ({urls}): geben Sie seine URL an",
  },
  'cli.status.connected': 'Verbunden: {where}',
  'cli.status.connected-forbidden': 'Verbunden: {where}; keine Berechtigung, übersprungen: {topics}',
  'cli.status.reconnecting': 'Neuer Verbindungsversuch in {seconds} s: {where}: {reason}',
  'cli.status.auth-failed': 'Kein neuer Versuch: {where}: {reason}',
  'cli.status.error': 'Fehler: {where}: {reason}',
  'cli.status.poll-failed': 'Abruf fehlgeschlagen: {where}: {reason}',
  'cli.line.deleted': '{time} {topic} Nachricht {id} gelöscht',
  'cli.line.cleared': '{time} {topic} Nachricht {id} geleert',
  'cli.credentials.line-break':
    '{where} endet mit einem Zeilenumbruch (\\r oder \\n), wie ein aus einer Datei mit Windows-Zeilenenden gelesener Wert: entfernen Sie ihn; nichts wurde gesendet',
  'cli.credentials.control-character':
    '{where} enthält ein Steuerzeichen (U+{code}), das in einem HTTP-Header nicht gesendet werden kann; nichts wurde gesendet',
  'cli.credentials.where-user-name': 'Der Benutzername in --user',
  'cli.credentials.where-password': 'Das Passwort in --user',
  'cli.credentials.user-needs-name': '--user braucht einen Benutzernamen: --user alice oder --user alice:passwort',
  'cli.credentials.user-no-name':
    '--user hat keinen Benutzernamen vor dem Doppelpunkt (für ein Zugriffstoken nehmen Sie --token)',
  'cli.credentials.empty-password':
    '--user {name}: hat ein leeres Passwort; lassen Sie den Doppelpunkt weg, um {variable} oder den Schlüsselbund zu verwenden',
  'cli.credentials.user-or-token': '--user und --token können nicht beide gesetzt werden',
  'cli.credentials.token-empty': '--token ist leer (lassen Sie es weg, um {variable} zu verwenden)',
  'cli.filters.empty-item': '{option} hat einen leeren Wert: geben Sie eine Kommaliste wie a,b an',
  'cli.filters.priority': '--priority {values}: verwenden Sie {priorities} (Kommaliste)',
  'cli.filters.empty-title': '--title ist leer: lassen Sie es weg, um jeden Titel zu empfangen',
  'cli.filters.empty-message': '--message ist leer: lassen Sie es weg, um jede Nachricht zu empfangen',
  'cli.filters.empty-id': '--id ist leer: lassen Sie es weg, um jede ID zu empfangen',
  'cli.duration.invalid': '{option} muss eine Dauer von {min} bis {max} sein, etwa {example}',
  'cli.duration.out-of-range': '{option} {value} liegt außerhalb des Bereichs: erlaubt ist {min} bis {max}',
  'cli.subscribe.transport': '--transport muss einer von {transports} sein',
  'cli.subscribe.poll-transport': '--poll liest immer den JSON-Endpunkt; --transport gilt dafür nicht',
  'cli.subscribe.missing-url': '<topic-url> fehlt',
  'cli.subscribe.notify-failed':
    'ntfy-tray subscribe --notify: Desktop-Benachrichtigungen können nicht angezeigt werden: {reason}',
  'cli.subscribe.command-one-topic':
    'ein Befehl folgt genau einem Thema: ntfy-tray subscribe <topic> <command> (mehr Themen: --from-config)',
  'cli.subscribe.command-raw': '--transport raw gibt einem Befehl keine Nachrichtenfelder: json, sse oder ws verwenden',
  'cli.command.failed': 'Befehl fehlgeschlagen: {where} (Nachricht {id}): {reason}',
  'cli.command.exit-code': 'Exit-Code {code}',
  'cli.command.signal': 'beendet durch {signal}',
  'cli.command.not-started': 'konnte nicht gestartet werden: {reason}',
  'cli.command.stopping':
    'wird beendet: der laufende Befehl hat {seconds} s, um fertig zu werden; ein zweites Signal beendet ihn sofort',
  'cli.command.cut':
    'Befehl läuft mit gekürztem {variables}: {where} (Nachricht {id}) ist zu groß, um sie ganz zu übergeben',
  'cli.client-config.entry': '{path}, subscribe-Eintrag {entry}',
  'cli.client-config.yaml': '{where} ist kein gültiges YAML',
  'cli.client-config.yaml-line': '{where} ist kein gültiges YAML (Zeile {line})',
  'cli.client-config.aliases':
    '{where} verwendet YAML-Aliase (*name), die sich zu weit vervielfachen (eine Alias-Bombe): schreiben Sie die Werte aus',
  'cli.client-config.duplicate-key': "{where} nennt '{field}' zweimal in einer Zuordnung (Zeile {line})",
  'cli.client-config.not-a-map': '{where}: {field} muss eine Zuordnung von Namen zu Werten sein',
  'cli.client-config.not-a-list': '{where}: {field} muss eine Liste sein',
  'cli.client-config.not-text': '{where}: {field} muss Text sein',
  'cli.client-config.unknown-field': "Warnung: {where}: unbekanntes Feld '{field}' übergangen (ntfy übergeht es auch)",
  'cli.client-config.unknown-filter':
    "{where}: unbekannter Filter '{field}' in if: (id, message, title, priority, tags verwenden)",
  'cli.client-config.missing-topic': '{where}: topic fehlt',
  'cli.client-config.unreadable': '{path} kann nicht gelesen werden: {reason}',
  'cli.client-config.empty-option': '--config ist leer: eine client.yml-Datei angeben',
  'cli.client-config.none': '--from-config: keine client.yml unter {path} (mit -c/--config eine angeben)',
  'cli.client-config.no-entries': '--from-config: {path} hat keine subscribe:-Einträge',
  'cli.subscribe.json-or-text': '--json oder --text angeben, nicht beides',
  'cli.auth.hint-401':
    'Zugangsdaten nicht akzeptiert: --user oder --token angeben oder mit ntfy-tray login <server> speichern',
  'cli.auth.hint-403':
    'keine Berechtigung: --user oder --token eines Kontos angeben, das es lesen darf, oder mit ntfy-tray login <server> speichern',
  'cli.topic-url.default-server': 'der Standardserver {server} {problem}',
  'cli.topic-url.not-url': 'keine URL: {input} (erwartet wird ein Thema, host/topic oder http(s)://host/topic)',
  'cli.topic-url.not-http': 'keine http(s)-URL: {url}',
  'cli.topic-url.credentials': 'Zugangsdaten gehören in --user/--token, nicht in die URL',
  'cli.topic-url.query-options':
    'eine Themen-URL darf keinen Abfrageteil haben ({query}): verwenden Sie stattdessen {options} ({url})',
  'cli.topic-url.query':
    'eine Themen-URL darf keinen Abfrageteil haben ({query}): ntfy-tray bildet ihn selbst aus seinen Optionen (siehe --help) ({url})',
  'cli.topic-url.fragment': 'eine Themen-URL darf kein Fragment (#…) haben: entfernen Sie es ({url})',
  'cli.topic-url.invalid-topic': 'ungültiges Thema in {url}: ein Thema {problem}',
  'cli.data-dir.lock-failed': 'der Datenordner {dir} kann nicht gesperrt werden: {reason}',
  'cli.login.missing-url': '<url> fehlt: der Server oder ein Thema darauf',
  'cli.login.one-url': 'genau eine <url> erwartet, nicht {count}: {urls}',
  'cli.login.server-url': 'die Server-URL {problem}',
  'cli.login.one-topic': 'geben Sie ein Thema (oder nur den Server) an, keine Liste',
  'cli.login.user-or-token': 'geben Sie --user <name> oder --token an',
  'cli.login.no-terminal-password':
    'ntfy-tray login: kein Terminal, um nach dem Passwort zu fragen: setzen Sie {variable}',
  'cli.login.no-terminal-token': 'ntfy-tray login: kein Terminal, um nach dem Token zu fragen: setzen Sie {variable}',
  'cli.login.prompt-password': 'Passwort von {user} auf {server}: ',
  'cli.login.prompt-token': 'Zugriffstoken für {server}: ',
  'cli.login.no-password': 'ntfy-tray login: kein Passwort eingegeben',
  'cli.login.no-token': 'ntfy-tray login: kein Token eingegeben',
  'cli.login.not-stored': 'ntfy-tray login: Nicht gespeichert: {reason}',
  'cli.login.nothing-to-store': 'nichts zu speichern',
  'cli.login.save-failed': 'der Server konnte nicht gespeichert werden: {reasons}',
  'cli.login.unchecked-password': 'Ohne Prüfung gespeichert: das Passwort von {user} für {server}',
  'cli.login.unchecked-token': 'Ohne Prüfung gespeichert: das Zugriffstoken für {server}',
  'cli.logout.save-failed': 'ntfy-tray logout: die Einstellungen konnten nicht gespeichert werden: {reasons}',
  'cli.logout.removed': 'Die Zugangsdaten für {server} wurden aus dem Schlüsselbund entfernt.',
  'cli.logout.none-stored': 'Für {server} sind keine Zugangsdaten gespeichert.',
  'cli.check.unreachable':
    'Nicht gespeichert: {server} ist nicht erreichbar: {reason} (--no-check speichert, ohne den Server zu fragen)',
  'cli.check.accepted-user': 'Gespeichert: der Server hat Benutzer {user} für {where} akzeptiert',
  'cli.check.accepted-token': 'Gespeichert: der Server hat das Zugriffstoken für {where} akzeptiert',
  'cli.check.wrong-password':
    'Nicht gespeichert: der Server antwortete {answer} — Zugangsdaten nicht akzeptiert: prüfen Sie Benutzername und Passwort',
  'cli.check.wrong-token':
    'Nicht gespeichert: der Server antwortete {answer} — Zugangsdaten nicht akzeptiert: das Zugriffstoken ist falsch oder abgelaufen',
  'cli.check.forbidden-user':
    'Gespeichert: der Server hat Benutzer {user} akzeptiert, antwortete für {where} aber {answer}: keine Berechtigung, es zu lesen',
  'cli.check.forbidden-token':
    'Gespeichert: der Server hat das Zugriffstoken akzeptiert, antwortete für {where} aber {answer}: keine Berechtigung, es zu lesen',
  'cli.check.too-many':
    'Nicht gespeichert: der Server antwortete {answer} — zu viele Versuche; warten Sie eine Minute und versuchen Sie es dann erneut',
  'cli.check.unclear-server':
    'Nicht gespeichert: der Server antwortete {answer} auf GET {path}, was nichts über die Zugangsdaten aussagt (geben Sie eine Themen-URL an, um mit einem Thema zu prüfen, oder --no-check, um ohne Prüfung zu speichern)',
  'cli.check.unclear-topic':
    'Nicht gespeichert: der Server antwortete {answer} auf GET {path}, was nichts über die Zugangsdaten aussagt (--no-check speichert ohne Prüfung)',
  'cli.publish.password-cancelled': 'es wurde kein Passwort eingegeben',
  'cli.publish.not-sent': 'ntfy-tray publish: nicht gesendet: {reason}',
  'cli.publish.missing-topic': '<topic> fehlt',
  'cli.publish.one-topic': 'publish sendet an ein Thema, nicht an {topics}',
  'cli.publish.message-twice': 'geben Sie die Nachricht entweder mit --message oder als Wörter an',
  'cli.publish.same-option': '{options} bedeuten dasselbe: geben Sie nur eine davon an',
  'cli.publish.priority': '--priority {value}: verwenden Sie {priorities}',
  'cli.publish.actions': '--actions: {problem}',
  'cli.publish.filename-needs-attach':
    '--filename benennt einen mit --attach <url> oder --file <Pfad> angegebenen Anhang (eine über stdin gelesene Datei wird nach ihrem Typ benannt)',
  'cli.publish.wait-both': '--wait-pid und --wait-cmd: geben Sie nur eines davon an',
  'cli.publish.wait-pid': '--wait-pid {value}: geben Sie eine Prozess-ID an (eine ganze Zahl über 0)',
  'cli.publish.wait-cmd-before-topic':
    '--wait-cmd führt die Wörter nach dem Thema aus: setzen Sie es vor das Thema (ntfy-tray publish --wait-cmd <topic> <Befehl...>)',
  'cli.publish.wait-cmd-needs-command':
    '--wait-cmd braucht einen Befehl nach dem Thema: ntfy-tray publish --wait-cmd <topic> <Befehl...>',
  'cli.publish.wait-pid-not-running': 'Prozess mit PID {pid} läuft nicht',
  'cli.publish.waiting-pid': 'Warte, bis Prozess {pid} beendet ist…',
  'cli.publish.wait-pid-ended': 'Prozess mit PID {pid} nach {duration} beendet',
  'cli.publish.wait-cmd-succeeded': 'Befehl nach {duration} erfolgreich: {command}',
  'cli.publish.wait-cmd-failed': 'Befehl nach {duration} fehlgeschlagen (Exit-Code {code}): {command}',
  'cli.publish.wait-cmd-not-started': 'Befehl fehlgeschlagen: {command}: {problem}',
  'cli.publish.wait-cmd-not-found': 'kein Programm {program} gefunden',
  'cli.publish.wait-cmd-no-permission': 'keine Berechtigung, {program} auszuführen',
  'cli.publish.file-and-attach': '--file lädt eine Datei hoch und --attach verlinkt eine: geben Sie nur eines davon an',
  'cli.publish.file-stdin-terminal':
    '--file - liest die Datei von stdin, und stdin ist ein Terminal: leiten Sie die Datei hinein',
  'cli.publish.file-too-large':
    '{file} ist größer als {limit}, mehr nimmt ein ntfy-Server standardmäßig nicht als Anhang an: legen Sie die Datei unter einem Link ab und senden Sie den Link mit --attach',
  'cli.publish.file-missing': '{file}: Datei nicht gefunden',
  'cli.publish.file-is-folder': '{file} ist ein Ordner, keine Datei',
  'cli.publish.file-no-permission': '{file}: keine Berechtigung zum Lesen',
  'cli.publish.file-unreadable': '{file} kann nicht gelesen werden: {reason}',
  'cli.publish.stdin-too-large':
    'stdin enthält mehr als {limit}, mehr nimmt ein ntfy-Server standardmäßig nicht als Anhang an: kürzen Sie die Eingabe, oder legen Sie die Datei unter einem Link ab und senden Sie den Link mit --attach',
  'cli.publish.stdin-with-attach':
    'mit --attach ist der Inhalt von stdin die Nachricht und muss Text von höchstens {limit} Byte sein: kürzen Sie ihn, oder lassen Sie --attach weg, um ihn als Anhang zu senden',
  'cli.since.invalid':
    'ungültiger since-Wert "{input}": verwenden Sie all, latest, none, eine Dauer (30s, 10m, 2h, 1d), Unix-Sekunden oder eine Nachrichten-ID',
  'cli.actions.quote-not-closed': 'ein Anführungszeichen ({quote}) wird nie geschlossen',
  'cli.actions.after-quoted': 'unerwartetes "{character}" nach dem Wert in Anführungszeichen "{value}"',
  'cli.actions.part-without-key':
    '"{label}": Teil {number} hat kein key= (nur action, label und url ergeben sich aus ihrer Stelle)',
  'cli.actions.clear-word': 'clear={value}: verwenden Sie true oder false',
  'cli.actions.unknown-key': 'unbekannter Schlüssel "{key}"',
  'cli.actions.json-list': 'eine JSON-Liste von Aktionen wird erwartet',
  'cli.actions.not-object': 'Aktion {number} ist kein Objekt',
  'cli.actions.not-text': 'Aktion {number}: "{key}" muss Text sein',
  'cli.actions.kind': 'Aktion {number}: die Art muss {kinds} sein (erhalten: "{kind}")',
  'cli.actions.label-needed': 'Aktion {number}: eine Beschriftung (label) fehlt',
  'cli.actions.url-needed': 'Aktion {number}: {kind} braucht eine URL',
  'cli.actions.not-map': 'Aktion {number}: "{key}" muss Namen auf Text abbilden',
  'cli.actions.clear-not-boolean': 'Aktion {number}: "clear" muss true oder false sein',
};
