/**
 * The "start at login" setting on every system. Packaged: Electron's login items on macOS and Windows, an XDG
 * autostart file elsewhere (main/os/autostart.ts). Under `npm start` (app.isPackaged false) process.execPath is
 * the bare Electron binary, which alone starts Electron's default app, so every entry also names the app folder:
 * the Run entry's arguments on Windows, the Exec line on Linux, and on macOS (whose login items take no arguments)
 * a per-user launchd agent instead (main/os/launch-agent.ts). Either way the autostarted app gets `--hidden` and
 * stays in the tray.
 */
import type { Logger } from '../core/ports.ts';
import { setXdgAutostart } from '../os/autostart.ts';
import { removeLaunchAgent, setLaunchAgent } from '../os/launch-agent.ts';
import { quoteWindowsArgument, quoteWindowsProgram } from '../os/windows-command-line.ts';
import type { DesktopApp, LoginItemSettings } from './electron-api.ts';

export const HIDDEN_FLAG = '--hidden';

/** Facts of this process that every system's entry is built from. */
export interface LaunchEnvironment {
  /** process.env (Linux reads XDG_CONFIG_HOME and APPIMAGE). */
  readonly env: Readonly<Record<string, string | undefined>>;
  /** os.homedir() */
  readonly homeDir: string;
  /** process.execPath: the app's binary when packaged, the bare Electron binary under `electron .`. */
  readonly execPath: string;
}

export interface StartAtLoginOptions {
  /** isPackaged and getAppPath() tell a development run and the folder its Electron binary must be given. */
  readonly app: Pick<DesktopApp, 'isPackaged' | 'getAppPath' | 'setLoginItemSettings'>;
  readonly platform: NodeJS.Platform;
  /** Named for the XDG autostart file it first served; macOS and Windows read homeDir and execPath from it too. */
  readonly xdg: LaunchEnvironment;
  readonly log: Logger;
}

/**
 * Windows: Electron writes `path args…` unquoted under the value name app.getAppUserModelId() (the same in
 * development and packaged builds, so there is one entry per user), and turning it off deletes that name; the
 * same path and args are passed either way so that getLoginItemSettings({ path, args }) would match.
 */
export function windowsLoginItem(enabled: boolean, options: StartAtLoginOptions): LoginItemSettings {
  const appArgs = options.app.isPackaged ? [] : [quoteWindowsArgument(options.app.getAppPath())];
  return { openAtLogin: enabled, path: quoteWindowsProgram(options.xdg.execPath), args: [...appArgs, HIDDEN_FLAG] };
}

export async function applyStartAtLogin(enabled: boolean, options: StartAtLoginOptions): Promise<void> {
  const development = !options.app.isPackaged;
  if (options.platform === 'win32') {
    options.app.setLoginItemSettings(windowsLoginItem(enabled, options));
  } else if (options.platform === 'darwin' && development) {
    const programArguments = [options.xdg.execPath, options.app.getAppPath(), HIDDEN_FLAG];
    await setLaunchAgent(enabled, { homeDir: options.xdg.homeDir, programArguments });
  } else if (options.platform === 'darwin') {
    // macOS launches login items without arguments; wasLaunchedAtLogin asks macOS instead.
    options.app.setLoginItemSettings({ openAtLogin: enabled, args: [HIDDEN_FLAG] });
    // The app and a development checkout share one setting (one data folder): an agent that a development run
    // left behind would otherwise start the checkout at login whatever the installed app is told.
    await removeLaunchAgent({ homeDir: options.xdg.homeDir });
  } else {
    await setXdgAutostart(enabled, {
      ...options.xdg,
      ...(development ? { appPath: options.app.getAppPath() } : {}),
      args: [HIDDEN_FLAG],
    });
  }
  options.log.log('info', enabled ? 'will start at login' : 'will not start at login', {
    platform: options.platform,
    development,
  });
}

export interface LaunchContext {
  readonly app: Pick<DesktopApp, 'getLoginItemSettings'>;
  readonly platform: NodeJS.Platform;
  readonly argv: readonly string[];
}

/**
 * Whether to stay hidden in the tray: launched with --hidden (every autostart entry above passes it, the macOS
 * development agent too), or on macOS by the login item.
 */
export function wasLaunchedAtLogin(context: LaunchContext): boolean {
  if (context.argv.includes(HIDDEN_FLAG)) return true;
  return context.platform === 'darwin' && context.app.getLoginItemSettings().wasOpenedAtLogin;
}
