/**
 * Runs the real electron-builder on electron-builder.yml for the Linux "dir" target (no deb/rpm/AppImage tooling
 * needed). Electron itself cannot be downloaded here, so a stand-in folder with a fake `electron` executable is
 * passed as electronDist; every download mirror and proxy points at a closed local port and the caches are empty
 * temp folders, so any attempt to fetch something fails the build instead of passing by luck.
 */
import { execFile } from 'node:child_process';
import { chmod, mkdir, readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { ensureDistBuilt } from '../../electron-runtime/ensure-dist.ts';

const run = promisify(execFile);
const projectRoot = path.resolve(import.meta.dirname, '../../..');
/*
 * A real Electron binary carries its fuses after this marker: a version byte (1), the number of fuses, then one
 * byte per fuse ('0' off, '1' on, 'r' removed). https://github.com/electron/fuses
 */
export const FUSE_SENTINEL = 'dL7pKGdnNz796PbbjQWNKmHXBZaB9tsX';
/** Electron 45's own defaults, in @electron/fuses' order (FuseV1Options 0–7). */
export const ELECTRON_DEFAULT_FUSES = '10110001';
export const STAND_IN_SCRIPT = '#!/bin/sh\necho "stand-in for the Electron binary"\nexit 0\n';
export const STAND_IN_EXECUTABLE = `${STAND_IN_SCRIPT}# ${FUSE_SENTINEL}\u0001\u0008${ELECTRON_DEFAULT_FUSES}\n`;
const CLOSED_PORT_URL = 'http://127.0.0.1:9/';

export interface LinuxDirBuild {
  /** `<output>/linux-unpacked` (or linux-<arch>-unpacked): the executable and resources/ (app.asar, …). */
  readonly unpackedDir: string;
  /** What electron-builder printed. */
  readonly log: string;
}

/** electron-builder prints nothing but errors when it sees VITEST in its environment; the tests read its log. */
function processEnvWithoutVitest(): NodeJS.ProcessEnv {
  const env = { ...process.env };
  delete env['VITEST'];
  return env;
}

export async function findUnpackedDir(outputDir: string): Promise<string> {
  // linux-unpacked on x64, linux-<arch>-unpacked elsewhere.
  const names = (await readdir(outputDir)).filter((name) => /^linux(-\w+)?-unpacked$/.test(name));
  if (names.length !== 1 || names[0] === undefined)
    throw new Error(`expected one unpacked app, found ${names.join(', ') || 'none'}`);
  return path.join(outputDir, names[0]);
}

export interface ElectronBuilderRun {
  /** Scratch folder: the stand-in Electron folder, the empty caches and `release/` (the output) go in it. */
  readonly workDir: string;
  /** What to build, as electron-builder's arguments (e.g. `['--linux', '--dir']`). */
  readonly targets: readonly string[];
  /** Added to the environment (e.g. APPIMAGE_TOOLS_PATH). */
  readonly env?: NodeJS.ProcessEnv;
}

/**
 * Builds dist/ if stale, then runs the real electron-builder on electron-builder.yml with a stand-in Electron
 * folder, every mirror and proxy on a closed port and empty caches. Resolves to `<workDir>/release` and the log.
 */
export async function runElectronBuilder(options: ElectronBuilderRun): Promise<{ outputDir: string; log: string }> {
  const { workDir } = options;
  const electronDist = path.join(workDir, 'electron-dist');
  const outputDir = path.join(workDir, 'release');
  await mkdir(electronDist, { recursive: true });
  await writeFile(path.join(electronDist, 'electron'), STAND_IN_EXECUTABLE);
  await chmod(path.join(electronDist, 'electron'), 0o755);

  // Rebuilds dist/ only when stale, under the lock the app tests share: a rebuild empties dist/ first, which
  // another packaging test or an app test reading it at that moment would see half-made.
  await ensureDistBuilt();
  // process.execPath is the Node 24 that runs vitest (npm exec puts the pinned `node` first on PATH).
  const builder = await run(
    process.execPath,
    [
      path.join(projectRoot, 'node_modules', 'electron-builder', 'cli.js'),
      ...options.targets,
      '--publish',
      'never',
      `-c.electronDist=${electronDist}`,
      '-c.electronVersion=45.4.1',
      `-c.directories.output=${outputDir}`,
      // Rebuilding keytar for Electron would download headers or prebuilt binaries; the N-API build made for Node
      // loads in Electron as it is (electron-builder.yml explains why rebuilding stays the default).
      '-c.npmRebuild=false',
    ],
    {
      cwd: projectRoot,
      env: {
        ...processEnvWithoutVitest(),
        ...options.env,
        ELECTRON_MIRROR: CLOSED_PORT_URL,
        ELECTRON_BUILDER_BINARIES_MIRROR: CLOSED_PORT_URL,
        HTTP_PROXY: CLOSED_PORT_URL,
        HTTPS_PROXY: CLOSED_PORT_URL,
        ELECTRON_CACHE: path.join(workDir, 'electron-cache'),
        ELECTRON_BUILDER_CACHE: path.join(workDir, 'builder-cache'),
      },
    },
  );
  return { outputDir, log: builder.stdout + builder.stderr };
}

/** Packs dist/ into `<workDir>/release` as electron-builder's Linux dir target. */
export async function buildLinuxDir(workDir: string): Promise<LinuxDirBuild> {
  const { outputDir, log } = await runElectronBuilder({ workDir, targets: ['--linux', '--dir'] });
  return { unpackedDir: await findUnpackedDir(outputDir), log };
}
