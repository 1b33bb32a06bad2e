/**
 * The tray's side of the app core: the state the menu is built from (tray/tray-model.ts) and the menu's commands
 * (pause, resume, mute, open a message, send a test message) carried out on the settings, the pause, the history
 * and the window's publish request.
 */
import { t } from '../../../common/i18n/translate.ts';
import type { BridgeResult, PublishInputDto, PublishOutcomeDto } from '../../../common/ipc.ts';
import { testNotificationInput } from '../../../common/test-notification.ts';
import type { ConnectionStatus } from '../engine/connection-types.ts';
import type { AppHistoryStore, Clock, Notifier } from '../ports.ts';
import type { NtfyMessage } from '../protocol/types.ts';
import { upsertSubscription } from '../store/settings/edits.ts';
import type { SettingsStore } from '../store/settings/settings-store.ts';
import { TRAY_LATEST_COUNT, type TrayCommand, type TrayState } from '../tray/tray-model.ts';
import type { Pause } from './pause.ts';

/** What the app core handles; opening the window and quitting belong to the shell. */
export type CoreTrayCommand = Exclude<TrayCommand, { type: 'open-window' | 'quit' }>;

export interface TrayStateOptions {
  readonly settings: SettingsStore;
  readonly history: Pick<AppHistoryStore, 'unreadCounts' | 'listMessages' | 'getMessage'>;
  readonly clock: Pick<Clock, 'now'>;
  readonly pause: Pause;
  readonly connections: () => readonly ConnectionStatus[];
  /** The notification center refuses our popups (core/notices): the menu says so. */
  readonly notificationsRefused?: () => boolean;
  /** Apps registered with the UnifiedPush distributor (core/unifiedpush/push-apps.ts): the tooltip counts them. */
  readonly pushApps?: () => number;
  readonly openMessage: (server: string, message: NtfyMessage) => void;
  /** The window's publishMessage (stored credentials, outcomes in words); without it "send test" does nothing. */
  readonly publishMessage?: (input: PublishInputDto) => Promise<BridgeResult<PublishOutcomeDto>>;
  /** Says why a test message was not sent: a tray menu has no place of its own to show it. */
  readonly notifier?: Pick<Notifier, 'show'>;
}

/** Why a publish answer is not "sent", in words; undefined when it was sent. */
function notSentReason(result: BridgeResult<PublishOutcomeDto>): string | undefined {
  if (!result.ok) return result.error.message;
  return result.value.outcome === 'sent' ? undefined : result.value.detail;
}

/**
 * Publishes the test message to the subscription's topic. Success shows itself (the subscription receives it and
 * pops it up); a refusal or an unreachable server is shown as a popup naming the subscription.
 */
async function sendTest(subscriptionId: string, options: TrayStateOptions): Promise<void> {
  const found = options.settings.get().subscriptions.find((item) => item.id === subscriptionId);
  if (found === undefined || options.publishMessage === undefined) return;
  const reason = notSentReason(await options.publishMessage(testNotificationInput(found.server, found.topic)));
  if (reason === undefined) return;
  await options.notifier?.show({
    id: `send-test-failed:${found.id}`,
    title: t('app.send-test.failed-title'),
    body: t('app.send-test.failed-body', { name: found.displayName ?? found.topic, reason }),
    urgency: 'normal',
    silent: false,
    actions: [],
  });
}

export function trayStateOf(options: TrayStateOptions): TrayState {
  const { settings, history, pause } = options;
  const until = pause.get();
  return {
    unread: history.unreadCounts().reduce((sum, count) => sum + count.unread, 0),
    latest: history.listMessages({ limit: TRAY_LATEST_COUNT }).messages.map((stored) => ({
      server: stored.server,
      id: stored.message.id,
      title: stored.message.title ?? stored.message.message,
    })),
    subscriptions: settings.get().subscriptions.map((item) => ({
      id: item.id,
      label: item.displayName ?? item.topic,
      muted: item.muted,
    })),
    connections: options.connections(),
    now: options.clock.now(),
    ...(until === undefined ? {} : { pausedUntil: until }),
    ...(options.notificationsRefused?.() === true ? { notificationsRefused: true } : {}),
    ...(options.pushApps === undefined ? {} : { pushApps: options.pushApps() }),
  };
}

export async function runTrayCommand(command: CoreTrayCommand, options: TrayStateOptions): Promise<void> {
  const { settings } = options;
  switch (command.type) {
    case 'pause':
      options.pause.set(command.minutes);
      return;
    case 'resume':
      options.pause.set(null);
      return;
    case 'toggle-mute': {
      const found = settings.get().subscriptions.find((item) => item.id === command.subscriptionId);
      if (found === undefined) return;
      await settings.update((latest) => upsertSubscription(latest, { ...found, muted: !found.muted }));
      return;
    }
    case 'send-test':
      await sendTest(command.subscriptionId, options);
      return;
    case 'open-message': {
      const stored = options.history.getMessage({ server: command.server, id: command.id });
      if (stored !== undefined) options.openMessage(stored.server, stored.message);
      return;
    }
  }
}
