/**
 * The tray icon, drawn from a TrayModel (main/core/tray/tray-model.ts decides icon, tooltip and menu). This module
 * only translates the model into Electron calls and menu clicks back into the model's typed commands.
 */
import path from 'node:path';
import type { TrayCommand, TrayIconVariant, TrayMenuItem, TrayModel } from '../core/tray/tray-model.ts';
import type { MenuApi, MenuHandle, MenuItemTemplate, TrayConstructor, TrayHandle } from './electron-api.ts';

type TrayCommandHandler = (command: TrayCommand) => void;

const ICON_BASE_NAMES: Readonly<Record<TrayIconVariant, string>> = {
  normal: 'tray',
  unread: 'trayUnread',
  trouble: 'trayTrouble',
};

/**
 * macOS wants a black-and-alpha template image that the menu bar recolours (Electron detects the `Template`
 * suffix); Windows and Linux trays show the coloured icon, whose glyph sits on its own tile and so reads on light
 * and dark panels alike. Every file has an `@2x` twin that Electron picks on high-DPI screens
 * (scripts/generate-icons.ts draws them all).
 */
export function selectTrayIconPath(
  assetsDir: string,
  platform: NodeJS.Platform,
  variant: TrayIconVariant = 'normal',
): string {
  const suffix = platform === 'darwin' ? 'Template' : '';
  return path.join(assetsDir, 'tray', `${ICON_BASE_NAMES[variant]}${suffix}.png`);
}

function toTemplateItem(item: TrayMenuItem, dispatch: TrayCommandHandler): MenuItemTemplate {
  switch (item.kind) {
    case 'separator':
      return { type: 'separator' };
    case 'label':
      return { label: item.label, enabled: false };
    case 'submenu':
      return { label: item.label, submenu: buildTrayMenuTemplate(item.items, dispatch) };
    case 'checkbox':
      return {
        type: 'checkbox',
        label: item.label,
        checked: item.checked,
        click: () => {
          dispatch(item.command);
        },
      };
    case 'item':
      if (item.enabled === false) return { label: item.label, enabled: false };
      return {
        label: item.label,
        click: () => {
          dispatch(item.command);
        },
      };
  }
}

/** The model's menu as an Electron template whose clicks dispatch the items' commands. */
function buildTrayMenuTemplate(items: readonly TrayMenuItem[], dispatch: TrayCommandHandler): MenuItemTemplate[] {
  return items.map((item) => toTemplateItem(item, dispatch));
}

interface AppTrayOptions<TMenu extends MenuHandle> {
  readonly Tray: TrayConstructor<TMenu>;
  readonly Menu: MenuApi<TMenu>;
  /** selectTrayIconPath bound to the assets folder and platform. */
  readonly iconPathFor: (variant: TrayIconVariant) => string;
  readonly model: TrayModel;
  readonly onCommand: TrayCommandHandler;
  /** macOS: show the unread count as the icon's title in the menu bar (see TrayHandle.setTitle). */
  readonly unreadInTitle?: boolean;
}

/** The menu-bar title for an unread count: nothing at zero, and capped so the menu bar keeps its room. */
function unreadTitle(unread: number): string {
  if (unread <= 0) return '';
  return unread > 999 ? '999+' : String(unread);
}

export interface AppTray<TMenu extends MenuHandle> {
  readonly handle: TrayHandle<TMenu>;
  /** Shows a new model, touching only what changed (a menu rebuild makes open menus flicker on some desktops). */
  update(model: TrayModel): void;
  /** The unread count in the menu bar where that is on (macOS); does nothing elsewhere. */
  showUnread(unread: number): void;
  destroy(): void;
}

/** The caller must keep the returned tray referenced: Electron removes the icon once the object is collected. */
export function createAppTray<TMenu extends MenuHandle>(options: AppTrayOptions<TMenu>): AppTray<TMenu> {
  const { model } = options;
  const handle = new options.Tray(options.iconPathFor(model.icon));
  const menuFor = (items: readonly TrayMenuItem[]) =>
    options.Menu.buildFromTemplate(buildTrayMenuTemplate(items, options.onCommand));
  handle.setToolTip(model.tooltip);
  handle.setContextMenu(menuFor(model.menu));
  // Left click (Windows, macOS; most Linux trays only ever show the menu) opens the window.
  handle.on('click', () => {
    options.onCommand({ type: 'open-window' });
  });

  let shown = model;
  // The model is plain data built afresh each time, so its JSON is a faithful, order-preserving fingerprint.
  let shownMenu = JSON.stringify(model.menu);
  let shownTitle = '';
  return {
    handle,
    update(next) {
      if (next.icon !== shown.icon) handle.setImage(options.iconPathFor(next.icon));
      if (next.tooltip !== shown.tooltip) handle.setToolTip(next.tooltip);
      const nextMenu = JSON.stringify(next.menu);
      // Menus cannot be edited in place on Linux (the change never reaches the panel), so a change rebuilds it.
      if (nextMenu !== shownMenu) handle.setContextMenu(menuFor(next.menu));
      shown = next;
      shownMenu = nextMenu;
    },
    showUnread(unread) {
      const title = unreadTitle(unread);
      if (options.unreadInTitle !== true || title === shownTitle) return;
      handle.setTitle(title);
      shownTitle = title;
    },
    destroy() {
      handle.destroy();
    },
  };
}
