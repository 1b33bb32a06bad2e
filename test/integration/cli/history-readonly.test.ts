/**
 * `ntfy-tray history` reads the history without writing to it: through the store's `readOnly` option, and as
 * another user on a data dir that the OS will not let it write (tests run as root, where chmod alone stops
 * nothing, so the reader runs as `nobody` there).
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { chmod, chown, mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { HistoryNotFoundError } from '../../../main/core/store/history/open-database.ts';
import { HISTORY_FILE_NAME, SqliteHistoryStore } from '../../../main/core/store/history/sqlite-history-store.ts';
import { makeMessage } from '../../support/messages.ts';

const SERVER = 'https://ntfy.example.com';
const CLI = path.resolve(import.meta.dirname, '../../../main/cli.ts');
const STORE = path.resolve(import.meta.dirname, '../../../main/core/store/history/sqlite-history-store.ts');
const NOBODY = 65_534;
const runsAsRoot = process.getuid?.() === 0;

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

/** Makes the data dir read-only for whoever the reader runs as (root: hand it to `nobody`, who may not write). */
async function makeDataDirReadOnly(): Promise<{ uid?: number; gid?: number }> {
  if (runsAsRoot) {
    await chmod(path.dirname(dataDir), 0o1777).catch(() => undefined);
    for (const name of await readdir(dataDir)) await chown(path.join(dataDir, name), NOBODY, NOBODY);
    await chown(dataDir, NOBODY, NOBODY);
  }
  await chmod(dataDir, 0o555);
  return runsAsRoot ? { uid: NOBODY, gid: NOBODY } : {};
}

async function runNode(
  args: readonly string[],
  user: { uid?: number; gid?: number },
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, args, { ...user, env: { PATH: process.env['PATH'] ?? '' }, stdio: 'pipe' });
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
    const user = await makeDataDirReadOnly();
    const script = `
      const { SqliteHistoryStore } = await import(${JSON.stringify(STORE)});
      const history = await SqliteHistoryStore.open({ dataDir: ${JSON.stringify(dataDir)}, readOnly: true });
      console.log(JSON.stringify(history.listMessages().messages.map((stored) => stored.message.message)));
      await history.close();`;

    const { code, stdout, stderr } = await runNode(['--input-type=module', '-e', script], user);

    expect(stderr).toBe('');
    expect(code).toBe(0);
    expect(JSON.parse(stdout)).toEqual(['second', 'first']);
    expect(await readdir(dataDir)).toEqual([HISTORY_FILE_NAME]);
  });
});

describe('ntfy-tray history (the real command)', () => {
  it('lists the messages of a read-only data dir', async () => {
    await storeTwoMessages();
    const user = await makeDataDirReadOnly();

    const { code, stdout, stderr } = await runNode([CLI, 'history', '--json', '--data-dir', dataDir], user);

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
    const { code, stderr } = await runNode([CLI, 'history', '--data-dir', dataDir], {});

    expect(stderr).toBe(`ntfy-tray history: no history in ${dataDir} (ntfy-tray subscribe stores it there)\n`);
    expect(code).toBe(1);
    expect(await readdir(dataDir)).toEqual([]);
  });
});
