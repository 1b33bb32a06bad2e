/**
 * Where a bare topic (`ntfy-tray subscribe alerts`) lives: the default server the app was told to use in this data
 * dir (Settings.defaultServer), else https://ntfy.sh as in ntfy's own CLI. Read without writing anything.
 */
import { DEFAULT_SERVER_URL } from '../store/settings/schema.ts';
import { settingsFilePath } from '../store/settings/conf-settings-store.ts';
import { usableSettings } from '../store/settings/parse.ts';
import { readSettingsFile } from '../store/settings/settings-file.ts';

export function configuredDefaultServer(dataDir: string): string {
  const contents = readSettingsFile(settingsFilePath(dataDir));
  // A missing or unusable file: the command that opens the settings reports it; here the built-in default does.
  const settings = contents.exists ? usableSettings(contents.parsed) : undefined;
  return settings?.defaultServer ?? DEFAULT_SERVER_URL;
}
