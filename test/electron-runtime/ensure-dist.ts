/**
 * Vitest runs before `npm run build` in `npm test`, so the app tests build dist/ themselves when it is missing or
 * older than the sources, with the same Node and script as `npm run build`. A lock folder keeps two test files
 * from building at once (scripts/build.ts empties dist/ first).
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdir, readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { tallyStart } from '../support/start-tally.ts';

export const repoRoot = path.resolve(import.meta.dirname, '..', '..');

const SOURCES = ['main', 'preload', 'renderer', 'scripts/build.ts', 'vite.config.ts', 'package.json'];
const OUTPUTS = ['dist/main/index.js', 'dist/preload/index.cjs', 'dist/renderer/index.html'];
/** How often a waiting test file looks whether the other one's build finished, and for how long at most (ms). */
const LOCK_POLL_MS = 200;
const LOCK_WAIT_MS = 120_000;

async function newestMtimeMs(target: string): Promise<number> {
  const info = await stat(target);
  if (!info.isDirectory()) return info.mtimeMs;
  const entries = await readdir(target, { recursive: true, withFileTypes: true });
  const times = await Promise.all(
    entries
      .filter((entry) => entry.isFile())
      .map(async (entry) => (await stat(path.join(entry.parentPath, entry.name))).mtimeMs),
  );
  return Math.max(info.mtimeMs, ...times);
}

async function oldestOutputMs(): Promise<number | undefined> {
  try {
    const times = await Promise.all(OUTPUTS.map(async (file) => (await stat(path.join(repoRoot, file))).mtimeMs));
    return Math.min(...times);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

async function isFresh(): Promise<boolean> {
  const built = await oldestOutputMs();
  if (built === undefined) return false;
  const sources = await Promise.all(SOURCES.map((source) => newestMtimeMs(path.join(repoRoot, source))));
  return Math.max(...sources) <= built;
}

async function runBuild(): Promise<void> {
  tallyStart('build');
  const child = spawn(process.execPath, ['scripts/build.ts'], { cwd: repoRoot, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const [code] = (await once(child, 'exit')) as [number | null];
  if (code !== 0) throw new Error(`npm run build failed (exit ${String(code)}):\n${output}`);
}

export async function ensureDistBuilt(): Promise<void> {
  if (await isFresh()) return;
  const lock = path.join(repoRoot, 'node_modules', '.cache', 'electron-runtime-build.lock');
  await mkdir(path.dirname(lock), { recursive: true });
  const waitUntil = Date.now() + LOCK_WAIT_MS;
  for (;;) {
    try {
      await mkdir(lock);
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      if (Date.now() > waitUntil)
        throw new Error(`${lock} is still held; remove it if no build runs`, { cause: error });
      await delay(LOCK_POLL_MS);
    }
  }
  try {
    if (!(await isFresh())) await runBuild();
  } finally {
    await rm(lock, { recursive: true, force: true });
  }
}
