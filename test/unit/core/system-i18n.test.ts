/**
 * What the machine's parts make the app and the CLI say, in German: the keychain, the history database, the settings
 * file, the data folder's lock, the D-Bus session for notifications, and the CLI's --since and --actions. Each error
 * comes from its real entry point; what the OS or a library said stays in its own words inside the German sentence.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { setLocale } from '../../../common/i18n/translate.ts';
import { takeRunSubscriber } from '../../../main/core/cli/run-subscriber.ts';
import { parsePublishArgs } from '../../../main/core/cli/publish-args.ts';
import { parseSubscribeArgs } from '../../../main/core/cli/subscribe-args.ts';
import { HistoryOpenError, HistorySchemaTooNewError } from '../../../main/core/store/history/index.ts';
import { migrateHistory } from '../../../main/core/store/history/migrations.ts';
import { HISTORY_FILE_NAME, SqliteHistoryStore } from '../../../main/core/store/history/sqlite-history-store.ts';
import { resolveCredentials } from '../../../main/core/store/secrets/credentials.ts';
import { createEnvSecretSource } from '../../../main/core/store/secrets/env-secret-source.ts';
import { createKeytarSecretStore, type KeytarApi } from '../../../main/core/store/secrets/keytar-secret-store.ts';
import { openConfSettingsStore, settingsFilePath } from '../../../main/core/store/settings/conf-settings-store.ts';
import { defaultSettings, SETTINGS_VERSION } from '../../../main/core/store/settings/schema.ts';
import { SettingsFileError } from '../../../main/core/store/settings/settings-file.ts';
import type { DbusCall, DbusConnection } from '../../../main/os/dbus/session-bus.ts';
import { connectSessionBus, DbusCallError } from '../../../main/os/dbus/session-bus.ts';
import { openDbusNotifier } from '../../../main/os/notifications/dbus-notifier.ts';
import { createRecordingLogger } from '../../fakes/logger.ts';

let dir: string;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'ntfy-tray-system-de-'));
  setLocale(['de-DE']);
});

afterEach(() => {
  setLocale(['en-US']);
  rmSync(dir, { recursive: true, force: true });
});

async function rejection(promise: Promise<unknown>): Promise<Error> {
  return promise.then(
    () => {
      throw new Error('expected a rejection');
    },
    (error: unknown) => error as Error,
  );
}

const REF = { server: 'https://ntfy.example.com', kind: 'password', user: 'alice' } as const;

/** keytar at the edge: every call fails with what the OS keychain said. */
function keytarFailingWith(message: string): () => Promise<KeytarApi> {
  const fail = (): Promise<never> => Promise.reject(new Error(message));
  return () => Promise.resolve({ getPassword: fail, setPassword: fail, deletePassword: fail });
}

