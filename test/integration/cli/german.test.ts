/**
 * The CLI in German (LANG=de_DE.UTF-8): usage errors, help, and the human lines on stderr are German, while option
 * names, command names and --json output stay exactly as they are in English. In-process (the same runCli the
 * command runs), except where the process is the point: the language taken from the process's own environment, a
 * lock held by another process, and the D-Bus address the notifier reads from the environment.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SqliteHistoryStore } from '../../../main/core/store/history/sqlite-history-store.ts';
import { runCliInProcess } from '../../support/cli-in-process.ts';
import { startCli } from '../../support/cli-process.ts';
import { makeMessage } from '../../support/messages.ts';

const GERMAN = { LANG: 'de_DE.UTF-8' };

let dataDir: string;

beforeEach(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'ntfy-tray-cli-de-'));
});

afterEach(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

function run(
  args: readonly string[],
  env: Readonly<Record<string, string>> = GERMAN,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return runCliInProcess(args, env);
}

/** As a process: the language comes from the process's environment (main/cli.ts), exit codes reach the shell. */
async function runProcess(
  args: readonly string[],
  env: Readonly<Record<string, string>> = GERMAN,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const process = startCli(args, env);
  const code = await process.exited();
  return { code, stdout: process.stdout(), stderr: process.stderr() };
}

/** The same topic name on two servers, so that `--topic alerts` is ambiguous. */
async function storeTwoServers(): Promise<void> {
  const store = await SqliteHistoryStore.open({ dataDir });
  for (const [server, id] of [
    ['https://ntfy.example.com', 'home00000001'],
    ['https://ntfy.work.example', 'work00000001'],
  ] as const) {
    const fields = { topic: 'alerts', id, message: `Sicherung fertig ${id}`, time: 100 };
    await store.append({ server, messages: [makeMessage({ ...fields, raw: fields })], changes: [] });
  }
  await store.close();
}

