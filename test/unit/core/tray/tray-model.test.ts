import { describe, expect, it } from 'vitest';
import type { ConnectionStatus } from '../../../../main/core/engine/connection-types.ts';
import { buildTrayModel, type TrayMenuItem, type TrayState } from '../../../../main/core/tray/tray-model.ts';

const now = 1_700_000_000_000;

function status(kind: ConnectionStatus['state']['kind']): ConnectionStatus {
  const state =
    kind === 'backoff'
      ? { kind, nextAttemptAt: now + 1000, reason: 'x', trouble: { kind: 'silent' as const } }
      : kind === 'auth-failed'
        ? { kind, error: { status: 401, message: 'unauthorized' } }
        : kind === 'error'
          ? { kind, message: 'bad' }
          : kind === 'open'
            ? { kind, since: now }
            : { kind };
  return {
    key: kind,
    server: 'https://ntfy.sh',
    transport: 'json',
    topics: ['t'],
    forbiddenTopics: [],
    state,
    counters: { reconnects: 0, messages: 0 },
  };
}

function state(fields: Partial<TrayState>): TrayState {
  return { unread: 0, latest: [], subscriptions: [], connections: [status('open')], now, ...fields };
}

function labels(items: readonly TrayMenuItem[]): string[] {
  return items.map((item) => (item.kind === 'separator' ? '---' : item.label));
}

describe('buildTrayModel', () => {
  it('picks the icon: trouble over unread over normal', () => {
    expect(buildTrayModel(state({})).icon).toBe('normal');
    expect(buildTrayModel(state({ unread: 3 })).icon).toBe('unread');
    expect(buildTrayModel(state({ unread: 3, connections: [status('open'), status('auth-failed')] })).icon).toBe(
      'trouble',
    );
    expect(buildTrayModel(state({ connections: [status('connecting')] })).icon).toBe('normal');
  });

  it('puts the unread count and trouble in the tooltip', () => {
    expect(buildTrayModel(state({})).tooltip).toBe('ntfy Tray — no unread messages');
    expect(buildTrayModel(state({ unread: 12, connections: [status('backoff'), status('error')] })).tooltip).toBe(
      'ntfy Tray — 12 unread — 2 connections with trouble',
    );
  });

  it('counts the apps registered for UnifiedPush in the tooltip, and says nothing without any', () => {
    expect(buildTrayModel(state({ pushApps: 2 })).tooltip).toBe('ntfy Tray — no unread messages — 2 push apps');
    expect(buildTrayModel(state({ unread: 1, pushApps: 1 })).tooltip).toBe('ntfy Tray — 1 unread — 1 push app');
    expect(buildTrayModel(state({ pushApps: 0 })).tooltip).toBe('ntfy Tray — no unread messages');
  });

  it('lists the latest messages, pause choices, mute toggles, Open and Quit', () => {
    const model = buildTrayModel(
      state({
        latest: Array.from({ length: 7 }, (_, i) => ({
          server: 's',
          id: `m${i}`,
          title: i === 0 ? 'x'.repeat(80) : `Message ${i}`,
        })),
        subscriptions: [{ id: 'sub1', label: 'Backups', muted: true }],
        connections: [status('auth-failed')],
      }),
    );
    expect(labels(model.menu)).toEqual([
      `${'x'.repeat(59)}…`,
      'Message 1',
      'Message 2',
      'Message 3',
      'Message 4',
      '---',
      '1 connection with trouble…',
      'Pause notifications',
      'Send test notification',
      'Mute',
      '---',
      'Open ntfy Tray',
      'Quit',
    ]);
    expect(model.menu[1]).toMatchObject({ command: { type: 'open-message', server: 's', id: 'm1' } });
    const pause = model.menu.find((item) => item.kind === 'submenu' && item.label === 'Pause notifications');
    expect(
      pause?.kind === 'submenu' ? pause.items.map((item) => (item.kind === 'item' ? item.command : null)) : [],
    ).toEqual([
      { type: 'pause', minutes: 60 },
      { type: 'pause', minutes: 480 },
      { type: 'pause', minutes: 'until-resumed' },
    ]);
    const mute = model.menu.find((item) => item.kind === 'submenu' && item.label === 'Mute');
    expect(mute?.kind === 'submenu' ? mute.items[0] : undefined).toEqual({
      kind: 'checkbox',
      label: 'Backups',
      checked: true,
      command: { type: 'toggle-mute', subscriptionId: 'sub1' },
    });
  });

  it('offers Resume while paused and says for how long', () => {
    const hour = buildTrayModel(state({ pausedUntil: now + 90 * 60_000 }));
    expect(labels(hour.menu)).toContain('Notifications paused for 2 h more');
    expect(labels(hour.menu)).toContain('Resume notifications');
    expect(labels(hour.menu)).not.toContain('Pause notifications');
    expect(labels(buildTrayModel(state({ pausedUntil: Number.POSITIVE_INFINITY })).menu)).toContain(
      'Notifications paused until resumed',
    );
    expect(labels(buildTrayModel(state({ pausedUntil: now - 1 })).menu)).toContain('Pause notifications');
  });

  it('says so when there are no messages', () => {
    expect(labels(buildTrayModel(state({})).menu)[0]).toBe('No messages yet');
  });

  it('shows a message title in the menu on one line, without the bidi override a publisher put in it', () => {
    const model = buildTrayModel(state({ latest: [{ server: 's', id: 'm1', title: 'invoice\u202efdp.exe\nreally' }] }));
    expect(labels(model.menu)[0]).toBe('invoicefdp.exe really');
  });
});
