/**
 * The CLI in German (LANG=de_DE.UTF-8) as a process: usage errors, help, and the human lines on stderr are German,
 * while option names, command names and --json output stay exactly as they are in English.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SqliteHistoryStore } from '../../../main/core/store/history/sqlite-history-store.ts';
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

async function run(
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
  it('names an unknown option and the one it probably meant in German (exit 2)', async () => {
    const result = await run(['history', '--tpoic', 'alerts']);

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

  it('writes --json output byte for byte as in English', async () => {
    await storeTwoServers();

    const german = await run(['history', '--data-dir', dataDir, '--json']);
    const english = await run(['history', '--data-dir', dataDir, '--json'], { LANG: 'C' });

    expect(german.code).toBe(0);
    expect(german.stdout.split('\n')).toHaveLength(3);
    expect(german.stdout).toBe(english.stdout);
  });
});
