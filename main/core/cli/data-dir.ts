import { homedir } from 'node:os';
import { isAbsolute, join } from 'node:path';

/** An environment variable that names a base directory: unset, empty and (per the XDG spec) relative mean "not set". */
function baseDirFrom(env: Readonly<Record<string, string | undefined>>, name: string): string | undefined {
  const value = env[name];
  return value !== undefined && value !== '' && isAbsolute(value) ? value : undefined;
}

/** The per-user data directory of the headless command, by each system's convention. */
export function defaultDataDir(env: Readonly<Record<string, string | undefined>>, platform: NodeJS.Platform): string {
  const home = homedir();
  if (platform === 'win32') return join(baseDirFrom(env, 'APPDATA') ?? join(home, 'AppData', 'Roaming'), 'ntfy-tray');
  if (platform === 'darwin') return join(home, 'Library', 'Application Support', 'ntfy-tray');
  return join(baseDirFrom(env, 'XDG_DATA_HOME') ?? join(home, '.local', 'share'), 'ntfy-tray');
}

/** Why a `--data-dir` value cannot be used, or undefined when it can (an empty one would mean the working dir). */
export function dataDirArgProblem(value: string | undefined): string | undefined {
  return value === '' ? '--data-dir is empty: give a directory, or leave it out for the default' : undefined;
}
