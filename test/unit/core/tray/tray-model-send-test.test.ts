import { describe, expect, it } from 'vitest';
import { buildTrayModel, sendTestLabel, type TrayState } from '../../../../main/core/tray/tray-model.ts';

const now = 1_700_000_000_000;

function state(fields: Partial<TrayState>): TrayState {
  return { unread: 0, latest: [], subscriptions: [], connections: [], now, ...fields };
}

describe('the tray menu\'s "Send test notification"', () => {
  it('lists every subscription by its name, each sending the test message to its own topic', () => {
    const { menu } = buildTrayModel(
      state({
        subscriptions: [
          { id: 'a', label: 'Alerts', muted: false },
          { id: 'b', label: 'Backups', muted: true },
        ],
      }),
    );
    const send = menu.find((item) => item.kind === 'submenu' && item.label === sendTestLabel());
    expect(send).toEqual({
      kind: 'submenu',
      label: 'Send test notification',
      items: [
        { kind: 'item', label: 'Alerts', command: { type: 'send-test', subscriptionId: 'a' } },
        { kind: 'item', label: 'Backups', command: { type: 'send-test', subscriptionId: 'b' } },
      ],
    });
    // Before Mute, whose submenu lists the same names as checkboxes.
    const labels = menu.map((item) => (item.kind === 'separator' ? '---' : item.label));
    expect(labels.indexOf(sendTestLabel())).toBeLessThan(labels.indexOf('Mute'));
  });

  it('is not there without subscriptions', () => {
    const { menu } = buildTrayModel(state({}));
    expect(menu.some((item) => item.kind === 'submenu' && item.label === sendTestLabel())).toBe(false);
  });
});
