/**
 * The settings store in the app: electron-store (which is conf plus Electron's userData folder). It cannot load
 * outside Electron, so this module receives the class from main/index.ts instead of importing it, and all logic
 * lives in main/core/store/settings (tested under Node with conf). What is left here is the option mapping.
 */
import type ElectronStore from 'electron-store';
import type { Logger } from '../core/ports.ts';
import {
  SETTINGS_FILE_NAME,
  SETTINGS_FILE_OPTIONS,
  settingsFileFrom,
  settingsFilePath,
  type ConfLikeFile,
} from '../core/store/settings/conf-settings-store.ts';
import { openSettingsStore } from '../core/store/settings/open-settings-store.ts';
import type { SettingsStore } from '../core/store/settings/settings-store.ts';

/** The options this adapter passes; electron-store calls conf's `configName` `name`. */
export type DesktopSettingsFileOptions = typeof SETTINGS_FILE_OPTIONS & { readonly name: string; readonly cwd: string };

export type ElectronStoreConstructor = new (options: DesktopSettingsFileOptions) => ConfLikeFile;

/**
 * Compile-time proof that the real electron-store class still fits the narrow constructor above (like the
 * ElectronApi annotation in main/index.ts): if its typings drift, typecheck fails here.
 */
type Holds<Condition extends true> = Condition;
export type ElectronStoreFits = Holds<typeof ElectronStore extends ElectronStoreConstructor ? true : false>;

export interface DesktopSettingsStoreOptions {
  readonly ElectronStore: ElectronStoreConstructor;
  /** Electron's userData folder (app.getPath('userData')), passed explicitly so the checked path is known. */
  readonly userDataDir: string;
  readonly log: Logger;
}

export function openDesktopSettingsStore(options: DesktopSettingsStoreOptions): SettingsStore {
  return openSettingsStore({
    path: settingsFilePath(options.userDataDir),
    openFile: () =>
      settingsFileFrom(
        new options.ElectronStore({ ...SETTINGS_FILE_OPTIONS, name: SETTINGS_FILE_NAME, cwd: options.userDataDir }),
      ),
    log: options.log,
  });
}
