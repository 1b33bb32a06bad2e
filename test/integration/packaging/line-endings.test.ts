import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/*
 * GitHub's Windows runners check out with core.autocrlf=true. Without .gitattributes every text file arrives with
 * CRLF and `prettier --check` (endOfLine lf) flags them all, so the Windows job would stop at its Test step. This
 * clones the committed tree the way such a runner does and checks that every text file arrives with LF, and that
 * the lint passes there on one file of each kind (the rehearsal, scripts/pipeline/rehearse.ts, checks the whole
 * clone).
 */
const run = promisify(execFile);
const projectRoot = path.resolve(import.meta.dirname, '../../..');
const prettier = path.join(projectRoot, 'node_modules', 'prettier', 'bin', 'prettier.cjs');

let clone: string;

beforeAll(async () => {
  clone = await mkdtemp(path.join(os.tmpdir(), 'ntfy-tray-crlf-'));
  await run('git', ['clone', '--quiet', '--no-hardlinks', '-c', 'core.autocrlf=true', projectRoot, clone]);
}, 120_000);

afterAll(async () => {
  await rm(clone, { recursive: true, force: true });
});

/** `git ls-files --eol`: one entry per file, its index and working-tree line endings. */
async function lineEndings(): Promise<{ file: string; index: string; workTree: string }[]> {
  const { stdout } = await run('git', ['ls-files', '--eol'], { cwd: clone, maxBuffer: 8 * 1024 * 1024 });
  return stdout
    .trim()
    .split('\n')
    .map((line) => {
      const [index = '', workTree = ''] = line.split(/\s+/);
      return { file: line.slice(line.indexOf('\t') + 1), index, workTree };
    });
}

describe('a clone made with core.autocrlf=true (GitHub’s Windows runners)', () => {
  it('has the clone setting the runners use', async () => {
    const { stdout } = await run('git', ['config', 'core.autocrlf'], { cwd: clone });
    expect(stdout.trim()).toBe('true');
  });

  it('checks out every text file with LF, and leaves binary files alone', async () => {
    const files = await lineEndings();

    expect(files.length).toBeGreaterThan(500);
    expect(files.filter((entry) => entry.workTree === 'w/crlf' || entry.workTree === 'w/mixed')).toEqual([]);
    expect(files.filter((entry) => entry.file.endsWith('.png')).every((entry) => entry.workTree === 'w/-text')).toBe(
      true,
    );
  });

  it('passes prettier --check on one file of each kind', async () => {
    const files = (await lineEndings()).map((entry) => entry.file);
    const sample = ['.ts', '.tsx', '.md', '.css', '.json', '.yml', '.html'].map((extension) =>
      files.find((file) => file.endsWith(extension)),
    );

    expect(sample.every((file) => file !== undefined)).toBe(true);
    const { stdout } = await run(process.execPath, [prettier, '--check', ...(sample as string[])], { cwd: clone });
    expect(stdout).toContain('All matched files use Prettier code style!');
  });
});
