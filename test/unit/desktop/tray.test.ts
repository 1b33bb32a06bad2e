import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ConnectionStatus } from '../../../main/core/engine/connection-types.ts';
import {
  buildTrayModel,
  type TrayCommand,
  type TrayIconVariant,
  type TrayModel,
  type TrayState,
} from '../../../main/core/tray/tray-model.ts';
import { createAppTray, selectTrayIconPath } from '../../../main/desktop/tray.ts';
import { createFakeElectron } from '../../fakes/electron.ts';

const now = 1_700_000_000_000;

function connection(kind: 'open' | 'auth-failed'): ConnectionStatus {
  return {
    key: kind,
    server: 'https://ntfy.example',
    transport: 'json',
    topics: ['alerts'],
    forbiddenTopics: [],
    state: kind === 'open' ? { kind, since: now } : { kind, error: { status: 401, message: 'unauthorized' } },
    counters: { reconnects: 0, messages: 0 },
  };
}

function model(fields: Partial<TrayState> = {}): TrayModel {
  return buildTrayModel({
    unread: 2,
    latest: [
      { server: 'https://ntfy.example', id: 'm2', title: 'Disk almost full' },
      { server: 'https://ntfy.example', id: 'm1', title: 'Backup done' },
    ],
    subscriptions: [
      { id: 'sub-alerts', label: 'ntfy.example/alerts', muted: false },
      { id: 'sub-ci', label: 'ntfy.example/ci', muted: true },
    ],
    connections: [connection('open')],
    now,
    ...fields,
  });
}

const iconPathFor = (variant: TrayIconVariant) => `/icons/${variant}.png`;

function createTray(initial: TrayModel = model(), options: { unreadInTitle?: boolean } = {}) {
  const electron = createFakeElectron();
  const commands: TrayCommand[] = [];
  const appTray = createAppTray({
    Tray: electron.Tray,
    Menu: electron.Menu,
    iconPathFor,
    model: initial,
    onCommand: (command) => commands.push(command),
    ...options,
  });
  const [tray] = electron.trays;
  if (tray === undefined || tray !== appTray.handle) throw new Error('createAppTray did not return its tray');
  const menu = () => {
    if (tray.contextMenu === undefined) throw new Error('no context menu');
    return tray.contextMenu;
  };
  return { appTray, tray, commands, menu };
}

describe('tray rendered from the model', () => {
  it('shows the model’s icon variant and tooltip', () => {
    const { tray } = createTray();

    expect(tray.iconPath).toBe('/icons/unread.png');
    expect(tray.toolTip).toBe('ntfy Tray — 2 unread');
  });

  it('lists the menu in the model’s order, with submenus and separators', () => {
    const { menu } = createTray();

    expect(menu().labels()).toEqual([
      'Disk almost full',
      'Backup done',
      '---',
      'Pause notifications >',
      'Send test notification >',
      'Mute >',
      '---',
      'Open ntfy Tray',
      'Quit',
    ]);
  });

  it('opens a message from the latest list by server and id', () => {
    const { tray, commands } = createTray();

    tray.clickMenuItem('Backup done');

    expect(commands).toEqual([{ type: 'open-message', server: 'https://ntfy.example', id: 'm1' }]);
  });

  it('dispatches the three pause lengths from the submenu', () => {
    const { tray, commands } = createTray();

    tray.clickMenuItem('Pause notifications', 'For 1 hour');
    tray.clickMenuItem('Pause notifications', 'For 8 hours');
    tray.clickMenuItem('Pause notifications', 'Until resumed');

    expect(commands).toEqual([
      { type: 'pause', minutes: 60 },
      { type: 'pause', minutes: 480 },
      { type: 'pause', minutes: 'until-resumed' },
    ]);
  });

  it('shows per-subscription mute as ticked checkboxes that toggle', () => {
    const { tray, menu, commands } = createTray();

    const mute = menu().items.find((item) => item.label === 'Mute')?.submenu;
    expect(mute?.items.map((item) => [item.type, item.label, item.checked])).toEqual([
      ['checkbox', 'ntfy.example/alerts', false],
      ['checkbox', 'ntfy.example/ci', true],
    ]);
    tray.clickMenuItem('Mute', 'ntfy.example/ci');

    expect(commands).toEqual([{ type: 'toggle-mute', subscriptionId: 'sub-ci' }]);
  });

  it('shows a pause as a greyed-out line the user cannot choose, with a Resume item', () => {
    const { tray, menu, commands } = createTray(model({ pausedUntil: Number.POSITIVE_INFINITY }));

    const line = menu().items.find((item) => item.label === 'Notifications paused until resumed');
    expect(line).toMatchObject({ enabled: false, click: undefined });
    expect(() => {
      tray.clickMenuItem('Notifications paused until resumed');
    }).toThrow(/no clickable/);
    tray.clickMenuItem('Resume notifications');

    expect(commands).toEqual([{ type: 'resume' }]);
  });

  it('summarises connection trouble in an item that opens the window', () => {
    const { tray, commands } = createTray(model({ connections: [connection('auth-failed')] }));

    expect(tray.iconPath).toBe('/icons/trouble.png');
    tray.clickMenuItem('1 connection with trouble…');

    expect(commands).toEqual([{ type: 'open-window' }]);
  });

  it('opens the window on a left click of the icon', () => {
    const { tray, commands } = createTray();

    tray.click();

    expect(commands).toEqual([{ type: 'open-window' }]);
  });
});