describe('the keychain in German', () => {
  it('says that keytar cannot be loaded and how to fix it, the library’s words unchanged', async () => {
    const store = createKeytarSecretStore({
      log: createRecordingLogger(),
      platform: 'linux',
      loadKeytar: () => Promise.reject(new Error('libsecret-1.so.0: cannot open shared object file')),
    });

    const error = await rejection(store.checkAvailable());

    expect(error.message).toBe(
      'Der Schlüsselbund des Systems ist nicht verfügbar (libsecret-1.so.0: cannot open shared object file). ' +
        'Abhilfe: keytar konnte nicht geladen werden: installieren Sie libsecret (Debian/Ubuntu: libsecret-1-0) ' +
        'und danach ntfy-tray neu. Auf einem Server ohne Desktop übergeben Sie das Geheimnis stattdessen in ' +
        'NTFY_PASSWORD oder NTFY_TOKEN.',
    );
  });

  it.each([
    ['linux', 'Cannot create an item in a locked collection', 'der Schlüsselbund ist gesperrt: entsperren Sie'],
    ['linux', 'Could not connect: No such file or directory', 'auf dem D-Bus-Sitzungsbus hat kein Secret Service'],
    ['darwin', 'User interaction is not allowed.', 'entsperren Sie den Schlüsselbund „Anmeldung“'],
    ['win32', 'Could not connect', 'stellen Sie sicher, dass der Windows-Dienst Anmeldeinformationsverwaltung läuft'],
  ] as const)('on %s, says how to fix "%s"', async (platform, said, fix) => {
    const store = createKeytarSecretStore({
      log: createRecordingLogger(),
      platform,
      loadKeytar: keytarFailingWith(said),
    });

    const error = await rejection(store.get(REF));

    expect(error.message).toContain(`Der Schlüsselbund des Systems ist nicht verfügbar (${said}). Abhilfe: ${fix}`);
  });

  it('says the keychain refused an operation, and refuses an empty secret', async () => {
    const store = createKeytarSecretStore({
      log: createRecordingLogger(),
      platform: 'linux',
      loadKeytar: keytarFailingWith('The stub received bad data.'),
    });

    expect((await rejection(store.set(REF, 'hunter2'))).message).toBe(
      'der Schlüsselbund des Systems hat den Vorgang abgelehnt: The stub received bad data.',
    );
    expect((await rejection(store.set(REF, ''))).message).toBe(
      'ein leeres Geheimnis kann nicht gespeichert werden; löschen Sie stattdessen den Eintrag',
    );
  });

  it('says which password or token is not stored and where to put it', async () => {
    const nothing = createEnvSecretSource({});
    const server = 'https://ntfy.example.com';

    const password = await rejection(
      resolveCredentials({ url: server, auth: { kind: 'basic', user: 'bob' } }, nothing),
    );
    const token = await rejection(resolveCredentials({ url: server, auth: { kind: 'token' } }, nothing));

    expect(password.message).toBe(
      'das Passwort von bob auf https://ntfy.example.com ist nicht gespeichert: geben Sie es in den ' +
        'Servereinstellungen ein, oder setzen Sie für den Befehl ohne Oberfläche NTFY_PASSWORD',
    );
    expect(token.message).toBe(
      'das Token für https://ntfy.example.com ist nicht gespeichert: geben Sie es in den Servereinstellungen ein, ' +
        'oder setzen Sie für den Befehl ohne Oberfläche NTFY_TOKEN',
    );
  });
});

describe('the history database in German', () => {
  const historyFile = (): string => join(dir, HISTORY_FILE_NAME);

  /** A history file left at an older or a made-up schema version. */
  function historyAtVersion(version: number): void {
    const db = new DatabaseSync(historyFile());
    if (version <= 1) migrateHistory(db, { path: historyFile(), targetVersion: version });
    else db.exec(`PRAGMA user_version = ${String(version)}`);
    db.close();
  }

  it('says there is no history in a folder without one', async () => {
    const error = await rejection(SqliteHistoryStore.open({ dataDir: dir, readOnly: true }));

    expect(error.message).toBe(`kein Verlauf in ${dir} (ntfy-tray subscribe speichert ihn dort)`);
  });

  it('refuses a file from a newer ntfy-tray, naming both versions', async () => {
    historyAtVersion(99);

    const error = await rejection(SqliteHistoryStore.open({ dataDir: dir }));

    expect(error).toBeInstanceOf(HistorySchemaTooNewError);
    expect(error.message).toMatch(
      /^.*history\.sqlite hat die Verlaufsschema-Version 99, dieses ntfy-tray kennt aber nur bis \d+: die Datei wurde von einer neueren Version geschrieben\. Aktualisieren Sie ntfy-tray, oder legen Sie die Datei beiseite, um einen neuen Verlauf zu beginnen\.$/,
    );
  });

  it('asks a reader to update a file of an older ntfy-tray first', async () => {
    historyAtVersion(1);

    const error = await rejection(SqliteHistoryStore.open({ dataDir: dir, readOnly: true }));

    expect(error).toBeInstanceOf(HistoryOpenError);
    expect(error.message).toBe(
      `die Verlaufsdatenbank ${historyFile()} kann nicht geöffnet werden: sie wurde von einem älteren ntfy-tray ` +
        'geschrieben (Schema 1); führen Sie einmal ntfy-tray subscribe aus, um sie zu aktualisieren',
    );
  });

  it('passes SQLite’s own words through inside the German sentence', async () => {
    writeFileSync(historyFile(), 'not a database, only text that is long enough to be read as a header '.repeat(4));

    const error = await rejection(SqliteHistoryStore.open({ dataDir: dir }));

    expect(error.message).toBe(
      `die Verlaufsdatenbank ${historyFile()} kann nicht geöffnet werden: file is not a database`,
    );
  });
});

