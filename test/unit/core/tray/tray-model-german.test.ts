/** The tray's menu and tooltip in German: the app's words come from the catalog in the chosen language. */
import { afterEach, describe, expect, it } from 'vitest';
import { setLocale } from '../../../../common/i18n/translate.ts';
import type { ConnectionStatus } from '../../../../main/core/engine/connection-types.ts';
import { buildTrayModel, type TrayMenuItem, type TrayState } from '../../../../main/core/tray/tray-model.ts';

const now = 1_700_000_000_000;

function state(fields: Partial<TrayState>): TrayState {
  return { unread: 0, latest: [], subscriptions: [], connections: [], now, ...fields };
}

function labels(menu: readonly TrayMenuItem[]): string[] {
  return menu.flatMap((item) => {
    if (item.kind === 'separator') return [];
    return item.kind === 'submenu' ? [item.label, ...labels(item.items)] : [item.label];
  });
}

const failing: ConnectionStatus = {
  key: 'k',
  server: 'https://ntfy.sh',
  transport: 'json',
  topics: ['t'],
  forbiddenTopics: [],
  state: { kind: 'error', message: 'bad' },
  counters: { reconnects: 0, messages: 0 },
};

afterEach(() => {
  setLocale(['en-US']);
});

describe('the tray in German', () => {
  it('labels the menu in German, with plural hours for the pause choices', () => {
    setLocale(['de-DE']);
    const { menu } = buildTrayModel(state({ subscriptions: [{ id: 'a', label: 'Backups', muted: false }] }));
    expect(labels(menu)).toEqual([
      'Noch keine Nachrichten',
      'Benachrichtigungen pausieren',
      'Für 1 Stunde',
      'Für 8 Stunden',
      'Bis zur Fortsetzung',
      'Testbenachrichtigung senden',
      'Backups',
      'Stummschalten',
      'Backups',
      'ntfy Tray öffnen',
      'Beenden',
    ]);
  });

  it('counts unread messages and troubled connections in the tooltip with German digit grouping', () => {
    setLocale(['de-DE']);
    const model = buildTrayModel(state({ unread: 12_345, connections: [failing, failing] }));
    expect(model.tooltip).toBe('ntfy Tray — 12.345 ungelesen — 2 Verbindungen mit Problemen');
    expect(labels(model.menu)).toContain('2 Verbindungen mit Problemen…');
    const one = buildTrayModel(state({ connections: [failing] }));
    expect(one.tooltip).toBe('ntfy Tray — keine ungelesenen Nachrichten — 1 Verbindung mit Problemen');
  });

  it('counts push apps in the tooltip in German', () => {
    setLocale(['de-DE']);
    expect(buildTrayModel(state({ pushApps: 2 })).tooltip).toBe(
      'ntfy Tray — keine ungelesenen Nachrichten — 2 Push-Apps',
    );
    expect(buildTrayModel(state({ pushApps: 1 })).tooltip).toBe(
      'ntfy Tray — keine ungelesenen Nachrichten — 1 Push-App',
    );
  });

  it('says how long notifications stay paused', () => {
    setLocale(['de-DE']);
    const model = buildTrayModel(state({ pausedUntil: now + 90 * 60_000 }));
    expect(labels(model.menu)).toContain('Benachrichtigungen noch 2 Std. pausiert');
    expect(labels(model.menu)).toContain('Benachrichtigungen fortsetzen');
  });
});
