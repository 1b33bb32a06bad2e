/**
 * The "start at login" setting on every system: Electron's login items on macOS and Windows, an XDG autostart file
 * elsewhere (main/os/autostart.ts). Either way the autostarted app gets `--hidden` and stays in the tray.
 */
import type { Logger } from '../core/ports.ts';
import { setXdgAutostart, type XdgAutostartOptions } from '../os/autostart.ts';
import type { DesktopApp } from './electron-api.ts';

export const HIDDEN_FLAG = '--hidden';

export interface StartAtLoginOptions {
  readonly app: Pick<DesktopApp, 'setLoginItemSettings'>;
  readonly platform: NodeJS.Platform;
  /** Used off macOS and Windows; `args` are always `--hidden`. */
  readonly xdg: Omit<XdgAutostartOptions, 'args'>;
  readonly log: Logger;
}

function usesLoginItems(platform: NodeJS.Platform): boolean {
  return platform === 'darwin' || platform === 'win32';
}

export async function applyStartAtLogin(enabled: boolean, options: StartAtLoginOptions): Promise<void> {
  if (usesLoginItems(options.platform)) {
    // `args` reach Windows only; macOS launches login items without arguments (see wasLaunchedAtLogin).
    options.app.setLoginItemSettings({ openAtLogin: enabled, args: [HIDDEN_FLAG] });
  } else {
    await setXdgAutostart(enabled, { ...options.xdg, args: [HIDDEN_FLAG] });
  }
  options.log.log('info', enabled ? 'will start at login' : 'will not start at login', { platform: options.platform });
}

export interface LaunchContext {
  readonly app: Pick<DesktopApp, 'getLoginItemSettings'>;
  readonly platform: NodeJS.Platform;
  readonly argv: readonly string[];
}

/** Whether to stay hidden in the tray: launched with --hidden, or (macOS) by the login item. */
export function wasLaunchedAtLogin(context: LaunchContext): boolean {
  if (context.argv.includes(HIDDEN_FLAG)) return true;
  return context.platform === 'darwin' && context.app.getLoginItemSettings().wasOpenedAtLogin;
}
