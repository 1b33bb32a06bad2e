import type { appEn } from './app.en.ts';
import type { Translation } from './message.ts';

export const appDe: Translation<typeof appEn> = {
  'app.tray.no-messages': 'Noch keine Nachrichten',
  'app.tray.pause': 'Benachrichtigungen pausieren',
  'app.tray.pause-for-hours': { one: 'Für {count} Stunde', other: 'Für {count} Stunden' },
  'app.tray.pause-until-resumed': 'Bis zur Fortsetzung',
  'app.tray.paused-until-resumed': 'Benachrichtigungen pausiert bis zur Fortsetzung',
  'app.tray.paused-hours': {
    one: 'Benachrichtigungen noch {count} Std. pausiert',
    other: 'Benachrichtigungen noch {count} Std. pausiert',
  },
  'app.tray.paused-minutes': {
    one: 'Benachrichtigungen noch {count} Min. pausiert',
    other: 'Benachrichtigungen noch {count} Min. pausiert',
  },
  'app.tray.resume': 'Benachrichtigungen fortsetzen',
  'app.tray.send-test': 'Testbenachrichtigung senden',
  'app.tray.mute': 'Stummschalten',
  'app.tray.open': 'ntfy Tray öffnen',
  'app.tray.quit': 'Beenden',
  'app.tray.notifications-refused': 'Benachrichtigungen sind vom System blockiert…',
  'app.tray.connections-trouble': {
    one: '{count} Verbindung mit Problemen…',
    other: '{count} Verbindungen mit Problemen…',
  },
  'app.tray.tooltip.no-unread': 'keine ungelesenen Nachrichten',
  'app.tray.tooltip.unread': { one: '{count} ungelesen', other: '{count} ungelesen' },
  'app.tray.tooltip.connections-trouble': {
    one: '{count} Verbindung mit Problemen',
    other: '{count} Verbindungen mit Problemen',
  },
  'app.tray.tooltip.notifications-refused': 'Benachrichtigungen blockiert',
  'app.tray.tooltip.push-apps': { one: '{count} Push-App', other: '{count} Push-Apps' },
  'app.push.no-such-app': 'Keine App ist mit diesem Token registriert.',
  'app.burst.title': { one: '{count} neue Nachricht in {names}', other: '{count} neue Nachrichten in {names}' },
  'app.burst.names-and-more': { one: '{names} und {count} weiteres', other: '{names} und {count} weitere' },
  'app.burst.body': 'Neueste: {title}: {body}',
  'app.notification.binary': { one: '(Binärnachricht, {count} Byte)', other: '(Binärnachricht, {count} Byte)' },
  'app.send-test.failed-title': 'Testbenachrichtigung nicht gesendet',
  'app.send-test.failed-body': '{name}: {reason}',
  'app.test-notification.title': 'Testbenachrichtigung',
  'app.test-notification.message': 'Dies ist ein Test von ntfy Tray',
  'app.notice.tray-host-missing':
    'Ihr Desktop zeigt keine Symbole im Infobereich, daher wird dieses Fenster beim Schließen minimiert. Damit ' +
    'ntfy Tray in der oberen Leiste bleibt, installieren Sie die Erweiterung „AppIndicator and KStatusNotifierItem Support“.',
  'app.notice.tray-icon-missing':
    'Das Symbol von ntfy Tray ist nicht in der oberen Leiste erschienen, daher wird dieses Fenster beim Schließen ' +
    'minimiert. Ein Neustart von ntfy Tray oder Ab- und wieder Anmelden bringt das Symbol meist zurück.',
  'app.notice.update-available':
    'ntfy Tray {version} ist erschienen. Laden Sie es von der Release-Seite herunter und installieren Sie es.',
  'app.notice.update-downloaded':
    'ntfy Tray {version} ist heruntergeladen und wird installiert, wenn Sie ntfy Tray beenden.',
  'app.notice.update-link': 'Neu in {version}',
  'app.notice.notifications-refused.darwin':
    'macOS zeigt die Benachrichtigungen von ntfy Tray nicht an. Erlauben Sie sie unter Systemeinstellungen → Mitteilungen → ntfy Tray.',
  'app.notice.notifications-refused.win32':
    'Windows zeigt die Benachrichtigungen von ntfy Tray nicht an. Erlauben Sie sie unter Einstellungen → System → Benachrichtigungen → ntfy Tray.',
  'app.notice.notifications-refused.other':
    'Ihr Desktop zeigt die Benachrichtigungen von ntfy Tray nicht an. Erlauben Sie sie in den Benachrichtigungseinstellungen Ihres Desktops.',
  'app.notice.no-such-notice': 'diesen Hinweis gibt es nicht',
  'app.notice.not-dismissible': 'dieser Hinweis kann nicht ausgeblendet werden',
  'app.menu.develop': 'Entwicklung',
  'app.startup.failed-title': 'ntfy Tray konnte nicht starten',
  'app.startup.failed':
    'ntfy Tray konnte seinen Nachrichtenverlauf oder die Benachrichtigungen nicht öffnen und wird beendet.\n\n{reason}\n\nDetails stehen im Protokoll.',
  'app.startup.lock-failed': 'ntfy Tray konnte seinen Datenordner {dataDir} nicht sperren und wird beendet.\n\n{error}',
  'app.startup.folder-in-use.unknown':
    'Ein anderes ntfy Tray oder ein Prozess `ntfy-tray subscribe` empfängt Nachrichten mit dem Datenordner {dataDir}.',
  'app.startup.folder-in-use.cli':
    '`ntfy-tray subscribe` (Prozess {pid}) empfängt Nachrichten mit dem Datenordner {dataDir}.',
  'app.startup.folder-in-use.app':
    'Ein anderes ntfy Tray (Prozess {pid}) empfängt Nachrichten mit dem Datenordner {dataDir}.',
  'app.startup.folder-in-use.advice':
    'Zwei Empfänger auf einem Ordner würden die Nachrichten unter sich aufteilen, daher wird ntfy Tray beendet.\n\n' +
    'Beenden Sie den anderen Prozess und starten Sie ntfy Tray erneut (was er gespeichert hat, erscheint in der App), ' +
    'oder geben Sie `ntfy-tray subscribe` mit --data-dir einen eigenen Ordner.',
  'app.http-action.invalid-address': 'eine ungültige Adresse',
  'app.http-action.done': '{target} erledigt: Der Server antwortete mit HTTP {status}',
  'app.http-action.failed-status': '{target} fehlgeschlagen: Der Server antwortete mit HTTP {status}',
  'app.http-action.timeout': '{target} fehlgeschlagen: keine Antwort innerhalb von {seconds} s',
  'app.http-action.failed': '{target} fehlgeschlagen: {reason}',
  'app.http-action.redirected-elsewhere': '{target} nicht weitergesendet: Der Server leitete es an {host} um',
  'app.http-action.needs-confirmation':
    '{target} nicht gesendet: Diese Adresse liegt in Ihrem eigenen Netzwerk, und niemand hat es bestätigt',
  'app.http-action.internal-after-redirect':
    '{target} abgebrochen: Eine Umleitung führte zu einer Adresse in Ihrem eigenen Netzwerk',
  'app.http-action.button': '{label} ({target})',
  'app.http-action.done-title': '{label}: erledigt',
  'app.http-action.failed-title': '{label}: fehlgeschlagen',
  'app.copy.no-clipboard': 'hier gibt es keine Zwischenablage',
  'app.ipc.unexpected-sender': 'Anfrage von einer unerwarteten Seite',
  'app.ipc.not-started': 'die App konnte nicht starten; siehe Protokoll',
  'app.file-picker.choose': 'Datei auswählen…',
  'app.file-picker.none': 'Keine Datei ausgewählt',
};
