/**
 * The stand-in `electron` module that register.ts substitutes for every `import … from 'electron'` of the app
 * process (the main bundle and any library it loads). Named exports and a default export, as Electron's CommonJS module
 * offers both. An export the bundle names but this file lacks fails at link time ("does not provide an export
 * named …"); a member the app reads but an object here lacks throws (strict.ts).
 */
import { BrowserWindowStandIn, type BrowserWindowOptions } from './browser-window.ts';
import { StandInRuntime } from './runtime.ts';
import { strict } from './strict.ts';
import {
  createClipboard,
  createDialog,
  createNet,
  createPowerMonitor,
  createShell,
  NotificationStandIn,
} from './system.ts';
import { MenuItemStandIn, MenuStandIn, TrayStandIn, type MenuItemOptions } from './tray-menu.ts';
import { startControlChannel } from './control.ts';

// Electron has one of each per process; so does this module, for the process the launcher starts.
const runtime = new StandInRuntime({ mainScript: process.argv[1] ?? process.cwd() });

export const app = strict('app', runtime.app);
export const ipcMain = strict('ipcMain', runtime.ipcMain);
export const session = strict('session', { defaultSession: strict('session.defaultSession', runtime.session) });
export const powerMonitor = strict('powerMonitor', createPowerMonitor());
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

/** The app names it for Windows only (a hidden window that hears 'session-end'); the stand-in runs as Linux. */
export function BaseWindow(): never {
  throw new Error('BaseWindow is not in the electron stand-in (it runs as Linux; use BrowserWindow)');
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

  static handleActivation(): never {
    throw new Error('Notification.handleActivation() is Windows only in Electron 45; the stand-in runs as Linux');
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
