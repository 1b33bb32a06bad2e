import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { buildTrayMenuTemplate, createAppTray, selectTrayIconPath } from '../../../main/desktop/tray.ts';
import { createFakeElectron } from '../../fakes/electron.ts';

function createTrayWithSpies() {
  const electron = createFakeElectron();
  const actions = { openWindow: vi.fn<() => void>(), quit: vi.fn<() => void>() };
  const created = createAppTray({ Tray: electron.Tray, Menu: electron.Menu, iconPath: '/icons/tray.png', actions });
  const [tray] = electron.trays;
  if (tray !== created) throw new Error('createAppTray did not return the tray it constructed');
  return { tray, actions };
}

describe('tray menu', () => {
  it('offers "Open ntfy Tray" and "Quit", separated', () => {
    const template = buildTrayMenuTemplate({ openWindow: () => undefined, quit: () => undefined });

    expect(template.map((item) => ('type' in item ? '---' : item.label))).toEqual(['Open ntfy Tray', '---', 'Quit']);
  });

  it('opens the window when "Open ntfy Tray" is clicked, and does nothing else', () => {
    const { tray, actions } = createTrayWithSpies();

    tray.clickMenuItem('Open ntfy Tray');

    expect(actions.openWindow).toHaveBeenCalledTimes(1);
    expect(actions.quit).not.toHaveBeenCalled();
  });

  it('quits when "Quit" is clicked, and does nothing else', () => {
    const { tray, actions } = createTrayWithSpies();

    tray.clickMenuItem('Quit');

    expect(actions.quit).toHaveBeenCalledTimes(1);
    expect(actions.openWindow).not.toHaveBeenCalled();
  });

  it('opens the window on a left click of the icon', () => {
    const { tray, actions } = createTrayWithSpies();

    tray.click();

    expect(actions.openWindow).toHaveBeenCalledTimes(1);
  });

  it('uses the given icon and names the app in its tooltip', () => {
    const { tray } = createTrayWithSpies();

    expect(tray.iconPath).toBe('/icons/tray.png');
    expect(tray.toolTip).toBe('ntfy Tray');
  });
});

describe('selectTrayIconPath', () => {
  it('uses the template image on macOS so the menu bar can recolour it', () => {
    expect(selectTrayIconPath('/assets', 'darwin')).toBe(path.join('/assets', 'tray', 'trayTemplate.png'));
  });

  it.each(['linux', 'win32'] as const)('uses the coloured icon on %s', (platform) => {
    expect(selectTrayIconPath('/assets', platform)).toBe(path.join('/assets', 'tray', 'tray.png'));
  });
});
