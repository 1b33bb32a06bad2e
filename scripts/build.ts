/**
 * Builds the three parts of the app into dist/ with Vite's JS API (run with `node scripts/build.ts`, Node 24):
 *   dist/main/index.js      main process, ESM for Node 24; electron, Node built-ins and package.json
 *                           dependencies stay external (electron-builder ships node_modules for those)
 *   dist/main/cli.js        the headless `ntfy-tray` command (package.json "bin"), built the same way
 *   dist/preload/index.cjs  preload, one CommonJS file: a sandboxed preload can neither be ESM nor require
 *                           anything but 'electron'
 *   dist/renderer/          the React page, from vite.config.ts
 */
import { readdir, readFile, rm, stat } from 'node:fs/promises';
import { isBuiltin } from 'node:module';
import path from 'node:path';
import { build, type Rolldown } from 'vite';

const root = path.resolve(import.meta.dirname, '..');
const distDir = path.join(root, 'dist');

async function readDependencyNames(): Promise<string[]> {
  const packageJson = JSON.parse(await readFile(path.join(root, 'package.json'), 'utf8')) as {
    dependencies?: Record<string, string>;
  };
  return Object.keys(packageJson.dependencies ?? {});
}

function isPackageOrSubpath(id: string, name: string): boolean {
  return id === name || id.startsWith(`${name}/`);
}

function collectChunks(result: Awaited<ReturnType<typeof build>>): Rolldown.OutputChunk[] {
  if (!Array.isArray(result) && !('output' in result)) throw new Error('vite build started a watcher; expected output');
  const outputs = Array.isArray(result) ? result : [result];
  return outputs.flatMap((output) => output.output.filter((item) => item.type === 'chunk'));
}

/** A Node entry point (the Electron main process or the headless CLI) as one ESM file in dist/main/. */
async function buildNodeEntry(entry: string, fileName: string, dependencies: readonly string[]): Promise<void> {
  await build({
    configFile: false,
    root,
    logLevel: 'warn',
    ssr: { noExternal: true, target: 'node' },
    build: {
      ssr: path.join(root, entry),
      outDir: path.join(distDir, 'main'),
      emptyOutDir: false,
      target: 'node24',
      minify: false,
      sourcemap: true,
      rolldownOptions: {
        external: (id) =>
          isBuiltin(id) ||
          isPackageOrSubpath(id, 'electron') ||
          dependencies.some((name) => isPackageOrSubpath(id, name)),
        output: { format: 'es', entryFileNames: fileName },
      },
    },
  });
}

async function buildPreload(): Promise<void> {
  const result = await build({
    configFile: false,
    root,
    logLevel: 'warn',
    ssr: { noExternal: true, target: 'node' },
    build: {
      ssr: path.join(root, 'preload/index.ts'),
      outDir: path.join(distDir, 'preload'),
      emptyOutDir: true,
      target: 'es2024',
      minify: false,
      sourcemap: 'inline',
      rolldownOptions: {
        external: (id) => isPackageOrSubpath(id, 'electron'),
        output: { format: 'cjs', entryFileNames: 'index.cjs', codeSplitting: false },
      },
    },
  });
  // Fail the build rather than ship a preload that would throw in the sandbox at startup.
  const chunks = collectChunks(result);
  const foreignImports = chunks.flatMap((chunk) => chunk.imports).filter((id) => id !== 'electron');
  if (chunks.length !== 1 || foreignImports.length > 0) {
    throw new Error(
      `the preload must be one file that requires only 'electron'; got ${chunks.length} file(s) importing ${foreignImports.join(', ') || 'nothing else'}`,
    );
  }
}

async function buildRenderer(): Promise<void> {
  // Always a production React build, whatever NODE_ENV the caller has: Vite keeps a NODE_ENV it finds set, and
  // development React is slower and would be what gets packaged.
  process.env['NODE_ENV'] = 'production';
  await build({ configFile: path.join(root, 'vite.config.ts'), mode: 'production', logLevel: 'warn' });
}

async function listFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => path.join(entry.parentPath, entry.name));
}

async function printSummary(startedAt: number): Promise<void> {
  const files = (await listFiles(distDir)).filter((file) => !file.endsWith('.map')).sort();
  for (const file of files) {
    const { size } = await stat(file);
    console.log(`  ${path.relative(root, file).padEnd(48)} ${(size / 1024).toFixed(1).padStart(8)} KiB`);
  }
  console.log(`built ${files.length} files (source maps not listed) in ${Date.now() - startedAt} ms`);
}

async function main(): Promise<void> {
  const startedAt = Date.now();
  await rm(distDir, { recursive: true, force: true });
  const dependencies = await readDependencyNames();
  await buildNodeEntry('main/index.ts', 'index.js', dependencies);
  await buildNodeEntry('main/cli.ts', 'cli.js', dependencies);
  await buildPreload();
  await buildRenderer();
  await printSummary(startedAt);
}

main().catch((error: unknown) => {
  console.error('build failed:', error);
  process.exitCode = 1;
});
