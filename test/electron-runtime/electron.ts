/**
 * The stand-in `electron` module that register.ts substitutes for every `import … from 'electron'` of the app
 * process (the main bundle and any library it loads). Named exports and a default export, as Electron's CommonJS module
 * offers both. An export the bundle names but this file lacks fails at link time ("does not provide an export
 * named …"); a member the app reads but an object here lacks throws (strict.ts).
 */
import { BaseWindowStandIn, type BaseWindowOptions } from './base-window.ts';
import { BrowserWindowStandIn, type BrowserWindowOptions } from './browser-window.ts';
import { standInPlatform } from './platform.ts';
import { PACKAGED_SWITCH, StandInRuntime } from './runtime.ts';
import { strict } from './strict.ts';
import { createClipboard, createDialog, createNet, createShell, NotificationStandIn } from './system.ts';
import { MenuItemStandIn, MenuStandIn, TrayStandIn, type MenuItemOptions } from './tray-menu.ts';
import { startControlChannel } from './control.ts';
import type { ToastActivationDetails } from './runtime.ts';

// Electron has one of each per process; so does this module, for the process the launcher starts.
const runtime = new StandInRuntime({
  mainScript: process.argv[1] ?? process.cwd(),
  platform: standInPlatform(process.env),
  packaged: process.env[PACKAGED_SWITCH] === '1',
});

export const app = strict('app', runtime.app);
export const ipcMain = strict('ipcMain', runtime.ipcMain);
export const session = strict('session', { defaultSession: strict('session.defaultSession', runtime.session) });
export const powerMonitor = strict('powerMonitor', runtime.powerMonitor);
export const net = strict('net', createNet());
export const shell = strict('shell', createShell(runtime.records));
export const clipboard = strict('clipboard', createClipboard(runtime.records));
export const dialog = strict('dialog', createDialog(runtime.records));
export const protocol = strict('protocol', runtime.protocol);

export class BrowserWindow extends BrowserWindowStandIn {
  constructor(options?: BrowserWindowOptions) {
    super(runtime, options);
    runtime.app.emit('browser-window-created', {}, this);
  }

  static getAllWindows(): BrowserWindowStandIn[] {
    return [...runtime.windows];
  }
}

export class BaseWindow extends BaseWindowStandIn {
  constructor(options?: BaseWindowOptions) {
    super(runtime, options);
  }
}

export class Tray extends TrayStandIn {
  constructor(image: string) {
    super(runtime, image);
  }
}

export class Notification extends NotificationStandIn {
  constructor(options?: Readonly<Record<string, unknown>>) {
    super(runtime, options);
  }

  static isSupported(): boolean {
    return true;
  }

  /** Windows only in Electron 45; a later call replaces the callback (control.ts plays activations). */
  static handleActivation(callback: (details: ToastActivationDetails) => void): void {
    if (runtime.platform !== 'win32') {
      throw new Error(
        `Notification.handleActivation() is Windows only in Electron 45; the stand-in plays ${runtime.platform}`,
      );
    }
    runtime.toastActivation = callback;
  }
}

export class Menu extends MenuStandIn {
  static override buildFromTemplate(template: readonly MenuItemOptions[]): MenuStandIn {
    return MenuStandIn.buildFromTemplate(template);
  }

  static setApplicationMenu(menu: MenuStandIn | null): void {
    runtime.applicationMenu = menu;
  }

  static getApplicationMenu(): MenuStandIn | null {
    return runtime.applicationMenu;
  }
}

export const MenuItem = MenuItemStandIn;

// Mirrors Electron's module object for `import electron from 'electron'` (libraries do that).
const electron = {
  app,
  ipcMain,
  session,
  powerMonitor,
  net,
  shell,
  clipboard,
  dialog,
  protocol,
  BaseWindow,
  BrowserWindow,
  Tray,
  Notification,
  Menu,
  MenuItem,
};
export default strict('electron', electron);

startControlChannel(runtime);
