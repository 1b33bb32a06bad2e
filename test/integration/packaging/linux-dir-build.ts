/**
 * Runs the real electron-builder on electron-builder.yml for the Linux "dir" target (no deb/rpm/AppImage tooling
 * needed). Electron itself cannot be downloaded here, so a stand-in folder with a fake `electron` executable is
 * passed as electronDist; every download mirror and proxy points at a closed local port and the caches are empty
 * temp folders, so any attempt to fetch something fails the build instead of passing by luck.
 */
import { execFile } from 'node:child_process';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import {
  offlineBuilderArgs,
  offlineBuilderEnv,
  pinnedElectronVersion,
  writeStandInElectron,
} from '../../../scripts/pipeline/offline-build.ts';
import { ensureDistBuilt } from '../../electron-runtime/ensure-dist.ts';

const run = promisify(execFile);
const projectRoot = path.resolve(import.meta.dirname, '../../..');
export {
  ELECTRON_DEFAULT_FUSES,
  FUSE_SENTINEL,
  STAND_IN_EXECUTABLE,
  STAND_IN_SCRIPT,
} from '../../../scripts/pipeline/offline-build.ts';

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
  const electronDist = await writeStandInElectron(workDir);
  const outputDir = path.join(workDir, 'release');

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
      ...offlineBuilderArgs(electronDist, await pinnedElectronVersion(projectRoot)),
      `-c.directories.output=${outputDir}`,
    ],
    {
      cwd: projectRoot,
      env: { ...processEnvWithoutVitest(), ...options.env, ...offlineBuilderEnv(workDir) },
    },
  );
  return { outputDir, log: builder.stdout + builder.stderr };
}

/** Packs dist/ into `<workDir>/release` as electron-builder's Linux dir target. */
export async function buildLinuxDir(workDir: string): Promise<LinuxDirBuild> {
  const { outputDir, log } = await runElectronBuilder({ workDir, targets: ['--linux', '--dir'] });
  return { unpackedDir: await findUnpackedDir(outputDir), log };
}
