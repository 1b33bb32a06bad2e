/**
 * Crash safety with a real process and a real SIGKILL: whatever instant the writer dies at, the file opens cleanly,
 * passes both integrity checks, holds whole appends only, and its cursor names a message it contains — the newest.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { describe, expect, it } from 'vitest';
import { HISTORY_FILE_NAME } from '../../../../../main/core/store/history/index.ts';
import { checkIntegrity, openRaw, openStore, tempDir } from './temp-store.ts';

const WRITER = path.join(import.meta.dirname, 'crash-writer.ts');

interface Writer {
  /** Resolves with the lines printed so far once `line` has been printed. */
  waitForLine(line: RegExp): Promise<string[]>;
  /** SIGKILL, then wait for the exit. */
  kill(): Promise<void>;
}

function startWriter(dataDir: string, batchSize: number, first: number, fault?: 'hold-before-commit'): Writer {
  const args = [WRITER, dataDir, String(batchSize), String(first), ...(fault === undefined ? [] : [fault])];
  const child = spawn(process.execPath, args, {
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  child.stdin.end();
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const printed: string[] = [];
  const waiters: { line: RegExp; resolve: (lines: string[]) => void }[] = [];
  createInterface({ input: child.stdout }).on('line', (line) => {
    printed.push(line);
    for (const waiter of waiters.filter((w) => w.line.test(line))) waiter.resolve([...printed]);
  });
  const exited = once(child, 'exit');
  return {
    waitForLine: (line) =>
      new Promise((resolve, reject) => {
        waiters.push({ line, resolve });
        void exited.then(() => {
          reject(new Error(`writer exited before printing ${String(line)}\n${printed.join('\n')}\n${stderr}`));
        });
      }),
    kill: async () => {
      child.kill('SIGKILL');
      const [, signal] = (await exited) as [number | null, NodeJS.Signals | null];
      expect(signal).toBe('SIGKILL');
    },
  };
}

async function walSize(dir: string): Promise<number> {
  try {
    return (await stat(path.join(dir, `${HISTORY_FILE_NAME}-wal`))).size;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 0;
    throw error;
  }
}

/** What a reopened file must satisfy; returns how many messages it holds. */
async function checkAfterCrash(dir: string, batchSize: number, atLeast: number): Promise<number> {
  const store = await openStore(dir);
  const raw = openRaw(dir);
  expect(checkIntegrity(raw)).toBe('ok');
  const count = Number(raw.prepare('SELECT count(*) AS n FROM messages').get()?.['n']);
  // Appends are atomic: never part of a batch.
  expect(count % batchSize).toBe(0);
  expect(count).toBeGreaterThanOrEqual(atLeast);
  const cursor = (await store.getResumePoints(['crash'])).get('crash');
  if (count === 0) {
    expect(cursor).toBeUndefined();
    return count;
  }
  // The cursor was written with the batch it covers: it names the newest stored message, which exists.
  const newest = raw.prepare('SELECT id FROM messages ORDER BY pk DESC LIMIT 1').get()?.['id'];
  expect(cursor?.lastId).toBe(newest);
  expect(raw.prepare('SELECT count(*) AS n FROM messages WHERE id = ?').get(cursor?.lastId ?? '')?.['n']).toBe(1);
  expect(raw.prepare('SELECT count(*) AS n FROM messages_search').get()?.['n']).toBe(count);
  await store.close();
  raw.close();
  return count;
}

describe('a writer killed with SIGKILL', () => {
  it('mid-burst, again and again: each time the file opens cleanly and the cursor never runs ahead', async () => {
    const dir = await tempDir();
    const batchSize = 250; // 40 batches make one 10,000-message burst
    let stored = 0;
    for (const killAfter of [3, 11, 26]) {
      const writer = startWriter(dir, batchSize, stored);
      // Kill as the next batch begins: most kills land inside an append.
      await writer.waitForLine(new RegExp(`^begin ${killAfter + 1}$`));
      await writer.kill();
      stored = await checkAfterCrash(dir, batchSize, stored + killAfter * batchSize);
    }
  });

  it('inside one 10,000-message append: none of it is stored, and the file is sound', async () => {
    const dir = await tempDir();
    const batchSize = 10_000;
    // Held at a known point inside the transaction: all 10,000 written, COMMIT next. No race with the commit.
    const writer = startWriter(dir, batchSize, 0, 'hold-before-commit');
    await writer.waitForLine(/^holding 1$/);
    // The uncommitted pages have spilled into the log: the kill lands on a transaction that did write.
    expect(await walSize(dir)).toBeGreaterThan(1_000_000);
    await writer.kill();
    expect(await checkAfterCrash(dir, batchSize, 0)).toBe(0);
    // The next writer appends normally on the recovered file.
    const next = startWriter(dir, batchSize, 0);
    await next.waitForLine(/^commit 1 /);
    await next.kill();
    expect(await checkAfterCrash(dir, batchSize, batchSize)).toBeGreaterThanOrEqual(batchSize);
  });
});
