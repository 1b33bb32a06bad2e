/**
 * Where electron-builder puts the app it packs, computed by electron-builder itself: its own platform packagers
 * (LinuxPackager, MacPackager, WinPackager) are made from electron-builder.yml and package.json, and their
 * computeAppOutDir, AppInfo.productFilename and Linux executableName give the folder and the file. The smoke step
 * (scripts/pipeline/steps.ts) and its tests ask this, so no path is typed twice.
 *
 * The names users see: `ntfy Tray.app` in Applications on macOS, `ntfy Tray.exe` on Windows (productName; there is
 * no top-level executableName), `ntfy-tray` on Linux (linux.executableName: a command name).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import {
  AppInfo,
  Arch,
  type Configuration,
  LinuxPackager,
  MacPackager,
  type Packager,
  WinPackager,
} from 'app-builder-lib';
import { parse } from 'yaml';
import type { TestHost as Os } from './test-hosts.ts';

export const PROJECT_ROOT = path.resolve(import.meta.dirname, '..', '..');

export type BuildArch = 'x64' | 'arm64';

function readBuilderConfig(projectRoot = PROJECT_ROOT): Configuration {
  return parse(readFileSync(path.join(projectRoot, 'electron-builder.yml'), 'utf8')) as Configuration;
}

/**
 * The part of electron-builder's Packager its platform packagers read while computing names and folders. The real
 * one also reads the project on disk and the Electron version; nothing of that changes a name.
 */
function packagerInfo(projectRoot: string, config: Configuration): Packager {
  const metadata = JSON.parse(readFileSync(path.join(projectRoot, 'package.json'), 'utf8')) as Record<string, unknown>;
  const info = { config, metadata, options: {}, projectDir: projectRoot, buildResourcesDir: 'build' } as Record<
    string,
    unknown
  >;
  info['appInfo'] = new AppInfo(info as unknown as Packager, null);
  return info as unknown as Packager;
}

/** PlatformPackager.computeAppOutDir: public in the JavaScript, protected in electron-builder's typings. */
interface ComputesAppOutDir {
  computeAppOutDir(outDir: string, arch: Arch): string;
}

function appOutDirOf(packager: object, outDir: string, arch: Arch): string {
  return (packager as ComputesAppOutDir).computeAppOutDir(outDir, arch);
}

interface PackagedApp {
  /** The unpacked app's folder, as electron-builder names it (`linux-unpacked`, `mac-arm64`, `win-unpacked`, …). */
  readonly appOutDir: string;
  /** The program to start. */
  readonly executable: string;
}

/** The unpacked app electron-builder makes for `os` and `arch` in `outputDir` (relative to the project). */
export function packagedApp(
  os: Os,
  arch: BuildArch,
  outputDir: string,
  projectRoot = PROJECT_ROOT,
  config = readBuilderConfig(projectRoot),
): PackagedApp {
  const info = packagerInfo(projectRoot, config);
  const output = path.resolve(projectRoot, outputDir);
  const builderArch = arch === 'arm64' ? Arch.arm64 : Arch.x64;
  if (os === 'linux') {
    const packager = new LinuxPackager(info);
    const appOutDir = appOutDirOf(packager, output, builderArch);
    return { appOutDir, executable: path.join(appOutDir, packager.executableName) };
  }
  if (os === 'darwin') {
    const packager = new MacPackager(info);
    const appOutDir = appOutDirOf(packager, output, builderArch);
    const name = packager.appInfo.productFilename;
    // MacPackager.applyCommonInfo: CFBundleExecutable is the product file name (less a trailing " Helper").
    const bundleExecutable = name.endsWith(' Helper') ? name.slice(0, -' Helper'.length) : name;
    return { appOutDir, executable: path.join(appOutDir, `${name}.app`, 'Contents', 'MacOS', bundleExecutable) };
  }
  const packager = new WinPackager(info);
  const appOutDir = appOutDirOf(packager, output, builderArch);
  return { appOutDir, executable: path.join(appOutDir, `${packager.appInfo.productFilename}.exe`) };
}
