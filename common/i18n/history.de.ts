import type { historyEn } from './history.en.ts';
import type { Translation } from './message.ts';

export const historyDe: Translation<typeof historyEn> = {
  'history.drop-here': 'Datei ablegen, um sie an {name} zu senden',
  'history.shell.view-messages': 'Nachrichten',
  'history.shell.view-subscriptions': 'Abonnements',
  'history.shell.view-settings': 'Einstellungen',
  'history.shell.views-label': 'Ansichten',
  'history.shell.no-bridge': 'Nicht mit der App verbunden (keine window.ntfy-Brücke)',
  'history.shell.no-bridge-title': 'Noch keine Abonnements',
  'history.shell.no-bridge-text':
    'Abonnieren Sie ein Thema auf einem ntfy-Server, dann erscheinen seine Benachrichtigungen hier.',
  'history.shell.app-unreachable': 'Die App ist nicht erreichbar ({reason}); neuer Versuch…',
  'history.shell.loading': 'Wird geladen…',

  'history.connection.open': 'Verbunden',
  'history.connection.connecting': 'Verbindung wird aufgebaut',
  'history.connection.backoff': 'Neuer Verbindungsversuch',
  'history.connection.auth-failed': 'Zugangsdaten nicht akzeptiert',
  'history.connection.no-permission': 'Keine Berechtigung',
  'history.connection.error': 'Verbindungsfehler',
  'history.connection.stopped': 'Angehalten',
  'history.connection.unknown': 'Nicht verbunden',

  'history.server.connected': 'Verbunden mit {name}',
  'history.server.connecting': 'Verbindung mit {name} wird aufgebaut…',
  'history.server.unreachable': '{name} ist nicht erreichbar',
  'history.server.unreachable-retrying-now': '{name} ist nicht erreichbar – neuer Versuch läuft',
  'history.server.unreachable-retrying-in': {
    one: '{name} ist nicht erreichbar – neuer Versuch in {count} s',
    other: '{name} ist nicht erreichbar – neuer Versuch in {count} s',
  },
  'history.server.credentials': '{name} hat die Zugangsdaten nicht akzeptiert',
  'history.server.credentials-why': 'Seine Nachrichten kommen erst wieder an, wenn die Zugangsdaten stimmen.',
  'history.server.no-permission': 'Keine Berechtigung für Themen auf {name}',
  'history.server.no-permission-why':
    'Ihre Nachrichten kommen nicht an; geben Sie die Zugangsdaten eines Kontos ein, das sie lesen darf.',
  'history.server.refused': '{name} lehnt diese Abonnements ab',
  'history.server.refused-why':
    'Der Server nimmt sie so nicht an; ändern Sie das Abonnement, um es erneut zu versuchen.',
  'history.servers.none': 'Keine Server zum Verbinden',
  'history.servers.connected': { one: 'Verbunden mit {count} Server', other: 'Verbunden mit {count} Servern' },
  'history.servers.and-others': { one: '{headline} (und {count} weiterer)', other: '{headline} (und {count} weitere)' },

  'history.server-error.rate-limited': 'Der Server begrenzt die Anfragen von diesem Computer.',
  'history.server-error.server-fault': 'Der Server hat gerade selbst ein Problem.',
  'history.server-error.refused': 'Unter dieser Adresse antwortet nichts: Der Server ist vielleicht ausgefallen.',
  'history.server-error.not-found': 'Der Servername wurde nicht gefunden: Prüfen Sie ihn und das Netzwerk.',
  'history.server-error.unreachable': 'Das Netzwerk kommt dort nicht hin: Prüfen Sie die Verbindung.',
  'history.server-error.reset': 'Die Verbindung zum Server wurde unterbrochen.',
  'history.server-error.timeout': 'Der Server hat nicht rechtzeitig geantwortet.',
  'history.server-error.tls':
    'Der sicheren Verbindung des Servers kann nicht vertraut werden (Problem mit dem Zertifikat).',
  'history.server.tls-try-http':
    '{why} Spricht dieser Server auf diesem Port einfaches HTTP, abonnieren Sie stattdessen {url}.',
  'history.server-error.unexpected-status': 'Der Server hat unerwartet geantwortet.',
  'history.server-error.failed': 'Die Verbindung ist fehlgeschlagen.',
  'history.server-error.not-ntfy':
    'Unter dieser Adresse antwortet etwas anderes: eine Anmeldeseite des WLANs oder eines Proxys? Melden Sie sich dort an oder prüfen Sie die Adresse.',
  'history.server-error.local':
    'Nachrichten konnten auf diesem Computer nicht gespeichert werden; sie werden erneut abgerufen.',

  'history.banner.servers-label': 'Server',
  'history.banner.details': 'Details',
  'history.banner.retry': 'Jetzt erneut versuchen',
  'history.banner.retry-label': 'Jetzt erneut versuchen, {name} zu erreichen',
  'history.banner.retry-failed': 'Neuer Versuch nicht möglich: {reason}',
  'history.banner.fix-credentials': 'Zugangsdaten korrigieren',
  'history.banner.fix-credentials-label': 'Zugangsdaten für {name} korrigieren',
  'history.banner.fold': 'Serverprobleme auf eine Zeile einklappen',
  'history.banner.folded': {
    one: '{count} Server hat ein Problem: {worst}',
    other: '{count} Server haben Probleme: {worst}',
  },
  'history.banner.worst.credentials': 'Zugangsdaten nicht akzeptiert',
  'history.banner.worst.permission': 'keine Berechtigung',
  'history.banner.worst.error': 'Abonnements abgelehnt',
  'history.banner.worst.unreachable': 'nicht erreichbar',

  'history.notices.label': 'Hinweise zum Desktop',
  'history.notices.dismiss': 'Nicht mehr anzeigen',

  'history.quiet.quiet-hours-until': 'Ruhezeit bis {time}',
  'history.quiet.paused-until': 'Pausiert bis {time}',
  'history.quiet.paused-until-resumed': 'Pausiert bis zur Fortsetzung',
  'history.quiet.notifications-off': 'Benachrichtigungen sind aus',
  'history.quiet.notifications-paused-until-resumed': 'Benachrichtigungen pausiert bis zur Fortsetzung',
  'history.quiet.notifications-paused-until': 'Benachrichtigungen pausiert bis {time}',
  'history.quiet.resume': 'Fortsetzen',
  'history.quiet.resume-failed': 'Fortsetzen nicht möglich: {reason}',

  'history.sidebar.title': 'Abonnements',
  'history.sidebar.drawer': 'Abonnementliste',
  'history.shell.skip-to-list': 'Zu den Nachrichten springen',
  'history.sidebar.add': 'Abonnement hinzufügen',
  'history.sidebar.empty-title': 'Noch keine Abonnements – fügen Sie eines hinzu',
  'history.sidebar.all': 'Alle Abonnements',
  'history.sidebar.unread': { one: '{count} ungelesen', other: '{count} ungelesen' },

  'history.toolbar.search-label': 'Nachrichten suchen',
  'history.toolbar.search-placeholder': 'Suchen (Taste /)',
  'history.toolbar.unread-only': 'Nur ungelesene',
  'history.toolbar.priority': 'Priorität',
  'history.toolbar.matches': { one: '{count} Nachricht passt', other: '{count} Nachrichten passen' },
  'history.toolbar.matches-capped': 'Die {count} besten Treffer werden gezeigt; weitere Nachrichten können passen',
  'history.toolbar.no-matches': 'Keine Nachricht passt',

  'history.topic.sending-test': 'Testbenachrichtigung wird gesendet…',
  'history.topic.edit': 'Abonnement bearbeiten',
  'history.topic.clear': 'Nachrichten leeren…',
  'history.topic.unsubscribe': 'Abo beenden…',
  'history.topic.muted': 'Stummgeschaltet',
  'history.topic.send-message': 'Nachricht senden…',
  'history.topic.send-test': 'Testbenachrichtigung senden',
  'history.topic.mark-all-read': 'Alle als gelesen markieren',
  'history.topic.mute': 'Stummschalten',
  'history.topic.unmute': 'Ton an',
  'history.topic.mute-title': 'Nachrichten speichern, ohne Popups anzuzeigen',
  'history.topic.unmute-title': 'Popups für dieses Thema wieder anzeigen',
  'history.topic.more-actions': 'Weitere Aktionen',

  'history.confirm.cancel': 'Abbrechen',
  'history.clear.label': 'Alle Nachrichten von {name} leeren',
  'history.clear.question': 'Alle gespeicherten Nachrichten von {name} löschen?',
  'history.clear.confirm': 'Leeren',
  'history.unsubscribe.question': 'Abo von {name} beenden? Seine Benachrichtigungen hören auf.',
  'history.unsubscribe.delete-history': 'Auch die gespeicherten Nachrichten löschen',
  'history.unsubscribe.confirm': 'Abo beenden',
  'history.unsubscribe.keep': 'Abo behalten',

  'history.list.label': 'Nachrichten, neueste zuerst',
  'history.list.search-results-label': 'Suchergebnisse',
  'history.list.new-pill': { one: '{count} neue Nachricht', other: '{count} neue Nachrichten' },

  'history.row.priority': 'Priorität {priority}',
  'history.row.unread': 'Ungelesen',
  'history.row.tags': 'Tags',
  'history.row.attachment': 'Anhang: {name}',
  'history.row.actions': { one: '{count} Aktion', other: '{count} Aktionen' },
  'history.row.click': 'Öffnet einen Link',

  'history.empty.no-matches': 'Keine passenden Nachrichten',
  'history.empty.no-matches-hint':
    'Versuchen Sie andere Wörter oder Filter, oder leeren Sie die Suche, um alle Nachrichten zu sehen.',
  'history.empty.no-unread': 'Keine ungelesenen Nachrichten',
  'history.empty.no-unread-hint':
    'Sie sind auf dem neuesten Stand. Schalten Sie „Nur ungelesene“ aus, um ältere Nachrichten zu sehen.',
  'history.empty.no-priority': 'Keine Nachrichten mit dieser Priorität',
  'history.empty.no-priority-hint': 'Wählen Sie „Jede Priorität“, um alle Nachrichten zu sehen.',
  'history.empty.none-yet': 'Noch keine Nachrichten',
  'history.empty.topic-hint':
    'Veröffentlichen Sie eine Nachricht in diesem Thema, dann erscheint sie hier, zum Beispiel aus einem Terminal:',
  'history.empty.no-subscriptions-hint':
    'Fügen Sie zuerst ein Abonnement hinzu: Wählen Sie „Abonnement hinzufügen“ und geben Sie ein Thema ein, etwa alerts oder ntfy.sh/alerts.',
  'history.empty.all-hint':
    'Nachrichten an Ihre Abonnements erscheinen hier, sobald sie ankommen. Wählen Sie ein Thema, um zu sehen, wie Sie daran senden.',
  'history.empty.copy': 'Kopieren',
  'history.empty.copied': 'Kopiert',
  'history.empty.copy-failed': 'Kopieren nicht möglich: Die Zwischenablage ist nicht verfügbar',
};
