import { homedir } from 'node:os';
import { join } from 'node:path';

/** The per-user data directory of the headless command, by each system's convention. */
export function defaultDataDir(env: Readonly<Record<string, string | undefined>>, platform: NodeJS.Platform): string {
  const home = homedir();
  if (platform === 'win32') return join(env['APPDATA'] ?? join(home, 'AppData', 'Roaming'), 'ntfy-tray');
  if (platform === 'darwin') return join(home, 'Library', 'Application Support', 'ntfy-tray');
  const dataHome = env['XDG_DATA_HOME'];
  return join(dataHome !== undefined && dataHome !== '' ? dataHome : join(home, '.local', 'share'), 'ntfy-tray');
}
