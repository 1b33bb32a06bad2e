/**
 * The one data folder of a user: the tray app (as Electron's userData) and the `ntfy-tray` command both keep
 * settings (config.json), history and resume cursors here, so `ntfy-tray history` shows what the app received and
 * the app uses the servers `ntfy-tray login` stored. The README lists the folder per OS; keep the two in step.
 */
import { posix, win32 } from 'node:path';

/** The folder's own name, the same on every OS (Electron's default would be the productName, "ntfy Tray"). */
const DATA_DIR_NAME = 'ntfy-tray';

/** Overrides the app's folder; tests give each launch its own. The command has `--data-dir` instead. */
const APP_DATA_DIR_ENV = 'NTFY_TRAY_USER_DATA_DIR';

interface DataDirContext {
  readonly env: Readonly<Record<string, string | undefined>>;
  readonly platform: NodeJS.Platform;
  /** os.homedir(). */
  readonly homeDir: string;
}

/** An environment variable naming a base directory: unset, empty and (per the XDG spec) relative mean "not set". */
function baseDirFrom(context: DataDirContext, name: string): string | undefined {
  const value = context.env[name];
  const paths = context.platform === 'win32' ? win32 : posix;
  return value !== undefined && value !== '' && paths.isAbsolute(value) ? value : undefined;
}

/**
 * The per-user data folder by each system's convention: %APPDATA%\ntfy-tray on Windows, ~/Library/Application
 * Support/ntfy-tray on macOS, $XDG_DATA_HOME/ntfy-tray (default ~/.local/share/ntfy-tray) elsewhere. Paths are
 * built with the rules of `platform`, not of the machine running the code.
 */
export function defaultDataDir(context: DataDirContext): string {
  const { homeDir, platform } = context;
  if (platform === 'win32') {
    return win32.join(baseDirFrom(context, 'APPDATA') ?? win32.join(homeDir, 'AppData', 'Roaming'), DATA_DIR_NAME);
  }
  if (platform === 'darwin') return posix.join(homeDir, 'Library', 'Application Support', DATA_DIR_NAME);
  return posix.join(baseDirFrom(context, 'XDG_DATA_HOME') ?? posix.join(homeDir, '.local', 'share'), DATA_DIR_NAME);
}

/**
 * The app's folder: NTFY_TRAY_USER_DATA_DIR when set, else the default one. A relative override is passed on as
 * it is, so that Electron's setPath refuses it loudly rather than a test writing to the user's real folder.
 */
export function appDataDir(context: DataDirContext): string {
  const override = context.env[APP_DATA_DIR_ENV];
  return override === undefined || override === '' ? defaultDataDir(context) : override;
}
