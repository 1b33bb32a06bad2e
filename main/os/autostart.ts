/**
 * Start at login on Linux (and other freedesktop systems): a `.desktop` file in the user's XDG autostart folder
 * (https://specifications.freedesktop.org/autostart-spec/latest/). Written by the app for the current user only;
 * the packages install no system-wide autostart entry, so the setting stays the user's choice.
 */
import { mkdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { writeFileAtomic } from '../core/store/atomic-file.ts';

export const AUTOSTART_FILE_NAME = 'ntfy-tray.desktop';

export interface XdgAutostartOptions {
  /** process.env: XDG_CONFIG_HOME and APPIMAGE are read. */
  readonly env: Readonly<Record<string, string | undefined>>;
  /** os.homedir() */
  readonly homeDir: string;
  /** process.execPath: the app's own binary when packaged, the Electron binary under `electron .`. */
  readonly execPath: string;
  /**
   * Development (`npm start`, app.isPackaged false) only: the app folder, app.getAppPath(). The Electron binary
   * alone starts Electron's default app, so the entry must name this folder as its first argument.
   */
  readonly appPath?: string;
  /** Arguments for the autostarted app, e.g. ['--hidden']. */
  readonly args: readonly string[];
}

/** `$XDG_CONFIG_HOME/autostart`, or `~/.config/autostart`; the spec says to ignore a relative XDG_CONFIG_HOME. */
function autostartDir(options: Pick<XdgAutostartOptions, 'env' | 'homeDir'>): string {
  const configHome = options.env['XDG_CONFIG_HOME'];
  const base =
    configHome !== undefined && path.isAbsolute(configHome) ? configHome : path.join(options.homeDir, '.config');
  return path.join(base, 'autostart');
}

/**
 * What to launch. An AppImage runs from a temporary mount that is gone after logout, so its autostart entry must
 * name the AppImage file itself, which the AppImage runtime passes in $APPIMAGE.
 */
function autostartExecutable(options: Pick<XdgAutostartOptions, 'env' | 'execPath'>): string {
  const appImage = options.env['APPIMAGE'];
  return appImage !== undefined && path.isAbsolute(appImage) ? appImage : options.execPath;
}

// Characters that force an Exec argument into double quotes (Desktop Entry spec, "The Exec key").
const RESERVED = /[\s"'\\><~|&;$*?#()`]/;

/**
 * One Exec argument, as the file must hold it. Inside double quotes `"`, `` ` ``, `$` and `\` take a backslash;
 * then the file's general string escaping doubles every backslash (so a literal `\` is written as four). `%`
 * starts a field code, so a literal one is `%%`. deb/rpm install under "/opt/ntfy Tray/", hence the care.
 */
export function quoteExecArgument(argument: string): string {
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is refused here
  if (/[\u0000-\u001f\u007f]/.test(argument)) throw new Error('an autostart argument cannot hold control characters');
  const percentSafe = argument.replaceAll('%', '%%');
  const quoted =
    RESERVED.test(argument) || argument === '' ? `"${percentSafe.replace(/["`$\\]/g, '\\$&')}"` : percentSafe;
  return quoted.replaceAll('\\', '\\\\');
}

/**
 * The command line, program first. In development APPIMAGE is ignored: it is not this app's, but one inherited
 * from the terminal (an editor run as an AppImage passes it on to everything started inside it).
 */
function autostartCommand(
  options: Pick<XdgAutostartOptions, 'env' | 'execPath' | 'appPath' | 'args'>,
): readonly string[] {
  if (options.appPath !== undefined) return [options.execPath, options.appPath, ...options.args];
  return [autostartExecutable(options), ...options.args];
}

export function autostartEntry(options: Pick<XdgAutostartOptions, 'env' | 'execPath' | 'appPath' | 'args'>): string {
  const exec = autostartCommand(options).map(quoteExecArgument).join(' ');
  return [
    '[Desktop Entry]',
    'Type=Application',
    'Name=ntfy Tray',
    'Comment=Desktop notifications from ntfy topics',
    `Exec=${exec}`,
    // The icon name the deb/rpm install (electron-builder names it after executableName).
    'Icon=ntfy-tray',
    'Terminal=false',
    'X-GNOME-Autostart-enabled=true',
    '',
  ].join('\n');
}

/** Writes (atomically, so a session starting meanwhile never reads half a file) or removes the entry. */
export async function setXdgAutostart(enabled: boolean, options: XdgAutostartOptions): Promise<void> {
  const file = path.join(autostartDir(options), AUTOSTART_FILE_NAME);
  if (!enabled) {
    await rm(file, { force: true });
    return;
  }
  await mkdir(path.dirname(file), { recursive: true });
  await writeFileAtomic(file, autostartEntry(options), { mode: 0o644 });
}

export async function isXdgAutostartEnabled(options: Pick<XdgAutostartOptions, 'env' | 'homeDir'>): Promise<boolean> {
  try {
    return (await stat(path.join(autostartDir(options), AUTOSTART_FILE_NAME))).isFile();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
    throw error;
  }
}