describe('ntfy-tray with LANG=de_DE.UTF-8', () => {
  it('names an unknown option and the one it probably meant in German (exit 2), as a process too', async () => {
    const result = await runProcess(['history', '--tpoic', 'alerts']);

    expect(result).toEqual({
      code: 2,
      stdout: '',
      stderr:
        "ntfy-tray history: unbekannte Option '--tpoic'; meinten Sie '--topic'?\n" +
        "'ntfy-tray history --help' zeigt den Aufruf.\n",
    });
  });

  it('prints the help of one command in German, its option names unchanged', async () => {
    const result = await run(['history', '--help']);

    expect(result.code).toBe(0);
    expect(result.stdout).toContain('Aufruf: ntfy-tray history [Optionen]');
    expect(result.stdout).toContain('--limit <n>          höchstens n Nachrichten (Standard 50, höchstens 500)');
    expect(result.stderr).toBe('');
  });

  it('says "0 Nachrichten" on stderr when nothing matches', async () => {
    await storeTwoServers();

    const result = await run(['history', '--data-dir', dataDir, '--search', 'nichts-dergleichen']);

    expect(result).toEqual({ code: 0, stdout: '', stderr: '0 Nachrichten\n' });
  });

  it('counts the subscriptions a topic name is ambiguous between, in German plural', async () => {
    await storeTwoServers();

    const result = await run(['history', '--data-dir', dataDir, '--topic', 'alerts']);

    expect(result.code).toBe(1);
    expect(result.stderr).toBe(
      "ntfy-tray history: 'alerts' bezeichnet 2 Abonnements (https://ntfy.example.com/alerts, " +
        'https://ntfy.work.example/alerts): geben Sie seine URL an\n',
    );
  });

  it('says in German that a data folder has no history yet (exit 1)', async () => {
    const result = await run(['history', '--data-dir', dataDir]);

    expect(result).toEqual({
      code: 1,
      stdout: '',
      stderr: `ntfy-tray history: kein Verlauf in ${dataDir} (ntfy-tray subscribe speichert ihn dort)\n`,
    });
  });

  it('lists the --since values in German for one it does not know (exit 2)', async () => {
    const result = await run(['subscribe', '--since', 'gestern', '--data-dir', dataDir, 'http://127.0.0.1:9/alerts']);

    expect(result).toEqual({
      code: 2,
      stdout: '',
      stderr:
        'ntfy-tray subscribe: ungültiger since-Wert "gestern": verwenden Sie all, latest, none, eine Dauer ' +
        '(30s, 10m, 2h, 1d), Unix-Sekunden oder eine Nachrichten-ID\n' +
        "'ntfy-tray subscribe --help' zeigt den Aufruf.\n",
    });
  });

  it('writes --json output byte for byte as in English', async () => {
    await storeTwoServers();

    const german = await run(['history', '--data-dir', dataDir, '--json']);
    const english = await run(['history', '--data-dir', dataDir, '--json'], { LANG: 'C' });

    expect(german.code).toBe(0);
    expect(german.stdout.split('\n')).toHaveLength(3);
    expect(german.stdout).toBe(english.stdout);
  });

  it('refuses a topic URL with a query in German, naming the options to use instead (exit 2)', async () => {
    const result = await run(['subscribe', '--data-dir', dataDir, 'https://ntfy.example.com/alerts?auth=c2VjcmV0']);

    expect(result).toEqual({
      code: 2,
      stdout: '',
      stderr:
        'ntfy-tray subscribe: eine Themen-URL darf keinen Abfrageteil haben (auth=…): verwenden Sie stattdessen ' +
        '--token oder --user (https://ntfy.example.com/alerts)\n' +
        "'ntfy-tray subscribe --help' zeigt den Aufruf.\n",
    });
  });

  it('refuses login arguments in German before asking anyone (exit 2)', async () => {
    const noCredentials = await run(['login', 'ntfy.example.com', '--data-dir', dataDir]);
    const twoUrls = await run(['login', 'ntfy.example.com', 'ntfy.sh', '--token', 'tk_x', '--data-dir', dataDir]);

    expect(noCredentials).toEqual({
      code: 2,
      stdout: '',
      stderr: "ntfy-tray login: geben Sie --user <name> oder --token an\n'ntfy-tray login --help' zeigt den Aufruf.\n",
    });
    expect(twoUrls.code).toBe(2);
    expect(twoUrls.stderr).toBe(
      'ntfy-tray login: genau eine <url> erwartet, nicht 2: ntfy.example.com ntfy.sh\n' +
        "'ntfy-tray login --help' zeigt den Aufruf.\n",
    );
  });

  it('refuses one publish option given under two names in German (exit 2)', async () => {
    const result = await run(['publish', '--tags', 'a', '--tag', 'b', 'alerts', 'Hallo']);

    expect(result.code).toBe(2);
    expect(result.stderr).toBe(
      'ntfy-tray publish: --tags und --tag bedeuten dasselbe: geben Sie nur eine davon an\n' +
        "'ntfy-tray publish --help' zeigt den Aufruf.\n",
    );
  });

  it('says in German that --notify cannot show desktop notifications without a session bus (exit 1)', async () => {
    const result = await runProcess(['subscribe', '--notify', '--data-dir', dataDir, 'http://127.0.0.1:9/alerts'], {
      ...GERMAN,
      DBUS_SESSION_BUS_ADDRESS: `unix:path=${path.join(dataDir, 'no-bus')}`,
    });

    expect(result.code).toBe(1);
    // The D-Bus library's own warning comes first, as a log line in English.
    expect(result.stderr).toContain(
      'ntfy-tray subscribe --notify: Desktop-Benachrichtigungen können nicht angezeigt werden: Kein ' +
        'D-Bus-Sitzungsbus erreichbar. Führen Sie das Programm in einer Desktop-Sitzung aus, oder starten Sie eine ' +
        '(z. B. `dbus-run-session -- ntfy-tray …`).\n',
    );
  });
});
