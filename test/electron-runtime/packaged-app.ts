/**
 * An installed app's folder for a packaged launch (launchApp's `packaged`): `<install>/resources/app` holding what
 * electron-builder.yml's `files` patterns pack (read from that file, so a pattern change shows here), with this
 * repository's node_modules linked in. Electron-builder itself packs them into app.asar, which Node cannot read, and
 * packs only production dependencies (docs/packaging.md lists both as gaps).
 */
import { cp, mkdir, readdir, readFile, stat, symlink } from 'node:fs/promises';
import path from 'node:path';
import { parse } from 'yaml';
import { repoRoot } from './ensure-dist.ts';

async function builderFilePatterns(): Promise<string[]> {
  const config = parse(await readFile(path.join(repoRoot, 'electron-builder.yml'), 'utf8')) as { files?: unknown };
  if (!Array.isArray(config.files) || !config.files.every((entry) => typeof entry === 'string')) {
    throw new Error('electron-builder.yml: `files` is not a list of patterns');
  }
  return config.files;
}

/** electron-builder's rule: a file is packed when it matches a pattern and no later `!pattern` excludes it. */
function isPacked(relative: string, patterns: readonly string[]): boolean {
  let packed = false;
  for (const pattern of patterns) {
    if (pattern.startsWith('!')) {
      if (path.matchesGlob(relative, pattern.slice(1))) packed = false;
    } else if (path.matchesGlob(relative, pattern)) {
      packed = true;
    }
  }
  return packed;
}

async function listFiles(dir: string, prefix = ''): Promise<string[]> {
  const entries = await readdir(path.join(dir, prefix), { withFileTypes: true });
  const nested = await Promise.all(
    entries.map(async (entry) => {
      const relative = prefix === '' ? entry.name : `${prefix}/${entry.name}`;
      if (entry.name === 'node_modules' || entry.name.startsWith('.')) return [];
      return entry.isDirectory() ? listFiles(dir, relative) : [relative];
    }),
  );
  return nested.flat();
}

/** Lays out `<install>/resources/app` under `install` and returns that app folder (launchApp's `appDir`). */
export async function layOutPackagedApp(install: string): Promise<string> {
  const appDir = path.join(install, 'resources', 'app');
  const patterns = await builderFilePatterns();
  // Only the top-level entries a pattern names can hold packed files.
  const roots = [...new Set(patterns.filter((p) => !p.startsWith('!')).map((p) => p.split('/')[0] ?? p))];
  const candidates = await Promise.all(
    roots.map(async (root) =>
      (await stat(path.join(repoRoot, root))).isDirectory() ? listFiles(repoRoot, root) : [root],
    ),
  );
  const files = candidates.flat().filter((file) => isPacked(file, patterns));
  for (const file of files) {
    await mkdir(path.dirname(path.join(appDir, file)), { recursive: true });
    await cp(path.join(repoRoot, file), path.join(appDir, file));
  }
  await symlink(path.join(repoRoot, 'node_modules'), path.join(appDir, 'node_modules'), 'dir');
  return appDir;
}