describe('updateTray', () => {
  it('changes nothing when the model is the same', () => {
    const { appTray, tray } = createTray();
    tray.updates.length = 0;

    appTray.update(model());

    expect(tray.updates).toEqual([]);
  });

  it('swaps only the image when only the icon variant changes', () => {
    const initial = model();
    const { appTray, tray } = createTray(initial);
    tray.updates.length = 0;

    appTray.update({ ...initial, icon: 'trouble' });

    expect(tray.updates).toEqual(['setImage']);
    expect(tray.iconPath).toBe('/icons/trouble.png');
  });

  it('updates only the tooltip when only the unread count changes in it', () => {
    const initial = model();
    const { appTray, tray } = createTray(initial);
    tray.updates.length = 0;

    appTray.update({ ...initial, tooltip: 'ntfy Tray — 3 unread' });

    expect(tray.updates).toEqual(['setToolTip']);
    expect(tray.toolTip).toBe('ntfy Tray — 3 unread');
  });

  it('rebuilds the menu when it changed, and the new items dispatch', () => {
    const { appTray, tray, commands } = createTray();
    tray.updates.length = 0;

    appTray.update(model({ unread: 0, latest: [{ server: 'https://ntfy.example', id: 'm3', title: 'New one' }] }));
    tray.clickMenuItem('New one');

    expect(tray.updates).toEqual(['setImage', 'setToolTip', 'setContextMenu']);
    expect(tray.iconPath).toBe('/icons/normal.png');
    expect(commands).toEqual([{ type: 'open-message', server: 'https://ntfy.example', id: 'm3' }]);
  });

  it('compares against what it showed last, not the first model', () => {
    const initial = model();
    const { appTray, tray } = createTray(initial);
    appTray.update({ ...initial, icon: 'normal' });
    tray.updates.length = 0;

    appTray.update({ ...initial, icon: 'normal' });

    expect(tray.updates).toEqual([]);
  });

  it('removes the icon on destroy', () => {
    const { appTray, tray } = createTray();

    appTray.destroy();

    expect(tray.destroyed).toBe(true);
  });
});

describe('selectTrayIconPath', () => {
  it.each([
    ['normal', 'trayTemplate.png'],
    ['unread', 'trayUnreadTemplate.png'],
    ['trouble', 'trayTroubleTemplate.png'],
  ] as const)('uses the %s template image on macOS so the menu bar can recolour it', (variant, file) => {
    expect(selectTrayIconPath('/assets', 'darwin', variant)).toBe(path.join('/assets', 'tray', file));
  });

  it.each([
    ['linux', 'normal', 'tray.png'],
    ['win32', 'unread', 'trayUnread.png'],
    ['linux', 'trouble', 'trayTrouble.png'],
  ] as const)('uses the coloured icon on %s (%s)', (platform, variant, file) => {
    expect(selectTrayIconPath('/assets', platform, variant)).toBe(path.join('/assets', 'tray', file));
  });

  it('defaults to the normal icon', () => {
    expect(selectTrayIconPath('/assets', 'win32')).toBe(path.join('/assets', 'tray', 'tray.png'));
  });
});

describe('unread count in the macOS menu bar', () => {
  it('shows the count beside the icon, removes it at zero and caps it', () => {
    const { appTray, tray } = createTray(model(), { unreadInTitle: true });

    appTray.showUnread(2);
    expect(tray.title).toBe('2');
    appTray.showUnread(0);
    expect(tray.title).toBe('');
    appTray.showUnread(12_345);
    expect(tray.title).toBe('999+');
  });

  it('sets the title only when it changes', () => {
    const { appTray, tray } = createTray(model(), { unreadInTitle: true });

    appTray.showUnread(2);
    appTray.showUnread(2);

    expect(tray.updates.filter((update) => update === 'setTitle')).toHaveLength(1);
  });

  it('leaves the title alone where the menu bar has none (Windows, Linux)', () => {
    const { appTray, tray } = createTray();

    appTray.showUnread(2);

    expect(tray.updates).not.toContain('setTitle');
  });
});
