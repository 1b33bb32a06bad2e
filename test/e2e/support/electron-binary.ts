import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

export type ElectronBinary =
  /** `packaged`: an installed or unpacked build of the app itself (it loads its own app.asar: no `.` argument). */
  | { readonly found: true; readonly path: string; readonly packaged?: boolean }
  | { readonly found: false; readonly reason: string };

/** Relative to the project when inside it, so the skip reason reads like the default message. */
function describePath(projectRoot: string, target: string): string {
  const relative = path.relative(projectRoot, target);
  return relative.startsWith('..') || path.isAbsolute(relative) ? target : relative;
}

function readExecutableName(pathFile: string, overrideDir: string | undefined): string | undefined {
  if (existsSync(pathFile)) return readFileSync(pathFile, 'utf8').trim();
  // Like Electron's index.js: an override folder without path.txt is expected to hold `electron`.
  return overrideDir === undefined ? undefined : 'electron';
}

/**
 * Finds the Electron executable the way node_modules/electron/index.js does (path.txt names it inside dist/, or
 * inside ELECTRON_OVERRIDE_DIST_PATH), but without importing that module: importing it starts a download when the
 * binary is missing, and downloads are impossible on this project's build machines.
 */
export function findElectronBinary(
  projectRoot: string,
  env: NodeJS.ProcessEnv = process.env,
  platform: NodeJS.Platform = process.platform,
): ElectronBinary {
  // CI's packaging job points here at the app it built (.github/workflows/build.yml); a missing file is its mistake.
  const packaged = env['NTFY_TRAY_SMOKE_EXECUTABLE'];
  if (packaged !== undefined && packaged !== '') {
    if (!existsSync(packaged)) throw new Error(`NTFY_TRAY_SMOKE_EXECUTABLE names ${packaged}, which does not exist`);
    return { found: true, path: packaged, packaged: true };
  }
  const packageDir = path.join(projectRoot, 'node_modules', 'electron');
  const pathFile = path.join(packageDir, 'path.txt');
  const overrideDir = env['ELECTRON_OVERRIDE_DIST_PATH'];
  const executableName = readExecutableName(pathFile, overrideDir);
  if (executableName === undefined) {
    return {
      found: false,
      reason:
        'Electron binary not installed (node_modules/electron/path.txt and node_modules/electron/dist missing; ' +
        'it cannot be downloaded on this machine)',
    };
  }
  const executable = path.join(overrideDir ?? path.join(packageDir, 'dist'), executableName);
  if (!existsSync(executable)) {
    return {
      found: false,
      reason: `Electron binary not installed (${describePath(projectRoot, executable)} missing; it cannot be downloaded on this machine)`,
    };
  }
  // On Linux Electron needs a display. `npm test` on a runner has none (the Test step): there the real Electron is
  // left to the smoke step, which starts the packaged build under xvfb-run (scripts/pipeline/steps.ts).
  if (platform === 'linux' && !env['DISPLAY'] && !env['WAYLAND_DISPLAY']) {
    return {
      found: false,
      reason:
        'no display (DISPLAY and WAYLAND_DISPLAY unset) for npm’s Electron; the pipeline’s smoke step runs this ' +
        'test on the packaged build under xvfb-run (npm run pipeline -- smoke)',
    };
  }
  return { found: true, path: executable };
}
