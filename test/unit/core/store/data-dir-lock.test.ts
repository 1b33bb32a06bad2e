import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  HOLDER_FILE_NAME,
  lockDataDir,
  readDataDirHolder,
  type DataDirLockResult,
} from '../../../../main/core/store/data-dir-lock.ts';

const dirs: string[] = [];
const releases: (() => void)[] = [];

afterEach(async () => {
  for (const release of releases.splice(0)) release();
  await Promise.all(dirs.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
});

async function tempDataDir(): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'ntfy-tray-lock-'));
  dirs.push(dir);
  return path.join(dir, 'data'); // not there yet: the lock creates it
}

function held(result: DataDirLockResult): () => void {
  if (!result.ok) throw new Error(`expected the lock, got ${JSON.stringify(result)}`);
  releases.push(result.release);
  return result.release;
}

/** A pid that belonged to a process which has ended. */
async function endedPid(): Promise<number> {
  const child = spawn(process.execPath, ['-e', '']);
  await once(child, 'exit');
  if (child.pid === undefined) throw new Error('no pid');
  return child.pid;
}

describe('the data folder lock', () => {
  it('records who holds it in the side file, and the next taker is refused with that holder', async () => {
    const dataDir = await tempDataDir();
    held(lockDataDir({ dataDir, kind: 'app', pid: process.pid }));
    expect(JSON.parse(await readFile(path.join(dataDir, HOLDER_FILE_NAME), 'utf8'))).toEqual({
      kind: 'app',
      pid: process.pid,
    });

    expect(lockDataDir({ dataDir, kind: 'subscribe', pid: process.pid })).toEqual({
      ok: false,
      reason: 'busy',
      dataDir,
      holder: { kind: 'app', pid: process.pid },
    });
  });

  it('is free again after release, and the side file is gone', async () => {
    const dataDir = await tempDataDir();
    const release = held(lockDataDir({ dataDir, kind: 'subscribe', pid: process.pid }));
    release();
    expect(readDataDirHolder(dataDir)).toBeUndefined();
    held(lockDataDir({ dataDir, kind: 'app', pid: process.pid }));
    expect(readDataDirHolder(dataDir)).toEqual({ kind: 'app', pid: process.pid });
  });

  it('names nobody when the side file names a process that has ended (left by a crash)', async () => {
    const dataDir = await tempDataDir();
    held(lockDataDir({ dataDir, kind: 'app', pid: process.pid }));
    await writeFile(path.join(dataDir, HOLDER_FILE_NAME), JSON.stringify({ kind: 'app', pid: await endedPid() }));
    const refused = lockDataDir({ dataDir, kind: 'subscribe', pid: process.pid });
    expect(refused).toMatchObject({ ok: false, reason: 'busy', holder: undefined });
  });

  it.each(['', '{"kind":"daemon","pid":1}', '{"kind":"app","pid":"1"}'])(
    'names nobody when the side file holds %j',
    async (text) => {
      const dataDir = await tempDataDir();
      held(lockDataDir({ dataDir, kind: 'app', pid: process.pid }));
      await writeFile(path.join(dataDir, HOLDER_FILE_NAME), text);
      expect(readDataDirHolder(dataDir)).toBeUndefined();
    },
  );
});
