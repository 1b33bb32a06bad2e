/**
 * What the tray shows, decided without Electron: which icon (normal, unread, trouble), the tooltip with the unread
 * count, and the menu as data with typed commands. main/desktop turns it into an Electron menu and routes the
 * commands; tests read the model directly.
 */
import { oneLineText } from '../../../common/bidi-text.ts';
import { t } from '../../../common/i18n/translate.ts';
import type { ConnectionStatus } from '../engine/connection-types.ts';

export type TrayIconVariant = 'normal' | 'unread' | 'trouble';

export type TrayCommand =
  | { readonly type: 'open-window' }
  | { readonly type: 'open-message'; readonly server: string; readonly id: string }
  | { readonly type: 'pause'; readonly minutes: number | 'until-resumed' }
  | { readonly type: 'resume' }
  | { readonly type: 'toggle-mute'; readonly subscriptionId: string }
  /** Publishes the fixed test message (common/test-notification.ts) to that subscription's topic. */
  | { readonly type: 'send-test'; readonly subscriptionId: string }
  | { readonly type: 'quit' };

export type TrayMenuItem =
  | { readonly kind: 'item'; readonly label: string; readonly command: TrayCommand; readonly enabled?: boolean }
  | { readonly kind: 'checkbox'; readonly label: string; readonly checked: boolean; readonly command: TrayCommand }
  | { readonly kind: 'label'; readonly label: string }
  | { readonly kind: 'submenu'; readonly label: string; readonly items: readonly TrayMenuItem[] }
  | { readonly kind: 'separator' };

interface TrayMessageSummary {
  readonly server: string;
  readonly id: string;
  readonly title: string;
}

interface TraySubscription {
  readonly id: string;
  readonly label: string;
  readonly muted: boolean;
}

export interface TrayState {
  readonly unread: number;
  readonly latest: readonly TrayMessageSummary[];
  readonly subscriptions: readonly TraySubscription[];
  readonly connections: readonly ConnectionStatus[];
  /** Clock milliseconds; Infinity for "until resumed"; undefined when not paused. */
  readonly pausedUntil?: number;
  readonly now: number;
  /** The notification center refused our popups (main/core/notices): the menu says so instead of staying silent. */
  readonly notificationsRefused?: boolean;
  /** Apps registered with the UnifiedPush distributor (Linux, issue 35); absent or 0: the tooltip says nothing. */
  readonly pushApps?: number;
}

export interface TrayModel {
  readonly icon: TrayIconVariant;
  readonly tooltip: string;
  readonly menu: readonly TrayMenuItem[];
}

/** The menu item (it opens the window, whose banner says where to allow them); a function: text is per locale. */
export function notificationsRefusedLabel(): string {
  return t('app.tray.notifications-refused');
}

/** The submenu listing the subscriptions, each sending the test message to its topic. */
export function sendTestLabel(): string {
  return t('app.tray.send-test');
}

/** How many recent messages the menu lists. */
export const TRAY_LATEST_COUNT = 5;

function troubleCount(connections: readonly ConnectionStatus[]): number {
  return connections.filter((status) => status.state.kind !== 'open' && status.state.kind !== 'connecting').length;
}

function truncate(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}

function pausedLabel(state: TrayState): string | undefined {
  if (state.pausedUntil === undefined || state.pausedUntil <= state.now) return undefined;
  if (state.pausedUntil === Number.POSITIVE_INFINITY) return t('app.tray.paused-until-resumed');
  const minutes = Math.ceil((state.pausedUntil - state.now) / 60_000);
  return minutes >= 60
    ? t('app.tray.paused-hours', { count: Math.ceil(minutes / 60) })
    : t('app.tray.paused-minutes', { count: minutes });
}

export function buildTrayModel(state: TrayState): TrayModel {
  const trouble = troubleCount(state.connections);
  const refused = state.notificationsRefused === true;
  const icon: TrayIconVariant = trouble > 0 || refused ? 'trouble' : state.unread > 0 ? 'unread' : 'normal';
  const paused = pausedLabel(state);
  // The tooltip is a row of separate statuses (each a whole phrase), not one sentence, so joining them is safe.
  const tooltip = [
    'ntfy Tray',
    state.unread === 0 ? t('app.tray.tooltip.no-unread') : t('app.tray.tooltip.unread', { count: state.unread }),
    trouble === 0 ? undefined : t('app.tray.tooltip.connections-trouble', { count: trouble }),
    refused ? t('app.tray.tooltip.notifications-refused') : undefined,
    (state.pushApps ?? 0) === 0 ? undefined : t('app.tray.tooltip.push-apps', { count: state.pushApps ?? 0 }),
    paused,
  ]
    .filter((part) => part !== undefined)
    .join(' — ');

  const menu: TrayMenuItem[] = [];
  if (state.latest.length === 0) menu.push({ kind: 'label', label: t('app.tray.no-messages') });
  for (const message of state.latest.slice(0, TRAY_LATEST_COUNT)) {
    menu.push({
      kind: 'item',
      label: truncate(oneLineText(message.title), 60),
      command: { type: 'open-message', server: message.server, id: message.id },
    });
  }
  menu.push({ kind: 'separator' });
  if (trouble > 0) {
    const label = t('app.tray.connections-trouble', { count: trouble });
    menu.push({ kind: 'item', label, command: { type: 'open-window' } });
  }
  if (refused) menu.push({ kind: 'item', label: notificationsRefusedLabel(), command: { type: 'open-window' } });
  if (paused === undefined) {
    menu.push({
      kind: 'submenu',
      label: t('app.tray.pause'),
      items: [
        { kind: 'item', label: t('app.tray.pause-for-hours', { count: 1 }), command: { type: 'pause', minutes: 60 } },
        { kind: 'item', label: t('app.tray.pause-for-hours', { count: 8 }), command: { type: 'pause', minutes: 480 } },
        {
          kind: 'item',
          label: t('app.tray.pause-until-resumed'),
          command: { type: 'pause', minutes: 'until-resumed' },
        },
      ],
    });
  } else {
    menu.push({ kind: 'label', label: paused });
    menu.push({ kind: 'item', label: t('app.tray.resume'), command: { type: 'resume' } });
  }
  if (state.subscriptions.length > 0) {
    menu.push({
      kind: 'submenu',
      label: sendTestLabel(),
      items: state.subscriptions.map((subscription) => ({
        kind: 'item' as const,
        label: truncate(subscription.label, 60),
        command: { type: 'send-test' as const, subscriptionId: subscription.id },
      })),
    });
    menu.push({
      kind: 'submenu',
      label: t('app.tray.mute'),
      items: state.subscriptions.map((subscription) => ({
        kind: 'checkbox' as const,
        label: truncate(subscription.label, 60),
        checked: subscription.muted,
        command: { type: 'toggle-mute' as const, subscriptionId: subscription.id },
      })),
    });
  }
  menu.push({ kind: 'separator' });
  menu.push({ kind: 'item', label: t('app.tray.open'), command: { type: 'open-window' } });
  menu.push({ kind: 'item', label: t('app.tray.quit'), command: { type: 'quit' } });
  return { icon, tooltip, menu };
}
