import type { Translation } from './message.ts';
import type { systemEn } from './system.en.ts';

export const systemDe: Translation<typeof systemEn> = {
  'system.keychain.unavailable':
    'Der Schlüsselbund des Systems ist nicht verfügbar ({detail}). Abhilfe: {fix}. Auf einem Server ohne Desktop übergeben Sie das Geheimnis stattdessen in NTFY_PASSWORD oder NTFY_TOKEN.',
  'system.keychain.fix.load-failed-linux':
    'keytar konnte nicht geladen werden: installieren Sie libsecret (Debian/Ubuntu: libsecret-1-0) und danach ntfy-tray neu',
  'system.keychain.fix.load-failed': 'keytar konnte nicht geladen werden: installieren Sie ntfy-tray neu',
  'system.keychain.fix.macos':
    'entsperren Sie den Schlüsselbund „Anmeldung“ (Schlüsselbundverwaltung) und versuchen Sie es dann erneut',
  'system.keychain.fix.windows':
    'stellen Sie sicher, dass der Windows-Dienst Anmeldeinformationsverwaltung läuft, und versuchen Sie es dann erneut',
  'system.keychain.fix.locked':
    'der Schlüsselbund ist gesperrt: entsperren Sie gnome-keyring oder KWallet (am Desktop anmelden oder „Passwörter und Verschlüsselung“ verwenden)',
  'system.keychain.fix.no-secret-service':
    'auf dem D-Bus-Sitzungsbus hat kein Secret Service geantwortet: installieren und starten Sie gnome-keyring oder KWallet in Ihrer Sitzung',
  'system.keychain.refused': 'der Schlüsselbund des Systems hat den Vorgang abgelehnt: {detail}',
  'system.keychain.empty-secret':
    'ein leeres Geheimnis kann nicht gespeichert werden; löschen Sie stattdessen den Eintrag',
  'system.keychain.password-missing':
    'das Passwort von {user} auf {server} ist nicht gespeichert: geben Sie es in den Servereinstellungen ein, oder setzen Sie für den Befehl ohne Oberfläche NTFY_PASSWORD',
  'system.keychain.token-missing':
    'das Token für {server} ist nicht gespeichert: geben Sie es in den Servereinstellungen ein, oder setzen Sie für den Befehl ohne Oberfläche NTFY_TOKEN',
  'system.history.none': 'kein Verlauf in {dir} (ntfy-tray subscribe speichert ihn dort)',
  'system.history.cannot-open': 'die Verlaufsdatenbank {path} kann nicht geöffnet werden: {reason}',
  'system.history.schema-too-new':
    '{path} hat die Verlaufsschema-Version {fileVersion}, dieses ntfy-tray kennt aber nur bis {supportedVersion}: die Datei wurde von einer neueren Version geschrieben. Aktualisieren Sie ntfy-tray, oder legen Sie die Datei beiseite, um einen neuen Verlauf zu beginnen.',
  'system.history.schema-too-old':
    'sie wurde von einem älteren ntfy-tray geschrieben (Schema {version}); führen Sie einmal ntfy-tray subscribe aus, um sie zu aktualisieren',
  'system.history.read-only-wal':
    'ihr Ordner ist schreibgeschützt, und {walFile} enthält Änderungen, die noch nicht in der Datei sind; öffnen Sie sie einmal mit Schreibrecht (ntfy-tray subscribe als ihr Eigentümer)',
  'system.history.no-wal': 'kann nicht in den WAL-Modus wechseln (journal_mode ist {mode})',
  'system.settings.read-failed': 'die Einstellungsdatei {path} konnte nicht gelesen werden: {reason}',
  'system.settings.write-failed': 'die Einstellungsdatei {path} konnte nicht geschrieben werden: {reason}',
  'system.settings.move-aside-failed': 'die Einstellungsdatei {path} konnte nicht beiseitegelegt werden: {reason}',
  'system.settings.newer-refused':
    'die Einstellungsdatei {path} wurde von einem neueren ntfy-tray geschrieben (Einstellungsversion {version}; dieses liest bis {supported}): aktualisieren Sie ntfy-tray, um Einstellungen zu ändern. Die Datei bleibt unverändert.',
  'system.settings.newer-read':
    'die Einstellungsdatei {path} wurde von einem neueren ntfy-tray geschrieben (Einstellungsversion {version}; dieses liest bis {supported}): es gelten die Einstellungen, die diese Version kennt, und die Datei bleibt unverändert',
  'system.settings.newer-unreadable':
    'die Einstellungsdatei {path} wurde von einem neueren ntfy-tray geschrieben (Einstellungsversion {version}; dieses liest bis {supported}), und diese Version kann ihre Einstellungen nicht lesen ({issues}): es gelten die Standardeinstellungen, und die Datei bleibt unverändert. Aktualisieren Sie ntfy-tray, um sie zu verwenden.',
  'system.settings.unusable-read':
    'die Einstellungsdatei {path} ist nicht verwendbar ({problem}): es gelten die Standardeinstellungen, und die Datei bleibt unverändert',
  'system.notifications.no-session-bus':
    'Kein D-Bus-Sitzungsbus erreichbar. Führen Sie das Programm in einer Desktop-Sitzung aus, oder starten Sie eine (z. B. `dbus-run-session -- ntfy-tray …`).',
  'system.notifications.no-server':
    'Kein Benachrichtigungsserver auf dem D-Bus-Sitzungsbus (niemand besitzt org.freedesktop.Notifications). Desktops wie GNOME, KDE Plasma und Xfce bringen einen mit; andernfalls installieren und starten Sie einen, z. B. `dunst`, `xfce4-notifyd`, `mako` (Wayland) oder `notification-daemon`.',
  'system.notifications.open': 'Öffnen',
};
