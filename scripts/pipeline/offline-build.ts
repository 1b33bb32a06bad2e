/**
 * Running the real electron-builder where nothing can be downloaded (this project's machines): a stand-in Electron
 * folder for `-c.electronDist`, every download mirror and proxy pointed at a closed local port and empty caches (so
 * an attempt to fetch anything fails the build instead of passing by luck), and a stand-in AppImage toolset (the
 * system's mksquashfs and a static runtime compiled here) in electron-builder's static-runtime layout. The
 * packaging tests (test/integration/packaging/) and the rehearsal (scripts/pipeline/rehearse.ts) both build this way.
 */
import { execFile } from 'node:child_process';
import { chmod, mkdir, open, readFile, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

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

/** The Electron version package.json pins (electron-builder needs it when it is given a folder). */
export async function pinnedElectronVersion(projectRoot: string): Promise<string> {
  const packageJson = JSON.parse(await readFile(path.join(projectRoot, 'package.json'), 'utf8')) as {
    devDependencies?: Record<string, string>;
  };
  const version = packageJson.devDependencies?.['electron'];
  if (version === undefined || !/^\d+\.\d+\.\d+$/.test(version)) throw new Error('electron must be pinned exactly');
  return version;
}

/**
 * `<workDir>/electron-dist`: the stand-in `electron` (a shell script carrying Electron 45's fuse wire) and an empty
 * `chrome-sandbox`, the setuid helper a Linux Electron folder has.
 */
export async function writeStandInElectron(workDir: string): Promise<string> {
  const electronDist = path.join(workDir, 'electron-dist');
  await mkdir(electronDist, { recursive: true });
  await writeFile(path.join(electronDist, 'electron'), STAND_IN_EXECUTABLE);
  await chmod(path.join(electronDist, 'electron'), 0o755);
  await writeFile(path.join(electronDist, 'chrome-sandbox'), '');
  return electronDist;
}

/** electron-builder's arguments for a build from `electronDist` that rebuilds nothing. */
export function offlineBuilderArgs(electronDist: string, electronVersion: string): string[] {
  return [
    `-c.electronDist=${electronDist}`,
    `-c.electronVersion=${electronVersion}`,
    // Rebuilding keytar for Electron would download headers or prebuilt binaries; the N-API build made for Node
    // loads in Electron as it is (electron-builder.yml explains why rebuilding stays the default).
    '-c.npmRebuild=false',
  ];
}

/** Every mirror and proxy on a closed port, empty caches under `workDir`. */
export function offlineBuilderEnv(workDir: string): Record<string, string> {
  return {
    ELECTRON_MIRROR: CLOSED_PORT_URL,
    ELECTRON_BUILDER_BINARIES_MIRROR: CLOSED_PORT_URL,
    HTTP_PROXY: CLOSED_PORT_URL,
    HTTPS_PROXY: CLOSED_PORT_URL,
    ELECTRON_CACHE: path.join(workDir, 'electron-cache'),
    ELECTRON_BUILDER_CACHE: path.join(workDir, 'builder-cache'),
  };
}

/** Type-2 AppImage runtimes carry 'AI' + 2 at ELF offset 8 (padding the ELF spec leaves free). */
export async function markAsAppImageRuntime(file: string): Promise<void> {
  const handle = await open(file, 'r+');
  try {
    await handle.write(Buffer.from([0x41, 0x49, 0x02]), 0, 3, 8);
  } finally {
    await handle.close();
  }
}

/** A static program marked as a type-2 AppImage runtime, as the real static runtime is (gcc -static). */
export async function buildStaticRuntime(workDir: string): Promise<string> {
  const source = path.join(workDir, 'runtime.c');
  const runtime = path.join(workDir, 'runtime-static');
  await writeFile(source, 'int main(void) { return 0; }\n');
  await run('gcc', ['-static', '-o', runtime, source]);
  await markAsAppImageRuntime(runtime);
  return runtime;
}

/**
 * `<workDir>/appimage-tools` for APPIMAGE_TOOLS_PATH, in the static toolset's layout (app-builder-lib
 * toolsets/linux.js getPaths; the legacy one differs): mksquashfs, a desktop-file-validate that accepts, and
 * `runtime` as the x64 runtime.
 */
export async function writeAppImageToolset(workDir: string, mksquashfs: string, runtime: string): Promise<string> {
  const toolsDir = path.join(workDir, 'appimage-tools');
  await mkdir(path.join(toolsDir, 'runtimes'), { recursive: true });
  await mkdir(path.join(toolsDir, 'lib', 'x64'), { recursive: true });
  await symlink(mksquashfs, path.join(toolsDir, 'mksquashfs'));
  await writeFile(path.join(toolsDir, 'desktop-file-validate'), '#!/bin/sh\nexit 0\n', { mode: 0o755 });
  await writeFile(path.join(toolsDir, 'runtimes', 'runtime-x64'), await readFile(runtime));
  return toolsDir;
}
