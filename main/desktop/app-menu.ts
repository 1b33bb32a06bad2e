/**
 * The application menu. Electron's default menu (shown until one is set) has Reload, Force Reload and Toggle
 * Developer Tools: in a packaged build those would let anyone at the keyboard open a console in the page that holds
 * the bridge, or reload it mid-request. So:
 * - macOS keeps a menu bar of its own (app, Edit, Window): Cmd+C/V/X/A and Cmd+Q reach the page only through
 *   the Edit and app menus' roles there;
 * - Windows and Linux get no menu at all: Chromium handles Ctrl+C/V/X/A in the page without one, and the window
 *   hides its menu bar anyway;
 * - development builds add a Develop menu with the reload and DevTools roles, on every system.
 */
import { t } from '../../common/i18n/translate.ts';
import type { MenuApi, MenuHandle, MenuItemTemplate } from './electron-api.ts';

interface AppMenuContext {
  readonly platform: NodeJS.Platform;
  /** app.isPackaged: false under `electron .` (development). */
  readonly isPackaged: boolean;
}

/** A function, not a constant: its label is in the language chosen after this module loads. */
function developMenu(): MenuItemTemplate {
  return {
    label: t('app.menu.develop'),
    submenu: [{ role: 'reload' }, { role: 'forceReload' }, { role: 'toggleDevTools' }],
  };
}

/** The menu's template, or null for no menu at all. */
function buildAppMenuTemplate(context: AppMenuContext): MenuItemTemplate[] | null {
  const develop = context.isPackaged ? [] : [developMenu()];
  if (context.platform === 'darwin')
    return [{ role: 'appMenu' }, { role: 'editMenu' }, { role: 'windowMenu' }, ...develop];
  return develop.length === 0 ? null : develop;
}

/** Call once the app is ready (Electron builds menus only then), before the window is created. */
export function installAppMenu<TMenu extends MenuHandle>(Menu: MenuApi<TMenu>, context: AppMenuContext): void {
  const template = buildAppMenuTemplate(context);
  Menu.setApplicationMenu(template === null ? null : Menu.buildFromTemplate(template));
}
