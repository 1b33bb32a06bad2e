import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Configuration } from 'app-builder-lib';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { RELEASE_REPOSITORY } from '../../../main/core/updates/release-repository.ts';

/*
 * Installed apps find new versions through the app-update.yml electron-builder writes from `publish`
 * (appimage-runtime.test.ts sees it inside a built AppImage); the release links the app shows come from
 * RELEASE_REPOSITORY. The two must name one repository.
 */
const projectRoot = path.resolve(import.meta.dirname, '../../..');
const config = parse(await readFile(path.join(projectRoot, 'electron-builder.yml'), 'utf8')) as Configuration;

describe('electron-builder.yml for updates', () => {
  it('publishes to the GitHub repository the app links its releases to', () => {
    expect(config.publish).toEqual({ provider: 'github', ...RELEASE_REPOSITORY });
  });

  it('builds the zip electron-updater installs macOS updates from, for both architectures like the dmg', () => {
    expect(config.mac?.target).toEqual([
      { target: 'dmg', arch: 'universal' },
      { target: 'zip', arch: 'universal' },
    ]);
  });
});