describe('the settings file and the data folder in German', () => {
  it('says the settings file cannot be read, with the OS’s reason', () => {
    mkdirSync(settingsFilePath(dir)); // a folder where the file should be

    let caught: unknown;
    try {
      openConfSettingsStore({ dir, log: createRecordingLogger() });
    } catch (error) {
      caught = error;
    }

    expect(caught).toBeInstanceOf(SettingsFileError);
    expect((caught as Error).message).toMatch(
      new RegExp(`^die Einstellungsdatei ${settingsFilePath(dir)} konnte nicht gelesen werden: EISDIR`),
    );
  });

  it('says the settings file cannot be written, and keeps the settings', async () => {
    const store = openConfSettingsStore({ dir, log: createRecordingLogger() });
    // A non-empty folder where the file should be: the atomic rename onto it fails, even for root.
    rmSync(settingsFilePath(dir));
    mkdirSync(settingsFilePath(dir));
    writeFileSync(join(settingsFilePath(dir), 'blocker'), '');

    const error = await rejection(store.update({ preferences: { theme: 'dark' } }));

    expect(error.message).toMatch(
      new RegExp(`^die Einstellungsdatei ${settingsFilePath(dir)} konnte nicht geschrieben werden: \\S`),
    );
    expect(store.get().preferences.theme).toBe('system');
  });

  it('reads a settings file from a newer version without touching it, and refuses to change it', async () => {
    const text = JSON.stringify({ ...defaultSettings(), version: SETTINGS_VERSION + 1 });
    writeFileSync(settingsFilePath(dir), text);
    const log = createRecordingLogger();
    const versions = `(Einstellungsversion ${SETTINGS_VERSION + 1}; dieses liest bis ${SETTINGS_VERSION})`;
    const file = `die Einstellungsdatei ${settingsFilePath(dir)} wurde von einem neueren ntfy-tray geschrieben`;

    const store = openConfSettingsStore({ dir, log });
    const result = await store.update({ preferences: { theme: 'dark' } });

    expect(log.entries.map((entry) => entry.message)).toEqual([
      `${file} ${versions}: es gelten die Einstellungen, die diese Version kennt, und die Datei bleibt unverändert`,
    ]);
    const message = `${file} ${versions}: aktualisieren Sie ntfy-tray, um Einstellungen zu ändern. Die Datei bleibt unverändert.`;
    expect(result).toEqual({ ok: false, issues: [{ path: 'version', message }] });
    expect(readFileSync(settingsFilePath(dir), 'utf8')).toBe(text);
  });

  it('says the data folder cannot be locked, with the OS’s reason', () => {
    const notAFolder = join(dir, 'a-file');
    writeFileSync(notAFolder, '');

    const lock = takeRunSubscriber(notAFolder, [{ server: 'https://ntfy.sh', topic: 'alerts' }], process.pid);

    expect(lock.ok).toBe(false);
    if (lock.ok) lock.release();
    else expect(lock.error).toMatch(new RegExp(`^der Datenordner ${notAFolder} kann nicht gesperrt werden: E[A-Z]+`));
  });
});

/** A session bus at the edge: the bus daemon says nobody owns the server's name, or a server answers. */
function fakeBus(answer: (call: DbusCall) => readonly unknown[]): { connection: DbusConnection; calls: DbusCall[] } {
  const calls: DbusCall[] = [];
  const connection: DbusConnection = {
    call: (call) => {
      calls.push(call);
      // A throw in `answer` becomes the rejection, as a D-Bus error reply would.
      return Promise.resolve(call).then(answer);
    },
    addMatch: () => Promise.resolve(() => Promise.resolve()),
    onSignal: () => () => undefined,
    close: () => Promise.resolve(),
  };
  return { connection, calls };
}

