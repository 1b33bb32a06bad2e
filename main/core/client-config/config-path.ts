/**
 * Where ntfy's CLI looks for client.yml when `-c/--config` is not given (cmd/subscribe.go defaultClientConfigFile*):
 * root on Linux and macOS: /etc/ntfy/client.yml; any other user: Go's os.UserConfigDir() + ntfy/client.yml —
 * $XDG_CONFIG_HOME or ~/.config on Linux, ~/Library/Application Support on macOS, %AppData% on Windows.
 * ntfy-tray reads the same file, so one client.yml serves both programs. Ours on top: root also falls back to
 * the user's path when /etc/ntfy/client.yml does not exist (root in a container or a sudo shell keeps its file in
 * ~/.config like anyone else).
 */
import path from 'node:path';

const ROOT_CLIENT_CONFIG = '/etc/ntfy/client.yml';

interface ConfigPathOptions {
  readonly platform: NodeJS.Platform;
  readonly env: Readonly<Record<string, string | undefined>>;
  readonly homeDir: string;
  /** process.getuid(); undefined on Windows. */
  readonly uid: number | undefined;
}

/** ntfy's default client.yml path, or undefined when it cannot be known (Windows without %AppData%). */
export function defaultClientConfigPath(options: ConfigPathOptions): string | undefined {
  if (options.platform !== 'win32' && options.uid === 0) return ROOT_CLIENT_CONFIG;
  return userClientConfigPath(options);
}

/** Where to look, in order: ntfy's default, then (for root) the user's path. */
export function clientConfigCandidates(options: ConfigPathOptions): string[] {
  const paths = [defaultClientConfigPath(options), userClientConfigPath(options)];
  return [...new Set(paths.filter((candidate): candidate is string => candidate !== undefined))];
}

function userClientConfigPath(options: ConfigPathOptions): string | undefined {
  const { platform, env, homeDir } = options;
  if (platform === 'win32') {
    const appData = env['APPDATA'];
    return appData === undefined || appData === '' ? undefined : path.win32.join(appData, 'ntfy', 'client.yml');
  }
  if (platform === 'darwin') return path.posix.join(homeDir, 'Library', 'Application Support', 'ntfy', 'client.yml');
  // Go's UserConfigDir: $XDG_CONFIG_HOME when set (and absolute), else $HOME/.config.
  const xdg = env['XDG_CONFIG_HOME'];
  const base = xdg !== undefined && path.posix.isAbsolute(xdg) ? xdg : path.posix.join(homeDir, '.config');
  return path.posix.join(base, 'ntfy', 'client.yml');
}
