/**
 * electron-store cannot load outside Electron, so the adapter is run here against a stand-in built the way
 * electron-store 12 is built: conf, with `name` translated to conf's `configName` and an absolute `cwd` required
 * (node_modules/electron-store/index.js). The real class is checked against the same constructor type at compile
 * time (ElectronStoreFits in main/desktop/settings-store.ts).
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { isAbsolute, join } from 'node:path';
import Conf from 'conf';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openConfSettingsStore } from '../../../main/core/store/settings/conf-settings-store.ts';
import { defaultSettings } from '../../../main/core/store/settings/schema.ts';
import { type DesktopSettingsFileOptions, openDesktopSettingsStore } from '../../../main/desktop/settings-store.ts';
import { createRecordingLogger } from '../../fakes/logger.ts';

class ElectronStoreStandIn extends Conf {
  static readonly constructed: DesktopSettingsFileOptions[] = [];

  constructor(options: DesktopSettingsFileOptions) {
    // Outside Electron, electron-store refuses a missing or relative cwd (it has no userData to resolve it against).
    if (!isAbsolute(options.cwd)) throw new Error('Electron Store: You can only use this module from Electron');
    const { name, ...rest } = options;
    super({ ...rest, configName: name });
    ElectronStoreStandIn.constructed.push(options);
  }
}

let userDataDir: string;

beforeEach(() => {
  userDataDir = mkdtempSync(join(tmpdir(), 'ntfy-tray-userdata-'));
  ElectronStoreStandIn.constructed.length = 0;
});

afterEach(() => {
  rmSync(userDataDir, { recursive: true, force: true });
});

const openDesktop = () =>
  openDesktopSettingsStore({ ElectronStore: ElectronStoreStandIn, userDataDir, log: createRecordingLogger() });

describe('desktop settings store (electron-store adapter)', () => {
  it('keeps config.json in the userData folder, with our validation instead of conf schema or migrations', () => {
    const store = openDesktop();
    expect(store.path).toBe(join(userDataDir, 'config.json'));
    expect(ElectronStoreStandIn.constructed).toEqual([
      {
        name: 'config',
        cwd: userDataDir,
        fileExtension: 'json',
        clearInvalidConfig: false,
        accessPropertiesByDotNotation: false,
        configFileMode: 0o600,
      },
    ]);
    expect(JSON.parse(readFileSync(store.path, 'utf8'))).toEqual(defaultSettings());
  });

  it('shares the file format with the conf adapter both ways', async () => {
    await openDesktop().update({ preferences: { theme: 'light' } });
    const viaConf = openConfSettingsStore({ dir: userDataDir, log: createRecordingLogger() });
    expect(viaConf.get().preferences.theme).toBe('light');
    await viaConf.update({ preferences: { theme: 'dark' } });
    expect(openDesktop().get().preferences.theme).toBe('dark');
  });

  it('moves a corrupt file aside before electron-store sees it', () => {
    writeFileSync(join(userDataDir, 'config.json'), '{ not json');
    const store = openDesktop();
    expect(store.loadReport.kind).toBe('reset');
    expect(store.get()).toEqual(defaultSettings());
  });
});
