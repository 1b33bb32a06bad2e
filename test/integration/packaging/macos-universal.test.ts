import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Configuration } from 'app-builder-lib';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';

const projectRoot = path.resolve(import.meta.dirname, '../../..');

describe('the universal macOS build', () => {
  it('rebuilds native modules per architecture under plain `npm run dist`, as @electron/universal requires', async () => {
    const config = parse(await readFile(path.join(projectRoot, 'electron-builder.yml'), 'utf8')) as Configuration;
    const packageJson = JSON.parse(await readFile(path.join(projectRoot, 'package.json'), 'utf8')) as {
      scripts: Record<string, string>;
    };

    // The dmg (and the zip electron-updater installs updates from) is one app for arm64 and x64: keytar.node must
    // be built (or fetched) for each before they merge.
    expect(config.mac?.target).toEqual([
      { target: 'dmg', arch: 'universal' },
      { target: 'zip', arch: 'universal' },
    ]);
    // electron-builder's default is true; false made `npm run dist` fail on a Mac.
    expect(config.npmRebuild ?? true).toBe(true);
    expect(packageJson.scripts['dist']).not.toMatch(/npmRebuild/);
  });
});
