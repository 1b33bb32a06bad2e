import type { coreEn } from './core.en.ts';
import type { Translation } from './message.ts';

export const coreDe: Translation<typeof coreEn> = {
  'core.notification.copy-label': '{label}: „{value}“',
  'core.field-problem': '{field}: {problem}',
  'core.account.token-refused':
    'Zugangsdaten nicht akzeptiert (HTTP {status}): das Token des Kontos gilt nicht mehr; bitte erneut anmelden',
  'core.account.server-answered': 'der Server antwortete mit HTTP {status}',
  'core.account.server-answered-error': 'der Server antwortete mit HTTP {status}: {error}',
  'core.account.redirected': 'der Server hat umgeleitet (HTTP {status})',
  'core.account.unreachable': '{host} ist nicht erreichbar: {reason}',
  'core.account.no-token-in-answer': 'der Server hat ohne Token geantwortet',
  'core.account.not-signed-in': 'nicht bei einem ntfy-Konto angemeldet',
  'core.account.token-unreadable': 'das Token des Kontos kann nicht gelesen werden: {error}',
  'core.account.no-token': 'kein Token für {server} im Schlüsselbund; bitte erneut anmelden',
  'core.account.sync-not-saved': 'die synchronisierten Abonnements wurden nicht gespeichert: {error}',
  'core.account.sync-not-valid': 'die Abonnements des Kontos passen nicht zu den Einstellungen: {issues}',
  'core.account.credentials-needed': 'Benutzername und Passwort sind nötig',
  'core.account.already-signed-in': 'bereits angemeldet; zuerst abmelden',
  'core.account.sign-in-wrong-password':
    'nicht angemeldet: Zugangsdaten nicht akzeptiert; prüfen Sie Benutzername und Passwort',
  'core.account.sign-in-failed': 'nicht angemeldet: {reason}',
  'core.account.sign-in-token-not-stored': 'nicht angemeldet: das Token kann nicht gespeichert werden: {error}',
  'core.account.sign-in-settings-not-saved': 'nicht angemeldet: die Einstellungen wurden nicht gespeichert: {issues}',
  'core.account.sign-out-not-signed-in': 'nicht angemeldet',
  'core.account.sign-out-keychain-failed': 'weiterhin angemeldet: der Schlüsselbund hat nicht geantwortet: {error}',
  'core.account.signed-out-token-deleted': 'Abgemeldet; das Token wurde auf dem Server gelöscht.',
  'core.account.signed-out-no-token':
    'Abgemeldet; im Schlüsselbund war kein Token, also wurde auf dem Server keins gelöscht.',
  'core.account.signed-out-token-kept': 'Abgemeldet; das Token konnte auf dem Server nicht gelöscht werden ({reason}).',
  'core.account.unavailable': 'Konten sind hier nicht verfügbar',
  'core.account.no-accounts': 'dieser Server hat keine Konten (HTTP 404 von seiner Konto-API)',
  'core.account.anonymous-answer':
    'der Server antwortete, als wäre niemand angemeldet (Benutzer „*“): vielleicht hat er keine Konten mehr, oder ein Proxy davor entfernt den Authorization-Header; die Abonnements blieben unverändert',
  'core.engine.stream-ended': 'der Server hat den Stream beendet',
  'core.engine.no-data': 'seit {seconds} s keine Daten',
  'core.engine.storing-failed': 'Nachrichten konnten nicht gespeichert werden',
  'core.engine.history-damaged':
    'die Verlaufsdatenbank ist beschädigt (SQLITE_CORRUPT): history.sqlite beiseitelegen, um einen neuen Verlauf zu beginnen',
  'core.engine.history-not-database':
    'die Verlaufsdatei ist keine Datenbank (SQLITE_NOTADB): history.sqlite beiseitelegen, um einen neuen Verlauf zu beginnen',
  'core.engine.forbidden-undecided': '{error}; {reason}',
  'core.engine.probe-budget-spent': {
    one: 'nach {count} Prüfung aufgegeben, ohne jedes verbotene Thema zu finden',
    other: 'nach {count} Prüfungen aufgegeben, ohne jedes verbotene Thema zu finden',
  },
  'core.engine.probe-failed': 'eine Themenprüfung ist fehlgeschlagen',
  'core.engine.probe-failed-detail': 'eine Themenprüfung ist fehlgeschlagen: {detail}',
  'core.engine.probe-unauthorized': 'Zugangsdaten nicht akzeptiert bei der Prüfung, welche Themen lesbar sind',
  'core.engine.probe-rate-limited': {
    one: 'weiterhin zu viele Anfragen (429) nach {count} Versuch einer Themenprüfung',
    other: 'weiterhin zu viele Anfragen (429) nach {count} Versuchen einer Themenprüfung',
  },
  'core.engine.no-topics': 'keine Themen zu prüfen',
  'core.engine.poll-too-large': {
    one: 'die Antwort auf den Abruf ist zu groß (mehr als {count} Eintrag)',
    other: 'die Antwort auf den Abruf ist zu groß (mehr als {count} Einträge)',
  },
  'core.engine.poll-cut-off': 'die Antwort auf den Abruf wurde abgeschnitten',
  'core.engine.stream-url': '{url} sieht aus wie eine ntfy-Stream-URL (HTTP 404): stattdessen {server} abonnieren',
  'core.engine.not-found':
    'unter {server} gibt es nichts zu abonnieren (HTTP 404): die Server-URL und gegebenenfalls ihren Basispfad prüfen',
  'core.engine.url-too-long':
    'die URL ist zu lang für den Server oder einen Proxy davor (HTTP 414): Anfragezeilen von 8 KB erlauben, der übliche Standard (diese App verteilt ihre Themen auf Verbindungen, um unter {budget} Bytes zu bleiben)',
  'core.engine.refused-for-good':
    '{error}: der Server gibt diese Antwort bei jedem neuen Versuch; die Server-URL und das Abonnement prüfen',
  'core.transport.not-a-stream': 'kein ntfy-Stream: der Server antwortete mit {type}',
  'core.transport.not-a-stream-html':
    'kein ntfy-Stream: der Server antwortete mit {type} (ein Captive Portal oder die Anmeldeseite eines Proxys?)',
  'core.transport.credentials-not-sendable':
    'das Token oder Passwort enthält ein Zeichen, das nicht in einem HTTP-Header gesendet werden kann (ein Zeilenumbruch am Ende?)',
  'core.transport.header-not-sendable': 'der Header {name} kann nicht gesendet werden ({detail})',
  'core.transport.closed-before-answer': 'die Verbindung wurde vor einer Antwort geschlossen',
  'core.transport.invalid-url': 'keine gültige URL: {url}',
  'core.transport.redirect-invalid': 'der Server leitet auf eine ungültige Adresse um ({location})',
  'core.transport.redirect-other-server':
    'der Server leitet auf {target} um, einen anderen Server; stattdessen diese URL abonnieren',
  'core.transport.too-many-redirects': {
    one: 'der Server hat mehr als {count} Mal umgeleitet (zuletzt auf {target})',
    other: 'der Server hat mehr als {count} Mal umgeleitet (zuletzt auf {target})',
  },
  'core.bridge.not-expected': 'ist nicht vorgesehen',
  'core.bridge.empty': 'darf nicht leer sein',
  'core.bridge.too-long': 'ist zu lang',
  'core.bridge.not-base64': 'muss Base64-Text sein',
  'core.bridge.list-too-long': 'muss eine Liste mit höchstens {max} Einträgen sein',
  'core.bridge.credentials-kind': 'muss basic oder token sein',
  'core.bridge.test-credentials-kind': 'muss stored, none, basic oder token sein',
  'core.bridge.too-many-entries': 'darf höchstens {max} Einträge haben',
  'core.test.readable': 'Der Server nimmt dieses Abonnement an.',
  'core.test.unauthorized': 'Prüfen Sie Benutzername und Passwort oder das Token.',
  'core.test.forbidden': 'Mit diesen Zugangsdaten darf dieses Thema nicht gelesen werden.',
  'core.test.forbidden-anonymous': 'Ohne Anmeldung darf dieses Thema nicht gelesen werden.',
  'core.test.rate-limited':
    'Der Server begrenzt gerade die Anfragen (HTTP 429); versuchen Sie es in einer Minute erneut.',
  'core.test.unknown': 'Der Server war nicht erreichbar oder hat unerwartet geantwortet.',
  'core.test.secret-missing': 'Passwort oder Token ist nicht gespeichert: Geben Sie es ein.',
  'core.publish.secret-missing': 'Passwort oder Token dieses Servers ist nicht gespeichert.',
  'core.publish.upload-incomplete': 'Die Datei wurde nicht vollständig gesendet: Wählen Sie sie erneut.',
  'core.publish.file-too-large': 'Die Datei ist {size} groß; dieser Server nimmt Dateien bis {limit}.',
  'core.publish.quota-used': 'Die Datei ist {size} groß; dieser Server hat für Ihre Uploads noch {remaining} frei.',
  'core.publish.upload-unknown': 'Dieser Upload ist bereits beendet.',
  'core.action.incomplete': 'Nicht verfügbar: Diese Aktion ist unvollständig.',
};
