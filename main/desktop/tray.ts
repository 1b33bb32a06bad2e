import path from 'node:path';
import type { MenuApi, MenuHandle, MenuItemTemplate, TrayConstructor, TrayHandle } from './electron-api.ts';

export interface TrayActions {
  readonly openWindow: () => void;
  readonly quit: () => void;
}

export interface AppTrayOptions<TMenu extends MenuHandle> {
  readonly Tray: TrayConstructor<TMenu>;
  readonly Menu: MenuApi<TMenu>;
  readonly iconPath: string;
  readonly actions: TrayActions;
}

export function buildTrayMenuTemplate(actions: TrayActions): MenuItemTemplate[] {
  return [
    { label: 'Open ntfy Tray', click: actions.openWindow },
    { type: 'separator' },
    { label: 'Quit', click: actions.quit },
  ];
}

/**
 * macOS wants a black-and-alpha template image that the menu bar recolours (Electron detects the `Template`
 * suffix); Windows and Linux trays show the coloured icon. Both have an `@2x` twin that Electron picks on
 * high-DPI screens.
 */
export function selectTrayIconPath(assetsDir: string, platform: NodeJS.Platform): string {
  const fileName = platform === 'darwin' ? 'trayTemplate.png' : 'tray.png';
  return path.join(assetsDir, 'tray', fileName);
}

/** The caller must keep the returned tray referenced: Electron removes the icon once the object is collected. */
export function createAppTray<TMenu extends MenuHandle>(options: AppTrayOptions<TMenu>): TrayHandle<TMenu> {
  const tray = new options.Tray(options.iconPath);
  tray.setToolTip('ntfy Tray');
  tray.setContextMenu(options.Menu.buildFromTemplate(buildTrayMenuTemplate(options.actions)));
  tray.on('click', options.actions.openWindow);
  return tray;
}
