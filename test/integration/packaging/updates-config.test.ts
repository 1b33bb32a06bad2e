import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Configuration } from 'app-builder-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { feedFromAppUpdateConfig } from '../../../main/core/updates/update-policy.ts';
import { electronBuilderArguments, publishArguments } from '../../../scripts/dist.ts';
import { findUnpackedDir, runElectronBuilder } from './linux-dir-build.ts';

/*
 * A build's release feed is one value, NTFY_TRAY_RELEASE_REPOSITORY: scripts/dist.ts hands it to electron-builder's
 * `publish`, electron-builder writes app-update.yml from it, and the app reads its feed and release links back from
 * that file (main/desktop/updates.ts). These build with the real electron-builder (Linux dir target, stand-in
 * Electron, offline) and read what it wrote.
 */
const projectRoot = path.resolve(import.meta.dirname, '../../..');
const config = parse(await readFile(path.join(projectRoot, 'electron-builder.yml'), 'utf8')) as Configuration;

let workDir: string;

beforeAll(async () => {
  workDir = await mkdtemp(path.join(os.tmpdir(), 'ntfy-tray-updates-config-'));
});

afterAll(async () => {
  await rm(workDir, { recursive: true, force: true });
});

async function appUpdateConfig(unpackedDir: string): Promise<unknown> {
  return parse(await readFile(path.join(unpackedDir, 'resources', 'app-update.yml'), 'utf8'));
}

describe('electron-builder.yml for updates', () => {
  it('names no release repository of its own: publish is null, so electron-builder guesses none', () => {
    expect(config.publish).toBeNull();
  });

  it('builds the zip electron-updater installs macOS updates from, for both architectures like the dmg', () => {
    expect(config.mac?.target).toEqual([
      { target: 'dmg', arch: 'universal' },
      { target: 'zip', arch: 'universal' },
    ]);
  });
});

describe('the release feed of a build', () => {
  it('is what NTFY_TRAY_RELEASE_REPOSITORY names: app-update.yml carries it, and the app reads it back', async () => {
    const env = { NTFY_TRAY_RELEASE_REPOSITORY: 'example-owner/ntfy-tray' };
    const { outputDir } = await runElectronBuilder({
      workDir: path.join(workDir, 'with-feed'),
      // The arguments `npm run dist` passes, less the CLI path and `--publish never` (runElectronBuilder adds that).
      targets: ['--linux', '--dir', ...publishArguments(env)],
    });
    const written = await appUpdateConfig(await findUnpackedDir(outputDir));

    expect(written).toMatchObject({ provider: 'github', owner: 'example-owner', repo: 'ntfy-tray' });
    expect(feedFromAppUpdateConfig(written)).toEqual({
      repository: { owner: 'example-owner', repo: 'ntfy-tray' },
      publisherNames: [],
    });
  }, 180_000);

  it('is none without it: no app-update.yml, even where electron-builder could guess a repository', async () => {
    // Without `publish: null` electron-builder takes the GitHub repository package.json names (as here, through
    // extraMetadata) or else the git remote's (a CI checkout's is the repository being built, a fork's its own).
    const { outputDir } = await runElectronBuilder({
      workDir: path.join(workDir, 'without-feed'),
      targets: ['--linux', '--dir', '-c.extraMetadata.repository=https://github.com/someone-else/ntfy-tray.git'],
    });

    await expect(appUpdateConfig(await findUnpackedDir(outputDir))).rejects.toThrow(/ENOENT/);
  }, 180_000);
});

describe('npm run dist (scripts/dist.ts)', () => {
  it('passes the feed to electron-builder, and nothing without it', () => {
    expect(electronBuilderArguments({ NTFY_TRAY_RELEASE_REPOSITORY: 'o/r' }, ['--linux']).slice(1)).toEqual([
      '--publish',
      'never',
      '-c.publish.provider=github',
      '-c.publish.owner=o',
      '-c.publish.repo=r',
      '--linux',
    ]);
    expect(electronBuilderArguments({}, ['--linux']).slice(1)).toEqual(['--publish', 'never', '--linux']);
  });

  it('refuses a release build (a tag, or NTFY_TRAY_RELEASE=1) without the feed, and a malformed feed always', () => {
    expect(() => publishArguments({ GITHUB_REF_TYPE: 'tag' })).toThrow(/NTFY_TRAY_RELEASE_REPOSITORY is not set/);
    expect(() => publishArguments({ NTFY_TRAY_RELEASE: '1', NTFY_TRAY_RELEASE_REPOSITORY: ' ' })).toThrow(
      /NTFY_TRAY_RELEASE_REPOSITORY is not set/,
    );
    expect(publishArguments({ GITHUB_REF_TYPE: 'branch' })).toEqual([]);
    expect(() => publishArguments({ NTFY_TRAY_RELEASE_REPOSITORY: 'ntfy-tray' })).toThrow(/expected a GitHub/);
  });

  it('npm run dist stops before building on a tag without the feed, saying why (node scripts/dist.ts --check)', async () => {
    const run = promisify(execFile);
    const check = (env: NodeJS.ProcessEnv) =>
      run(process.execPath, [path.join(projectRoot, 'scripts', 'dist.ts'), '--check'], {
        env: { ...process.env, ...env },
      });
    const packageJson = JSON.parse(await readFile(path.join(projectRoot, 'package.json'), 'utf8')) as {
      scripts: Record<string, string>;
    };
    expect(packageJson.scripts['dist']?.startsWith('node scripts/dist.ts --check && ')).toBe(true);

    await expect(check({ GITHUB_REF_TYPE: 'tag', NTFY_TRAY_RELEASE_REPOSITORY: '' })).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringContaining('npm run dist: NTFY_TRAY_RELEASE_REPOSITORY is not set') as unknown,
    });
    await expect(check({ GITHUB_REF_TYPE: 'tag', NTFY_TRAY_RELEASE_REPOSITORY: 'o/r' })).resolves.toBeDefined();
    await expect(check({ GITHUB_REF_TYPE: 'branch', NTFY_TRAY_RELEASE_REPOSITORY: '' })).resolves.toBeDefined();
  });
});
