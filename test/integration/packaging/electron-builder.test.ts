import { access, constants, mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openAsar, type AsarArchive } from './asar.ts';
import { buildLinuxDir, FUSE_SENTINEL, STAND_IN_EXECUTABLE, STAND_IN_SCRIPT } from './linux-dir-build.ts';

/*
 * What the real electron-builder makes of electron-builder.yml for the Linux "dir" target, built with a stand-in
 * Electron folder and every download refused (linux-dir-build.ts).
 */
const projectRoot = path.resolve(import.meta.dirname, '../../..');

let workDir: string;
let unpackedDir: string;
let archive: AsarArchive;
let builderLog: string;

beforeAll(async () => {
  workDir = await mkdtemp(path.join(os.tmpdir(), 'ntfy-tray-packaging-'));
  ({ unpackedDir, log: builderLog } = await buildLinuxDir(workDir));
  archive = await openAsar(path.join(unpackedDir, 'resources', 'app.asar'));
}, 180_000);

afterAll(async () => {
  await rm(workDir, { recursive: true, force: true });
});

describe('electron-builder.yml (linux dir target)', () => {
  it('uses the local Electron folder instead of downloading one', () => {
    expect(builderLog).toContain('using custom unpacked Electron distribution');
    expect(builderLog).not.toMatch(/downloading/i);
  });

  it('names the executable ntfy-tray and takes it from the Electron folder', async () => {
    const executable = path.join(unpackedDir, 'ntfy-tray');
    await access(executable, constants.X_OK);
    const packed = await readFile(executable, 'latin1');
    expect(packed.startsWith(`${STAND_IN_SCRIPT}# ${FUSE_SENTINEL}`)).toBe(true);
    expect(packed.length).toBe(STAND_IN_EXECUTABLE.length);
  });

  it('flips the Electron fuses in the packaged binary: no Node mode, app code only from an integrity-checked app.asar, no extra file: privileges', async () => {
    const packed = await readFile(path.join(unpackedDir, 'ntfy-tray'));
    const wireStart = packed.indexOf(FUSE_SENTINEL) + FUSE_SENTINEL.length;
    const [version, length] = [packed[wireStart], packed[wireStart + 1]];
    const wire = packed.toString('latin1', wireStart + 2, wireStart + 2 + (length ?? 0));
    const fuse = (index: number): string => (wire[index] === '1' ? 'on' : wire[index] === '0' ? 'off' : 'unset');

    expect([version, length]).toEqual([1, 8]);
    expect({
      runAsNode: fuse(0),
      // Not ours to decide here: the app keeps no cookies, so Electron's default stays.
      enableCookieEncryption: fuse(1),
      enableNodeOptionsEnvironmentVariable: fuse(2),
      enableNodeCliInspectArguments: fuse(3),
      enableEmbeddedAsarIntegrityValidation: fuse(4),
      onlyLoadAppFromAsar: fuse(5),
      loadBrowserProcessSpecificV8Snapshot: fuse(6),
      grantFileProtocolExtraPrivileges: fuse(7),
    }).toEqual({
      runAsNode: 'off',
      enableCookieEncryption: 'off',
      enableNodeOptionsEnvironmentVariable: 'off',
      enableNodeCliInspectArguments: 'off',
      enableEmbeddedAsarIntegrityValidation: 'on',
      onlyLoadAppFromAsar: 'on',
      loadBrowserProcessSpecificV8Snapshot: 'off',
      // The page comes from the app:// scheme (main/desktop/app-protocol.ts), so file: pages need nothing extra.
      grantFileProtocolExtraPrivileges: 'off',
    });
  });

  it('packs the built main, preload and renderer, the assets and package.json into app.asar', () => {
    expect(archive.paths).toEqual(
      expect.arrayContaining([
        'dist/main/index.js',
        'dist/preload/index.cjs',
        'dist/renderer/index.html',
        'assets/icon.png',
        'assets/tray/tray.png',
        'assets/tray/trayTemplate.png',
        'package.json',
      ]),
    );
  });

  it('packs a package.json whose main entry is inside the archive', async () => {
    const packageJson = JSON.parse(await archive.readText('package.json')) as { main?: string; name?: string };

    expect(packageJson.name).toBe('ntfy-tray');
    expect(packageJson.main).toBe('dist/main/index.js');
    expect(archive.paths).toContain(packageJson.main);
  });

  it('ships nothing but the build, assets, package.json and production dependencies', () => {
    const topLevel = new Set(archive.paths.map((entry) => entry.split('/')[0]));
    expect([...topLevel].sort()).toEqual(['assets', 'dist', 'node_modules', 'package.json']);
    expect(archive.paths.filter((entry) => entry.startsWith('dist/') && entry.endsWith('.map'))).toEqual([]);
    expect(archive.paths.filter((entry) => /^node_modules\/(electron|vite|react|typescript)\//.test(entry))).toEqual(
      [],
    );
  });

  it('ships no tests, test helpers or source maps of our own', () => {
    const ours = archive.paths.filter((entry) => !entry.startsWith('node_modules/'));
    expect(ours.filter((entry) => /(^|\/)(test|tests|__tests__|e2e|fakes|fixtures)(\/|$)/.test(entry))).toEqual([]);
    expect(ours.filter((entry) => /\.(test|spec)\.[cm]?[jt]sx?$/.test(entry))).toEqual([]);
    expect(ours.filter((entry) => entry.endsWith('.map'))).toEqual([]);
    // TypeScript sources never ship: the build bundles them into dist/.
    expect(ours.filter((entry) => /\.tsx?$/.test(entry) && !entry.endsWith('.d.ts'))).toEqual([]);
  });

  it('ships no package that only devDependencies need, per package-lock.json', async () => {
    // electron-builder flattens nested production dependencies, so a packed node_modules/x may be a production
    // copy of x where the lock file's top-level x is a dev one: compare name and version, not folders.
    const lock = JSON.parse(await readFile(path.join(projectRoot, 'package-lock.json'), 'utf8')) as {
      packages: Record<string, { version?: string; dev?: boolean }>;
    };
    const production = new Set(
      Object.entries(lock.packages)
        .filter(([location, info]) => location.startsWith('node_modules/') && info.dev !== true)
        .map(([location, info]) => `${location.slice(location.lastIndexOf('node_modules/') + 13)}@${info.version}`),
    );
    const manifests = archive.paths.filter((entry) =>
      /^(?:node_modules\/(?:@[^/]+\/)?[^/]+\/)+package\.json$/.test(entry),
    );
    const packed = await Promise.all(
      manifests.map(async (entry) => {
        const text = archive.isUnpacked(entry)
          ? await readFile(path.join(unpackedDir, 'resources', 'app.asar.unpacked', entry), 'utf8')
          : await archive.readText(entry);
        const { name, version } = JSON.parse(text) as { name: string; version: string };
        return `${name}@${version}`;
      }),
    );

    expect(packed.length).toBeGreaterThan(20);
    expect(packed.filter((nameAndVersion) => !production.has(nameAndVersion))).toEqual([]);
  });

  it('ships every production dependency from package.json', async () => {
    const packageJson = JSON.parse(await readFile(path.join(projectRoot, 'package.json'), 'utf8')) as {
      dependencies: Record<string, string>;
    };

    for (const name of Object.keys(packageJson.dependencies)) {
      expect(archive.paths).toContain(`node_modules/${name}/package.json`);
    }
  });

  it('packs every tray icon variant with its @2x twin', () => {
    for (const name of ['tray', 'trayUnread', 'trayTrouble']) {
      for (const suffix of ['', 'Template']) {
        expect(archive.paths).toContain(`assets/tray/${name}${suffix}.png`);
        expect(archive.paths).toContain(`assets/tray/${name}${suffix}@2x.png`);
      }
    }
  });

  it('keeps the icons outside the archive too, where the notification server (another process) can read them', async () => {
    // The app must hand D-Bus this app.asar.unpacked path: only Electron itself can read inside app.asar.
    for (const icon of ['assets/icon.png', 'assets/tray/tray.png', 'assets/tray/trayUnread@2x.png']) {
      expect(archive.isUnpacked(icon), icon).toBe(true);
      await access(path.join(unpackedDir, 'resources', 'app.asar.unpacked', icon));
    }
  });

  it('keeps keytar’s native module outside the archive, where it can be loaded', async () => {
    const nativeModule = 'node_modules/keytar/build/Release/keytar.node';

    expect(archive.isUnpacked(nativeModule)).toBe(true);
    await access(path.join(unpackedDir, 'resources', 'app.asar.unpacked', nativeModule));
  });
});
