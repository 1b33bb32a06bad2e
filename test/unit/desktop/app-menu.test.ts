import { describe, expect, it } from 'vitest';
import { installAppMenu } from '../../../main/desktop/app-menu.ts';
import { createFakeElectron, type FakeMenu } from '../../fakes/electron.ts';

function installedMenu(platform: NodeJS.Platform, isPackaged: boolean): FakeMenu | null | undefined {
  const { Menu } = createFakeElectron();
  installAppMenu(Menu, { platform, isPackaged });
  return Menu.applicationMenu;
}

const DEVELOPER_ROLES = ['reload', 'forceReload', 'toggleDevTools'];

describe('installAppMenu', () => {
  it('removes the menu, with its Reload and Developer Tools, from packaged builds on Windows and Linux', () => {
    // null is "no menu"; undefined would leave Electron's default menu (with Reload and DevTools) in place.
    expect(installedMenu('win32', true)).toBeNull();
    expect(installedMenu('linux', true)).toBeNull();
  });

  it('keeps the app, Edit and Window menus on macOS, where copy and paste need the Edit menu', () => {
    const menu = installedMenu('darwin', true);

    expect(menu?.labels()).toEqual(['(appMenu)', '(editMenu)', '(windowMenu)']);
    expect(menu?.roles().filter((role) => DEVELOPER_ROLES.includes(role))).toEqual([]);
  });

  it('adds reload and Developer Tools in development, on every system', () => {
    for (const platform of ['darwin', 'win32', 'linux'] as const) {
      const menu = installedMenu(platform, false);

      expect(menu?.labels(), platform).toContain('Develop >');
      expect(
        menu?.roles().filter((role) => DEVELOPER_ROLES.includes(role)),
        platform,
      ).toEqual(DEVELOPER_ROLES);
    }
  });
});
