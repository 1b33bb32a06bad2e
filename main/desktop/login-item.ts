/**
 * The "start at login" setting on every system: Electron's login item on Windows (the Run key), an XDG autostart
 * file on Linux (main/os/autostart.ts), and on macOS a per-user launchd agent (main/os/launch-agent.ts), packaged or
 * not. Every entry passes `--hidden`, so the autostarted app stays in the tray or menu bar. Under `npm start`
 * (app.isPackaged false) process.execPath is the bare Electron binary, which alone starts Electron's default app,
 * so there every entry also names the app folder.
 *
 * Why not Electron's login item on macOS: since macOS 13 it is an SMAppService main-app item, which macOS starts
 * with no arguments, and Electron 45's `wasOpenedAtLogin` stays false for it (electron/electron#37244; Apple offers
 * no way to tell such a start, FB10207829): a login start could not be told from the user opening the app, and it
 * opened the window. A launchd agent passes its ProgramArguments on every macOS version; System Settings lists it
 * under Login Items → "Allow in the Background", where the user can switch it off too.
 */
import type { Logger } from '../core/ports.ts';
import { setXdgAutostart } from '../os/autostart.ts';
import { setLaunchAgent } from '../os/launch-agent.ts';
import { quoteWindowsArgument, quoteWindowsProgram } from '../os/windows-command-line.ts';
import type { DesktopApp, LoginItemSettings } from './electron-api.ts';

const HIDDEN_FLAG = '--hidden';

/** Facts of this process that every system's entry is built from. */
interface LaunchEnvironment {
  /** process.env (Linux reads XDG_CONFIG_HOME and APPIMAGE). */
  readonly env: Readonly<Record<string, string | undefined>>;
  /** os.homedir() */
  readonly homeDir: string;
  /** process.execPath: the app's binary when packaged, the bare Electron binary under `electron .`. */
  readonly execPath: string;
}

interface StartAtLoginOptions {
  /** isPackaged and getAppPath() tell a development run and the folder its Electron binary must be given. */
  readonly app: Pick<DesktopApp, 'isPackaged' | 'getAppPath' | 'setLoginItemSettings' | 'getLoginItemSettings'>;
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
function windowsLoginItem(enabled: boolean, options: StartAtLoginOptions): LoginItemSettings {
  const appArgs = options.app.isPackaged ? [] : [quoteWindowsArgument(options.app.getAppPath())];
  return { openAtLogin: enabled, path: quoteWindowsProgram(options.xdg.execPath), args: [...appArgs, HIDDEN_FLAG] };
}

export async function applyStartAtLogin(enabled: boolean, options: StartAtLoginOptions): Promise<void> {
  const development = !options.app.isPackaged;
  if (options.platform === 'win32') {
    options.app.setLoginItemSettings(windowsLoginItem(enabled, options));
  } else if (options.platform === 'darwin') {
    const appArgs = development ? [options.app.getAppPath()] : [];
    const programArguments = [options.xdg.execPath, ...appArgs, HIDDEN_FLAG];
    // One agent for the installed app and a development checkout: they share one setting (one data folder), so
    // the last one to apply it decides what starts at login.
    await setLaunchAgent(enabled, { homeDir: options.xdg.homeDir, programArguments });
    // An SMAppService item an earlier version registered would start the app a second time, with its window.
    if (!development && options.app.getLoginItemSettings().openAtLogin) {
      options.app.setLoginItemSettings({ openAtLogin: false, args: [] });
    }
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

/** The setting the app follows (the settings store). */
interface StartAtLoginSetting {
  get(): StartAtLoginPreference;
  onChange(listener: (next: StartAtLoginPreference, previous: StartAtLoginPreference) => void): unknown;
}

interface StartAtLoginPreference {
  readonly preferences: { readonly startAtLogin: boolean };
}

/** Applies the start-at-login setting now and at each change of it; a failure is logged, the app runs on. */
export function followStartAtLogin(setting: StartAtLoginSetting, options: StartAtLoginOptions): void {
  const apply = (enabled: boolean): void => {
    applyStartAtLogin(enabled, options).catch((error: unknown) => {
      options.log.log('warn', 'could not change start at login', { error: String(error) });
    });
  };
  apply(setting.get().preferences.startAtLogin);
  setting.onChange((next, previous) => {
    if (next.preferences.startAtLogin !== previous.preferences.startAtLogin) apply(next.preferences.startAtLogin);
  });
}

interface LaunchContext {
  readonly app: Pick<DesktopApp, 'getLoginItemSettings'>;
  readonly platform: NodeJS.Platform;
  readonly argv: readonly string[];
}

/**
 * Whether to stay hidden in the tray: launched with --hidden (every autostart entry above passes it), or on macOS
 * before 13 by a login item an earlier version registered (macOS 13+ reports false for those).
 */
export function wasLaunchedAtLogin(context: LaunchContext): boolean {
  if (context.argv.includes(HIDDEN_FLAG)) return true;
  return context.platform === 'darwin' && context.app.getLoginItemSettings().wasOpenedAtLogin;
}
