import type { settingsEn } from './settings.en.ts';
import type { Translation } from './message.ts';

export const settingsDe: Translation<typeof settingsEn> = {
  'settings.title': 'Einstellungen',
  'settings.loading': 'Einstellungen werden geladen …',
  'settings.load-failed': 'Die Einstellungen konnten nicht geladen werden: {reason}',
  'settings.status.saved': 'Gespeichert',
  'settings.status.not-saved': 'Nicht gespeichert',
  'settings.status.not-saved-because': 'Nicht gespeichert: {reason}',

  'settings.server.legend': 'Server',
  'settings.server.default-server': 'Standardserver',
  'settings.server.default-server-hint':
    'Wird beim Hinzufügen eines Abonnements vorgeschlagen und für client.yml-Themen ohne Host verwendet.',

  'settings.startup.legend': 'Start',
  'settings.startup.start-at-login': 'ntfy Tray bei der Anmeldung starten',

  'settings.push.legend': 'UnifiedPush',
  'settings.push.linux-only':
    'Apps erhalten Push über Ihren ntfy-Server mit UnifiedPush nur unter Linux: macOS und Windows haben keinen solchen Standard.',
  'settings.push.enabled': 'Push-Nachrichten an Apps zustellen (UnifiedPush-Distributor)',
  'settings.push.enabled-hint':
    'Apps wie NeoChat registrieren sich bei ntfy Tray und erhalten ihren Push über Ihren Standardserver. Aus: Apps können sich nicht registrieren und erhalten nichts, bis es wieder an ist.',
  'settings.push.apps': 'Registrierte Apps',
  'settings.push.no-apps': 'Keine App ist registriert.',
  'settings.push.server': 'Server: {server}',
  'settings.push.received': { one: '{count} Nachricht empfangen', other: '{count} Nachrichten empfangen' },
  'settings.push.last-message': 'letzte Nachricht {time}',
  'settings.push.no-message-yet': 'noch keine Nachricht',
  'settings.push.remove': 'Entfernen',
  'settings.push.remove-app': '{app} entfernen',
  'settings.push.connection.connected': 'Verbunden',
  'settings.push.connection.connecting': 'Verbindung wird aufgebaut',
  'settings.push.connection.unreachable': 'Server nicht erreichbar',
  'settings.push.connection.refused': 'Vom Server abgelehnt',
  'settings.push.connection.off': 'Aus',

  'settings.updates.legend': 'Updates',
  'settings.updates.check': 'Nach neuen Versionen suchen',
  'settings.updates.check-hint': 'Beim Start und alle 6 Stunden, auf der Release-Seite dieses Builds.',
  'settings.updates.administrator-off':
    'Von Ihrer Administration ausgeschaltet ({variable}=off): ntfy Tray sucht nicht nach neuen Versionen.',
  'settings.updates.not-in-this-build': 'Dieser Build sucht nicht nach Updates.',

  'settings.theme.legend': 'Design',
  'settings.theme.system': 'Wie das System',
  'settings.theme.light': 'Hell',
  'settings.theme.dark': 'Dunkel',

  'settings.notifications.legend': 'Benachrichtigungen',
  'settings.notifications.show': 'Benachrichtigungen anzeigen',
  'settings.notifications.show-hint': 'Nachrichten bleiben in jedem Fall im Verlauf.',
  'settings.notifications.sound': 'Ton abspielen',
  'settings.notifications.min-priority': 'Mindestpriorität',
  'settings.notifications.min-priority-hint':
    'Nachrichten darunter erscheinen nicht als Benachrichtigung; sie bleiben im Verlauf.',

  'settings.pause.legend': 'Benachrichtigungen pausieren',
  'settings.pause.not-paused': 'Benachrichtigungen sind nicht pausiert',
  'settings.pause.until-resumed': 'Pausiert bis zur Fortsetzung',
  'settings.pause.until': 'Pausiert bis {time}',
  'settings.pause.for-hours': { one: '{count} Stunde pausieren', other: '{count} Stunden pausieren' },
  'settings.pause.until-i-resume': 'Bis zum Fortsetzen pausieren',
  'settings.pause.resume': 'Fortsetzen',

  'settings.quiet.legend': 'Ruhezeiten',
  'settings.quiet.enabled': 'Keine Benachrichtigungen während der Ruhezeiten',
  'settings.quiet.start': 'Beginnt um',
  'settings.quiet.end': 'Endet um',
  'settings.quiet.end-hint': 'Ein Ende vor dem Beginn reicht über Mitternacht.',
  'settings.quiet.urgent': 'Dringende Nachrichten kommen durch',

  'settings.attachments.legend': 'Anhänge',
  'settings.attachments.hint':
    'Wer ein Thema kennt, kann dorthin senden und auf ein Bild irgendwo verweisen. Adressen dieses Computers oder Ihres Netzes werden nur gefragt, wenn auch der Server des Abonnements dort ist.',
  'settings.attachments.from': 'Bilder ohne Klick laden',
  'settings.attachments.from.never': 'Nie',
  'settings.attachments.from.subscription-server': 'Nur vom Server des Abonnements',
  'settings.attachments.from.any-server': 'Von jedem Server',
  'settings.attachments.max': 'Bis zu',
  'settings.attachments.size-kb': '{size} KB',
  'settings.attachments.size-mb': '{size} MB',
  'settings.history.legend': 'Verlauf',
  'settings.history.hint':
    'Ältere Nachrichten werden aus dem Verlauf entfernt, je nachdem, welche Grenze zuerst erreicht ist.',
  'settings.history.max-age': 'Tage, die Nachrichten behalten werden',
  'settings.history.max-age-range': '{min} bis {max} Tage',
  'settings.history.max-per-subscription': 'Nachrichten pro Abonnement behalten',
  'settings.history.max-per-subscription-range': '{min} bis {max} Nachrichten',
  'settings.history.not-whole-number': 'muss eine ganze Zahl von {min} bis {max} sein',

  'settings.files.legend': 'Abonnements',
  'settings.files.export': 'Abonnements exportieren',
  'settings.files.export-hint':
    'Server, Themen, Namen, Filter und Benachrichtigungsoptionen als JSON. Passwörter und Token werden nie exportiert.',
  'settings.files.import-json': 'Abonnements importieren (JSON)',
  'settings.files.import-yml': 'Aus ntfy-CLI-client.yml importieren',
  'settings.files.import-yml-hint':
    'Abonnements mit ihren Filtern; Passwörter und Token kommen in den Schlüsselbund; default-host wird der Standardserver. Befehle werden Ihnen zuerst gezeigt und nur gespeichert, wenn Sie sie annehmen. Höchstens {limit} Abonnements je Datei.',
  'settings.files.export-yml': 'Als ntfy-CLI-client.yml exportieren',
  'settings.files.export-yml-secrets': 'Passwörter und Token einschließen',
  'settings.files.export-yml-hint':
    'ntfy subscribe --from-config liest sie. Passwörter und Token nur, wenn angekreuzt: Wer die Datei lesen kann, kann sie nutzen.',
  'settings.files.yml-exported': {
    one: '{count} Abonnement nach {path} exportiert.',
    other: '{count} Abonnements nach {path} exportiert.',
  },
  'settings.files.yml-exported-secrets': 'Die Datei enthält Passwörter oder Token: Halten Sie sie privat.',
  'settings.files.yml-export-canceled': 'Export abgebrochen.',
  'settings.files.yml-export-unavailable': 'Eine client.yml kann hier nicht gespeichert werden.',
  'settings.import.yml.credentials-saved': {
    one: 'Zugangsdaten für {count} Server im Schlüsselbund gespeichert.',
    other: 'Zugangsdaten für {count} Server im Schlüsselbund gespeichert.',
  },
  'settings.import.yml.credential-conflicts': {
    one: '{count} Server ist mit verschiedenen Zugangsdaten genannt: Die seines ersten Eintrags wurden gespeichert.',
    other: '{count} Server sind mit verschiedenen Zugangsdaten genannt: Die ihres ersten Eintrags wurden gespeichert.',
  },
  'settings.import.yml.credentials-failed': 'Zugangsdaten für {server} nicht gespeichert: {reason}',
  'settings.import.yml.with-command': {
    one: '{count} Abonnement führt für jede Nachricht einen Befehl aus.',
    other: '{count} Abonnements führen für jede Nachricht einen Befehl aus.',
  },
  'settings.import.yml.commands-refused': {
    one: '{count} Abonnement wurde ohne seinen Befehl importiert (nicht angenommen).',
    other: '{count} Abonnements wurden ohne ihren Befehl importiert (nicht angenommen).',
  },
  'settings.import.yml.too-many': {
    one: 'Nichts importiert: Die Datei nennt {count} Abonnement; ein Import übernimmt höchstens {limit}.',
    other:
      'Nichts importiert: Die Datei nennt {count} Abonnements; ein Import übernimmt höchstens {limit}. Teilen Sie die Datei auf.',
  },
  'settings.import.review.heading': 'Befehle in {file}',
  'settings.import.review.intro':
    'Diese Datei möchte für jede Nachricht dieser Abonnements einen Befehl ausführen. Ein Befehl läuft auf diesem Computer mit Ihren Rechten: Nehmen Sie nur einen Befehl an, den Sie gelesen haben und dem Sie vertrauen. Ein Abonnement, dessen Befehl Sie nicht annehmen, wird ohne ihn importiert.',
  'settings.import.review.accept': 'Befehl von {label} annehmen',
  'settings.import.review.target': 'Abonniert {topics} auf {server}; führt aus:',
  'settings.import.review.hidden': 'Ein unsichtbares Zeichen des Befehls, mit seinem Code gezeigt',
  'settings.import.review.import-ticked': {
    one: 'Mit {count} angenommenen Befehl importieren',
    other: 'Mit {count} angenommenen Befehlen importieren',
  },
  'settings.import.review.import-none': 'Ohne Befehle importieren',
  'settings.import.review.accept-all': {
    one: 'Befehl annehmen und importieren',
    other: 'Alle {count} Befehle annehmen und importieren',
  },
  'settings.import.review.cancel': 'Import abbrechen',
  'settings.import.review.waiting': 'Noch nichts importiert: Lesen Sie unten die Befehle von {file} und wählen Sie.',
  'settings.import.review.canceled': 'Import von {file} abgebrochen: Nichts wurde gespeichert.',
  'settings.import.yml.default-server': 'Der Standardserver ist jetzt {server}.',
  'settings.import.yml.unreadable': 'Nichts importiert: {problem}.',
  'settings.files.export-failed': 'Export fehlgeschlagen: {reason}',
  'settings.files.exported': {
    one: '{count} Abonnement nach {file} exportiert.',
    other: '{count} Abonnements nach {file} exportiert.',
  },
  'settings.files.importing': '{file} wird importiert …',
  'settings.files.nothing-imported': 'Nichts importiert: {file} {problem}.',
  'settings.files.unreadable': 'konnte nicht gelesen werden ({reason})',

  'settings.import.summary': '{count} importiert, {skipped} übersprungen (bereits abonniert), {failed} fehlgeschlagen.',
  'settings.import.summary-with-failures':
    '{count} importiert, {skipped} übersprungen (bereits abonniert), {failed} fehlgeschlagen: {reasons}',
  'settings.import.failure': '{item}: {problem}',
  'settings.import.raw-as-json': {
    one: '{count} Abonnement nutzt den JSON-Stream statt Rohtext, den ntfy Tray nicht mehr anbietet (dieselben Nachrichten, mit Titeln, Prioritäten und Nachholen).',
    other:
      '{count} Abonnements nutzen den JSON-Stream statt Rohtext, den ntfy Tray nicht mehr anbietet (dieselben Nachrichten, mit Titeln, Prioritäten und Nachholen).',
  },
  'settings.import.item': 'Eintrag {number}',
  'settings.import.item-with-topic': 'Eintrag {number} ({topic})',

  'settings.import.file.not-json': 'ist kein gültiges JSON: {reason}',
  'settings.import.file.not-subscriptions-file': 'ist keine ntfy-Tray-Abonnementdatei (kein "format": "{format}")',
  'settings.import.file.newer-version':
    'wurde von einer neueren Version von ntfy Tray geschrieben (Formatversion {version})',
  'settings.import.file.unknown-version': 'hat eine unbekannte Formatversion ({version})',
  'settings.import.file.no-version': 'nennt keine Formatversion',
  'settings.import.file.no-subscriptions-list': 'hat keine „subscriptions“-Liste',

  'settings.import.problem.field': 'Feld „{field}“ {problem}',
  'settings.import.problem.unknown-field': 'hat ein unbekanntes Feld „{name}“',
  'settings.import.problem.not-text': 'muss ein Text sein',
  'settings.import.problem.not-text-list': 'muss eine Liste von Texten sein',
  'settings.import.problem.json-filter': 'Filter „{name}“ {problem}',

  'settings.import.problem.topic-refused': 'Thema {problem} (gelesen: „{topic}“)',
  'settings.import.problem.filter-refused': '{filter} {problem}',
  'settings.import.problem.filter-value-refused': '{filter} „{value}“ {problem}',
  'settings.import.filter.id': 'ID-Filter',
  'settings.import.filter.message': 'Nachrichtenfilter',
  'settings.import.filter.title': 'Titelfilter',
  'settings.import.filter.priority': 'Prioritätsfilter',
  'settings.import.filter.tags': 'Tag-Filter',
};
