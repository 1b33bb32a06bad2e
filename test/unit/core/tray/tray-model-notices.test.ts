import { describe, expect, it } from 'vitest';
import {
  buildTrayModel,
  notificationsRefusedLabel,
  type TrayMenuItem,
  type TrayState,
} from '../../../../main/core/tray/tray-model.ts';

const quiet: TrayState = { unread: 0, latest: [], subscriptions: [], connections: [], now: 0 };

function find(menu: readonly TrayMenuItem[], label: string): TrayMenuItem | undefined {
  return menu.find((item) => 'label' in item && item.label === label);
}

describe('buildTrayModel: refused notifications', () => {
  it('says so in the menu (an item that opens the window), the tooltip and the icon', () => {
    const model = buildTrayModel({ ...quiet, notificationsRefused: true });
    expect(find(model.menu, notificationsRefusedLabel())).toEqual({
      kind: 'item',
      label: notificationsRefusedLabel(),
      command: { type: 'open-window' },
    });
    expect(model.tooltip).toBe('ntfy Tray — no unread messages — notifications blocked');
    expect(model.icon).toBe('trouble');
  });

  it('says nothing of it while notifications are shown', () => {
    const model = buildTrayModel({ ...quiet, notificationsRefused: false });
    expect(find(model.menu, notificationsRefusedLabel())).toBeUndefined();
    expect(model.tooltip).toBe('ntfy Tray — no unread messages');
    expect(model.icon).toBe('normal');
  });
});
