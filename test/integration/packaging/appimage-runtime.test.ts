import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Configuration } from 'app-builder-lib';
import { appimageChecksums } from 'app-builder-lib/out/toolsets/linux.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { markAsAppImageRuntime, writeAppImageToolset } from '../../../scripts/pipeline/offline-build.ts';
import { runElectronBuilder } from './linux-dir-build.ts';

/*
 * The AppImage must start on stock Ubuntu 22.04/24.04, Fedora and Arch, which ship no libfuse.so.2: electron-builder's
 * legacy AppImage toolset ("0.0.0") uses AppImageKit's runtime, which loads it; the static type-2 runtime
 * (toolsets.appimage 1.0.x) loads nothing.
 *
 * What cannot be checked here: the real runtime is a download (AppImage/type2-runtime 20251108, in
 * electron-builder-binaries' appimage bundle) that neither npm nor Debian carries. So this test builds the AppImage
 * with electron-builder's own static-runtime code path, offline, from a stand-in toolset (APPIMAGE_TOOLS_PATH: the
 * system's mksquashfs and a stand-in runtime compiled here), and proves scripts/check-appimage-runtime.ts tells a
 * static runtime from one that needs libfuse.so.2. CI runs that script on the real AppImage after packaging
 * (.github/workflows/build.yml).
 */
const run = promisify(execFile);
const projectRoot = path.resolve(import.meta.dirname, '../../..');
const checkScript = path.join(projectRoot, 'scripts', 'check-appimage-runtime.ts');
const SQUASHFS_ZSTD = 6;

async function which(command: string): Promise<string | undefined> {
  try {
    return (await run('sh', ['-c', `command -v ${command}`])).stdout.trim() || undefined;
  } catch {
    return undefined;
  }
}

const tools = {
  gcc: await which('gcc'),
  mksquashfs: await which('mksquashfs'),
  unsquashfs: await which('unsquashfs'),
};
const missing = Object.entries(tools)
  .filter(([, found]) => found === undefined)
  .map(([name]) => name);
const canBuild = process.platform === 'linux' && process.arch === 'x64' && missing.length === 0;
if (!canBuild)
  console.log(
    `[appimage-runtime] building skipped: needs Linux x64 with gcc, mksquashfs and unsquashfs (squashfs-tools); ` +
      `here ${process.platform} ${process.arch}, missing: ${missing.join(', ') || 'none'}`,
  );

let config: Configuration;
let workDir: string;
/** Stand-in runtimes: a static program, and one linked against a libfuse.so.2 as the legacy runtime needs it. */
let staticRuntime: string;
let fuse2Runtime: string;

async function checkRuntime(file: string): Promise<{ code: number; output: string }> {
  try {
    const { stdout, stderr } = await run(process.execPath, [checkScript, file]);
    return { code: 0, output: stdout + stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, output: failed.stdout + failed.stderr };
  }
}

beforeAll(async () => {
  config = parse(await readFile(path.join(projectRoot, 'electron-builder.yml'), 'utf8')) as Configuration;
  workDir = await mkdtemp(path.join(os.tmpdir(), 'ntfy-tray-appimage-'));
  if (!canBuild) return;
  await writeFile(path.join(workDir, 'runtime.c'), 'int main(void) { return 0; }\n');
  await writeFile(path.join(workDir, 'fuse.c'), 'int fuse_main_real(void) { return 0; }\n');
  await writeFile(
    path.join(workDir, 'fuse-runtime.c'),
    'int fuse_main_real(void);\nint main(void) { return fuse_main_real(); }\n',
  );
  staticRuntime = path.join(workDir, 'runtime-static');
  fuse2Runtime = path.join(workDir, 'runtime-fuse2');
  await run('gcc', ['-static', '-o', staticRuntime, 'runtime.c'], { cwd: workDir });
  await run('gcc', ['-shared', '-fPIC', '-Wl,-soname,libfuse.so.2', '-o', 'libfuse.so.2', 'fuse.c'], { cwd: workDir });
  await run('gcc', ['-o', fuse2Runtime, 'fuse-runtime.c', `${workDir}/libfuse.so.2`], { cwd: workDir });
  await markAsAppImageRuntime(staticRuntime);
  await markAsAppImageRuntime(fuse2Runtime);
}, 60_000);

afterAll(async () => {
  await rm(workDir, { recursive: true, force: true });
});

describe('the AppImage runtime', () => {
  it('is electron-builder’s static type-2 runtime, not the legacy toolset that needs libfuse.so.2', () => {
    const toolset = config.toolsets?.appimage;
    const staticToolsets = Object.keys(appimageChecksums).filter((version) => version !== '0.0.0');

    expect(staticToolsets).toContain(toolset);
    expect(Object.keys(appimageChecksums[toolset as keyof typeof appimageChecksums])).toEqual([
      'appimage-tools-runtime-20251108.tar.gz',
    ]);
  });

  it.runIf(canBuild)(
    'check-appimage-runtime passes a static runtime and fails one linked to libfuse.so.2',
    async () => {
      const readelf = await run('readelf', ['-d', fuse2Runtime]);
      expect(readelf.stdout).toContain('Shared library: [libfuse.so.2]');

      expect(await checkRuntime(staticRuntime)).toEqual({
        code: 0,
        output: `${staticRuntime}: static type-2 runtime, needs no libfuse\n`,
      });
      const fuse2 = await checkRuntime(fuse2Runtime);
      expect(fuse2.code).toBe(1);
      expect(fuse2.output).toContain('dynamically linked (interpreter /lib64/ld-linux-x86-64.so.2)');
      expect(fuse2.output).toContain('has a dynamic section');
    },
  );

  it.runIf(canBuild)(
    'is what electron-builder puts in front of the AppImage it builds offline with this configuration',
    async () => {
      const toolsDir = await writeAppImageToolset(workDir, tools.mksquashfs ?? '', staticRuntime);
      const runtime = await readFile(staticRuntime);
      const { outputDir } = await runElectronBuilder({
        workDir,
        targets: ['--linux', 'AppImage', '--x64'],
        env: { APPIMAGE_TOOLS_PATH: toolsDir },
      });
      const appImage = path.join(outputDir, `ntfy Tray-0.1.0.AppImage`);
      const packed = await readFile(appImage);

      // The runtime, then the squashfs image right behind it, compressed with zstd (which the static runtime reads).
      expect(packed.subarray(0, runtime.length).equals(runtime)).toBe(true);
      expect(packed.toString('latin1', runtime.length, runtime.length + 4)).toBe('hsqs');
      expect(packed.readUInt16LE(runtime.length + 20)).toBe(SQUASHFS_ZSTD);
      expect((await checkRuntime(appImage)).code).toBe(0);
      const listing = await run(tools.unsquashfs ?? '', ['-o', String(runtime.length), '-l', '-d', '', appImage]);
      expect(listing.stdout.split('\n')).toEqual(
        // No /resources/app-update.yml: built without NTFY_TRAY_RELEASE_REPOSITORY (updates-config.test.ts).
        expect.arrayContaining(['/AppRun', '/ntfy-tray', '/ntfy-tray.desktop', '/resources/app.asar']),
      );
    },
    180_000,
  );
});
