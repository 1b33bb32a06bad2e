/**
 * `ntfy-tray history` reads the history without writing to it: through the store's `readOnly` option, and on a data
 * dir that the OS will not let it write. Tests may run as root, where chmod alone stops nothing: there the reader
 * runs without the capabilities that let root ignore file modes (setpriv), as the same user, so it reads the checkout
 * wherever it lives (a folder only its owner may enter included).
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { chmod, mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { HistoryNotFoundError } from '../../../main/core/store/history/open-database.ts';
import { HISTORY_FILE_NAME, SqliteHistoryStore } from '../../../main/core/store/history/sqlite-history-store.ts';
import { makeMessage } from '../../support/messages.ts';

const SERVER = 'https://ntfy.example.com';
const CLI = path.resolve(import.meta.dirname, '../../../main/cli.ts');
const STORE = path.resolve(import.meta.dirname, '../../../main/core/store/history/sqlite-history-store.ts');
const runsAsRoot = process.getuid?.() === 0;
/** Root without CAP_DAC_OVERRIDE and CAP_DAC_READ_SEARCH: file modes bind it as they bind its owner. */
const WITHOUT_ROOT_OVERRIDES = ['setpriv', '--bounding-set=-dac_override,-dac_read_search'];

let dataDir: string;

beforeEach(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'ntfy-tray-history-ro-'));
});

afterEach(async () => {
  await chmod(dataDir, 0o700);
  await rm(dataDir, { recursive: true, force: true });
});

async function storeTwoMessages(): Promise<void> {
  const history = await SqliteHistoryStore.open({ dataDir });
  await history.append({
    server: SERVER,
    messages: [
      makeMessage({ id: 'first0000001', time: 100, message: 'first', raw: { id: 'first0000001', message: 'first' } }),
      makeMessage({ id: 'second000002', time: 200, message: 'second', raw: { id: 'second000002', message: 'second' } }),
    ],
    changes: [],
  });
  await history.close();
}

/** Makes the data dir read-only for its owner, who runs the reader (see runNode for root). */
async function makeDataDirReadOnly(): Promise<void> {
  await chmod(dataDir, 0o555);
}

/** Runs Node on `args`; as root, without the capabilities that would let it write a read-only folder. */
async function runNode(args: readonly string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const command = runsAsRoot ? [...WITHOUT_ROOT_OVERRIDES, process.execPath, ...args] : [process.execPath, ...args];
  const child = spawn(command[0] ?? '', command.slice(1), { env: { PATH: process.env['PATH'] ?? '' }, stdio: 'pipe' });
  child.stdin.end();
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const [code] = (await once(child, 'exit')) as [number | null];
  return { code, stdout, stderr };
}

describe('SqliteHistoryStore.open({ readOnly: true })', () => {
  it('lists what is stored while the file keeps its size and mtime, and refuses to write', async () => {
    await storeTwoMessages();
    const file = path.join(dataDir, HISTORY_FILE_NAME);
    const before = await stat(file);

    const history = await SqliteHistoryStore.open({ dataDir, readOnly: true });
    try {
      expect(history.listMessages().messages.map((stored) => stored.message.message)).toEqual(['second', 'first']);
      expect(() => history.deleteMessage({ server: SERVER, id: 'first0000001' })).toThrow(/readonly/);
    } finally {
      await history.close();
    }

    const after = await stat(file);
    expect({ size: after.size, mtimeMs: after.mtimeMs }).toEqual({ size: before.size, mtimeMs: before.mtimeMs });
  });

  it('reports a missing history as "no history in <dir>" and creates nothing', async () => {
    await expect(SqliteHistoryStore.open({ dataDir, readOnly: true })).rejects.toThrow(
      new HistoryNotFoundError(dataDir),
    );
    expect(await readdir(dataDir)).toEqual([]);
    const missing = path.join(dataDir, 'not-there');
    await expect(SqliteHistoryStore.open({ dataDir: missing, readOnly: true })).rejects.toBeInstanceOf(
      HistoryNotFoundError,
    );
    expect(await readdir(dataDir)).toEqual([]);
  });

  it('reads a history in a directory the OS will not let the reader write (no -shm can be created)', async () => {
    await storeTwoMessages();
    expect(await readdir(dataDir)).toEqual([HISTORY_FILE_NAME]); // closed cleanly: no -wal, no -shm
    await makeDataDirReadOnly();
    const script = `
      const { SqliteHistoryStore } = await import(${JSON.stringify(STORE)});
      const history = await SqliteHistoryStore.open({ dataDir: ${JSON.stringify(dataDir)}, readOnly: true });
      console.log(JSON.stringify(history.listMessages().messages.map((stored) => stored.message.message)));
      await history.close();`;

    const { code, stdout, stderr } = await runNode(['--input-type=module', '-e', script]);

    expect(stderr).toBe('');
    expect(code).toBe(0);
    expect(JSON.parse(stdout)).toEqual(['second', 'first']);
    expect(await readdir(dataDir)).toEqual([HISTORY_FILE_NAME]);
  });
});

describe('ntfy-tray history (the real command)', () => {
  it('lists the messages of a read-only data dir', async () => {
    await storeTwoMessages();
    await makeDataDirReadOnly();

    const { code, stdout, stderr } = await runNode([CLI, 'history', '--json', '--data-dir', dataDir]);

    expect(stderr).toBe('');
    expect(code).toBe(0);
    expect(
      stdout
        .trimEnd()
        .split('\n')
        .map((line) => JSON.parse(line) as unknown),
    ).toEqual([
      { id: 'second000002', message: 'second' },
      { id: 'first0000001', message: 'first' },
    ]);
  });

  it('says "no history in <dir>" (exit 1) for a data dir without one, and leaves it empty', async () => {
    const { code, stderr } = await runNode([CLI, 'history', '--data-dir', dataDir]);

    expect(stderr).toBe(`ntfy-tray history: no history in ${dataDir} (ntfy-tray subscribe stores it there)\n`);
    expect(code).toBe(1);
    expect(await readdir(dataDir)).toEqual([]);
  });
});
