import { execFile } from 'node:child_process';
import { chmod, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Configuration } from 'app-builder-lib';
import { generateAppRunScript } from 'app-builder-lib/out/targets/appimage/appImageUtil.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';

/*
 * Ubuntu 24.04 and later forbid unprivileged user namespaces unless an AppArmor profile allows them, and Chromium's
 * sandbox needs one (electron-builder #8440, electron #42510): Electron then aborts at start. What each Linux
 * target does about it, as far as it can be checked without building the packages (fpm and the AppImage tools
 * cannot be downloaded here):
 * - deb/rpm: electron-builder's own after-install script installs an AppArmor profile that allows them, and the
 *   sandbox stays on.
 * - AppImage: nothing is installed, and the SUID helper cannot work from its nosuid mount. Its launcher (AppRun)
 *   probes for user namespaces and adds --no-sandbox only where there are none; its desktop entry must not add it
 *   everywhere else too.
 */
const run = promisify(execFile);
const projectRoot = path.resolve(import.meta.dirname, '../../..');
const linuxTemplates = path.join(projectRoot, 'node_modules', 'app-builder-lib', 'templates', 'linux');

// AppRun is a bash script run with a PATH of POSIX folders; Windows runners have neither.
const canRunAppRun = process.platform !== 'win32';
if (!canRunAppRun) console.log('[linux-sandbox] AppRun launches skipped: they need a POSIX shell and PATH (Windows)');

let config: Configuration;
let workDir: string;

beforeAll(async () => {
  config = parse(await readFile(path.join(projectRoot, 'electron-builder.yml'), 'utf8')) as Configuration;
  workDir = await mkdtemp(path.join(os.tmpdir(), 'ntfy-tray-linux-sandbox-'));
});

afterAll(async () => {
  await rm(workDir, { recursive: true, force: true });
});

/** electron-builder's templates use ${name} placeholders, filled from the packager's values. */
function fillTemplate(template: string, values: Readonly<Record<string, string>>): string {
  return template.replace(/\$\{(\w+)\}/g, (placeholder, name: string) => values[name] ?? placeholder);
}

/** Runs an AppImage's AppRun with `unshare` answering as on a machine with (or without) user namespaces. */
async function launchAppRun(userNamespaces: 'available' | 'restricted', args: readonly string[]): Promise<string> {
  const caseDir = await mkdtemp(path.join(workDir, `${userNamespaces}-`));
  const appDir = path.join(caseDir, 'AppDir');
  const fakeBin = path.join(caseDir, 'bin');
  await mkdir(appDir);
  await mkdir(fakeBin);
  const appRun = generateAppRunScript({
    ExecutableName: 'ntfy-tray',
    DesktopFileName: 'ntfy-tray.desktop',
    ProductFilename: 'ntfy Tray',
    ProductName: 'ntfy Tray',
    ResourceName: 'ntfy-tray',
  });
  await writeFile(path.join(appDir, 'AppRun'), appRun, { mode: 0o755 });
  // Stands in for Electron: prints the arguments it was started with, one per line.
  await writeFile(path.join(appDir, 'ntfy-tray'), '#!/bin/sh\nfor arg in "$@"; do echo "$arg"; done\n', {
    mode: 0o755,
  });
  // `unshare -Ur true` fails on Ubuntu 24.04+ (uid_map cannot be written) and succeeds where namespaces work.
  await writeFile(path.join(fakeBin, 'unshare'), `#!/bin/sh\nexit ${userNamespaces === 'available' ? 0 : 1}\n`);
  await chmod(path.join(fakeBin, 'unshare'), 0o755);
  const { stdout } = await run('bash', [path.join(appDir, 'AppRun'), ...args], {
    env: { PATH: `${fakeBin}:/usr/bin:/bin`, APPDIR: appDir, HOME: caseDir },
  });
  return stdout;
}

describe('deb and rpm on Ubuntu 24.04+', () => {
  it('keep electron-builder’s after-install script, which installs the AppArmor profile it ships', async () => {
    // A custom script or profile of ours would have to do the same; none is configured.
    for (const options of [config.linux, config.deb, config.rpm]) {
      expect(options ?? {}).not.toHaveProperty('afterInstall');
      expect(options ?? {}).not.toHaveProperty('appArmorProfile');
    }
    const afterInstall = await readFile(path.join(linuxTemplates, 'after-install.tpl'), 'utf8');
    const filled = fillTemplate(afterInstall, { executable: 'ntfy-tray', sanitizedProductName: 'ntfy Tray' });

    expect(filled).toContain("APPARMOR_PROFILE_SOURCE='/opt/ntfy Tray/resources/apparmor-profile'");
    expect(filled).toContain("APPARMOR_PROFILE_TARGET='/etc/apparmor.d/ntfy-tray'");
    expect(filled).toContain('apparmor_parser --replace');
  });

  it('ship a profile that lets the installed binary create user namespaces, so the sandbox stays on', async () => {
    const profile = fillTemplate(await readFile(path.join(linuxTemplates, 'apparmor-profile.tpl'), 'utf8'), {
      executable: config.linux?.executableName ?? '',
      sanitizedProductName: config.productName ?? '',
    });

    expect(profile).toContain('profile "ntfy-tray" "/opt/ntfy Tray/ntfy-tray"');
    expect(profile).toMatch(/^\s*userns,$/m);
  });
});

describe('every Linux target', () => {
  it('starts Electron without --no-sandbox unless its launcher finds no user namespaces', () => {
    for (const options of [config.linux, config.appImage, config.deb, config.rpm]) {
      expect(options?.executableArgs ?? []).not.toContain('--no-sandbox');
    }
  });
});

describe('the AppImage on Ubuntu 24.04+', () => {
  it('declares its own desktop-entry arguments: electron-builder’s default adds --no-sandbox on every machine', () => {
    // AppImageTarget uses `executableArgs ?? ['--no-sandbox']` for the Exec line of the entry that desktop
    // integration tools install; an explicit list (even empty) replaces that default.
    expect(config.appImage?.executableArgs).toEqual([]);
  });

  it.runIf(canRunAppRun)('starts with the sandbox where user namespaces work', async () => {
    expect(await launchAppRun('available', [])).toBe('');
    expect(await launchAppRun('available', ['--hidden'])).toBe('--hidden\n');
  });

  it.runIf(canRunAppRun)(
    'starts without the sandbox where the AppArmor restriction forbids them, instead of aborting',
    async () => {
      expect(await launchAppRun('restricted', [])).toBe('--no-sandbox\n');
      expect(await launchAppRun('restricted', ['--hidden'])).toBe('--no-sandbox\n--hidden\n');
    },
  );
});
