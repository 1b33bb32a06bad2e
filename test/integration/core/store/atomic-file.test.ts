/** writeFileAtomic on real files: the new content whole, or the old file untouched, never half of either. */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { writeFileAtomic } from '../../../../main/core/store/atomic-file.ts';

const CRASHER = path.join(import.meta.dirname, 'atomic-file-crasher.ts');

let dir: string;
let file: string;

beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'ntfy-tray-atomic-'));
  file = path.join(dir, 'state.json');
});

afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('writeFileAtomic', () => {
  it('creates the file, then replaces it whole, leaving no temporary file', async () => {
    await writeFileAtomic(file, 'first');
    expect(await readFile(file, 'utf8')).toBe('first');
    await writeFileAtomic(file, 'second, longer than the first');
    expect(await readFile(file, 'utf8')).toBe('second, longer than the first');
    expect(await readdir(dir)).toEqual(['state.json']);
  });

  it('gives the new file the mode asked for', async () => {
    await writeFileAtomic(file, 'x', { mode: 0o600 });
    expect((await stat(file)).mode & 0o777).toBe(0o600);
  });

  it('leaves the old file intact when the process is killed between write and rename', async () => {
    await writeFile(file, 'old content');
    const child = spawn(process.execPath, [CRASHER, file, 'new content'], { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    const [code, signal] = (await once(child, 'exit')) as [number | null, NodeJS.Signals | null];
    expect({ code, signal, stderr }).toEqual({ code: null, signal: 'SIGKILL', stderr: '' });
    expect(await readFile(file, 'utf8')).toBe('old content');
    // It died at the switch: the new content was complete beside the file, only the rename was missing.
    const temporary = path.join(dir, `state.json.${String(child.pid)}.tmp`);
    expect(await readFile(temporary, 'utf8')).toBe('new content');
  });

  it('removes the temporary file and throws when the step before the rename fails, the old file intact', async () => {
    await writeFile(file, 'old content');
    const failure = new Error('disk gone');
    await expect(
      writeFileAtomic(file, 'new content', {
        beforeRename: () => {
          throw failure;
        },
      }),
    ).rejects.toBe(failure);
    expect(await readFile(file, 'utf8')).toBe('old content');
    expect(await readdir(dir)).toEqual(['state.json']);
  });

  it('throws when the folder is missing, creating nothing', async () => {
    const missing = path.join(dir, 'no-such-folder', 'state.json');
    await expect(writeFileAtomic(missing, 'x')).rejects.toMatchObject({ code: 'ENOENT' });
    expect(await readdir(dir)).toEqual([]);
  });
});