describe('desktop notifications over D-Bus in German', () => {
  const log = createRecordingLogger();

  it('says there is no session bus and how to start one', async () => {
    const busAddress = `unix:path=${join(dir, 'nobody-listens-here')}`;

    const error = await rejection(openDbusNotifier({ connect: () => connectSessionBus({ busAddress, log }), log }));

    expect(error.message).toBe(
      'Kein D-Bus-Sitzungsbus erreichbar. Führen Sie das Programm in einer Desktop-Sitzung aus, oder starten Sie ' +
        'eine (z. B. `dbus-run-session -- ntfy-tray …`).',
    );
  });

  it('says there is no notification server and which ones to install', async () => {
    const { connection } = fakeBus((call) => {
      if (call.member === 'NameHasOwner') return [false];
      throw new DbusCallError('The name is not activatable', 'org.freedesktop.DBus.Error.ServiceUnknown');
    });

    const error = await rejection(openDbusNotifier({ connect: () => Promise.resolve(connection), log }));

    expect(error.message).toMatch(/^Kein Benachrichtigungsserver auf dem D-Bus-Sitzungsbus .*`dunst`/);
  });

  it('labels the click action "Öffnen" for servers that list it', async () => {
    const { connection, calls } = fakeBus((call) => {
      if (call.member === 'NameHasOwner') return [true];
      if (call.member === 'GetCapabilities') return [['actions', 'body']];
      if (call.member === 'GetServerInformation') return ['dunst', 'knopwob', '1.9', '1.2'];
      return [7];
    });
    const notifier = await openDbusNotifier({ connect: () => Promise.resolve(connection), log });

    await notifier.show({
      id: 'n1',
      title: 'Sicherung',
      body: 'fertig',
      urgency: 'normal',
      silent: false,
      actions: [],
    });

    const notify = calls.find((call) => call.member === 'Notify');
    expect(notify?.body?.[5]).toEqual(['default', 'Öffnen']);
    await notifier.dispose();
  });
});

describe('--since and --actions in German', () => {
  it('says which --since values there are', () => {
    expect(parseSubscribeArgs(['--since', 'gestern', 'https://ntfy.example.com/alerts'], {})).toEqual({
      ok: false,
      error:
        'ungültiger since-Wert "gestern": verwenden Sie all, latest, none, eine Dauer (30s, 10m, 2h, 1d), ' +
        'Unix-Sekunden oder eine Nachrichten-ID',
    });
  });

  it.each([
    ['jump, Go', 'Aktion 1: die Art muss view, http, broadcast, copy sein (erhalten: "jump")'],
    ['view', 'Aktion 1: eine Beschriftung (label) fehlt'],
    ['view, Open, https://x.test; http, Go', 'Aktion 2: http braucht eine URL'],
    ['view, Go, https://x.test, colour=red', 'unbekannter Schlüssel "colour"'],
    ['view, Go, https://x.test, clear=maybe', 'clear=maybe: verwenden Sie true oder false'],
    ['view, "Go, https://x.test', 'ein Anführungszeichen (") wird nie geschlossen'],
    ['view, "Go" now, https://x.test', 'unerwartetes "n" nach dem Wert in Anführungszeichen "Go"'],
    ['broadcast, Go, extra', '"Go": Teil 3 hat kein key= (nur action, label und url ergeben sich aus ihrer Stelle)'],
    ['[1]', 'Aktion 1 ist kein Objekt'],
    ['[{"action":"view","label":3}]', 'Aktion 1: "label" muss Text sein'],
    ['[{"action":"copy","label":"C","value":"v","extras":[1]}]', 'Aktion 1: "extras" muss Namen auf Text abbilden'],
    ['[{"action":"copy","label":"C","value":"v","clear":"yes"}]', 'Aktion 1: "clear" muss true oder false sein'],
  ])('--actions %s', (actions, problem) => {
    expect(parsePublishArgs(['--actions', actions, 'alerts', 'Hallo'], {})).toEqual({
      ok: false,
      error: `--actions: ${problem}`,
    });
  });
});
