/**
 * The running app without its shell: settings drive the subscriptions (credentials from the keychain), the engine
 * delivers into the history, the notification policy and dispatcher raise popups, and the window (the bridge
 * service) and the tray get what they show. Electron (main/index.ts) and the dev:web bridge both start exactly
 * this; neither adds decisions of its own. Its parts live beside it in core/app/.
 */
import { randomUUID } from 'node:crypto';
import type {
  AccountStatusDto,
  CommandStateChangedDto,
  ConnectionDto,
  MessageDto,
  SettingsDto,
  UpdateChecksDto,
} from '../../../common/ipc.ts';
import { type AppRequests, createAppService } from '../bridge/app-service.ts';
import type { SaveFile } from '../bridge/client-config-requests.ts';
import { toMessageDto, toSettingsDto } from '../bridge/dto.ts';
import { AttachmentCache, type AttachmentCacheOptions } from '../delivery/attachment-cache.ts';
import type { DeliveredBatch } from '../delivery/deliver.ts';
import { runHttpAction } from '../delivery/http-action.ts';
import { NotificationDispatcher } from '../delivery/notification-dispatcher.ts';
import type { ConnectionTiming } from '../engine/connection-types.ts';
import { checkTopicAccess } from '../engine/http-requests.ts';
import type { NoticeRequests } from '../notices/notice-requests.ts';
import type { PushApps } from '../unifiedpush/push-apps.ts';
import type { AppHistoryStore, Clock, Logger, Notifier } from '../ports.ts';
import type { NtfyMessage } from '../protocol/types.ts';
import type { SecretStore } from '../store/secrets/secret-store.ts';
import type { Settings } from '../store/settings/schema.ts';
import type { SettingsStore } from '../store/settings/settings-store.ts';
import type { TrayState } from '../tray/tray-model.ts';
import { createAppImages, withAttachmentCleanup } from './cached-image.ts';
import { startAppAccount } from './app-account.ts';
import { startAppConnections } from './app-connections.ts';
import { createAppNotificationPolicy } from './notification-settings.ts';
import { createPause } from './pause.ts';
import { scheduleRetention } from './retention-schedule.ts';
import { type StartSubscriptionCommand, SubscriptionCommands } from './subscription-commands.ts';
import { type CoreTrayCommand, runTrayCommand, type TrayStateOptions, trayStateOf } from './tray-state.ts';

export interface AppCoreEvents {
  readonly messagesReceived: (messages: readonly MessageDto[]) => void;
  readonly connectionsChanged: (connections: readonly ConnectionDto[]) => void;
  readonly settingsChanged: (settings: SettingsDto) => void;
  /** Unread counts, latest messages, connections or pause changed: rebuild the tray. */
  readonly trayChanged: () => void;
  /** Signed in or out of the ntfy account, or a sync ran; absent where no window listens. */
  readonly accountChanged?: (status: AccountStatusDto) => void;
  /** What a subscription's row shows of its command changed (a failure, skipped or long runs); absent: no window. */
  readonly commandStateChanged?: (change: CommandStateChangedDto) => void;
}

interface AppCoreOptions {
  readonly settings: SettingsStore;
  readonly history: AppHistoryStore;
  readonly secrets: SecretStore;
  readonly notifier: Notifier;
  readonly clock: Clock;
  readonly random: () => number;
  readonly log: Logger;
  readonly openExternal: (url: string) => Promise<void>;
  readonly copyText: (text: string) => void;
  /** Opens the window on a message; `confirmAction`: with that http action's confirmation shown (a popup's click). */
  readonly openMessage: (server: string, message: NtfyMessage, options?: { readonly confirmAction?: number }) => void;
  /** The image attachment cache (its folder, and in tests the address guard); absent: popups show no images. */
  readonly attachments?: AttachmentCacheOptions;
  readonly events: AppCoreEvents;
  /** The window's desktop-notice requests (core/notices/notice-requests.ts); an empty list when absent. */
  readonly notices?: NoticeRequests;
  /** The UnifiedPush distributor's apps (core/unifiedpush/push-apps.ts); "not available" when absent. */
  readonly pushApps?: PushApps;
  /** The notification center refuses our popups (DesktopNotices): trayState() says so, and the menu shows it. */
  readonly notificationsRefused?: () => boolean;
  /** Retention runs this often (milliseconds); default one hour. */
  readonly retentionIntervalMs?: number;
  /**
   * Starts a subscription's command for a message (core/commands/message-command.ts `createCommandRunner` with the
   * root's environment and platform); absent: subscriptions' commands are not run.
   */
  readonly startCommand?: StartSubscriptionCommand;
  /** The shell's save dialog, for the client.yml export (core/bridge/client-config-requests.ts); absent: none. */
  readonly saveFile?: SaveFile;
  /**
   * Who decides about update checks, said in the window's settings (core/updates/update-policy.ts); absent: this
   * build has no release feed (`not-in-this-build`), as in the CLI's core, tests and the dev bridge.
   */
  readonly updateChecks?: UpdateChecksDto;
  /** Engine timing (tests and the dev bridge); the keepalive timeout always comes from the settings. */
  readonly timing?: Partial<ConnectionTiming>;
}

export interface AppCore {
  readonly service: AppRequests;
  trayState(): TrayState;
  handleTrayCommand(command: CoreTrayCommand): Promise<void>;
  /** OS resume, unlock, network back. */
  reconnectNow(): void;
  /** Stops every connection and waits until what was read is stored. */
  stop(): Promise<void>;
}

/** Subscriptions' commands (none where the app cannot start one); a pause holds them as it holds popups. */
function subscriptionCommands(options: AppCoreOptions, paused: () => boolean): SubscriptionCommands | undefined {
  const { startCommand, clock, log, events } = options;
  if (startCommand === undefined) return undefined;
  return new SubscriptionCommands({
    start: startCommand,
    clock,
    log: log.child('commands'),
    paused,
    onChanged: (subscriptionId) => {
      events.commandStateChanged?.({ subscriptionId });
    },
  });
}

export function startAppCore(options: AppCoreOptions): AppCore {
  const { settings, log, clock, events } = options;
  const cache = options.attachments === undefined ? undefined : new AttachmentCache(options.attachments);
  const images = cache === undefined ? undefined : createAppImages(cache, settings, log.child('attachments'));
  // Deleting messages (one, a topic's history, retention) deletes their cached images too.
  const history = cache === undefined ? options.history : withAttachmentCleanup(options.history, cache, log).history;
  const updateChecks = options.updateChecks ?? 'not-in-this-build';
  const settingsDto = (current: Settings): SettingsDto => toSettingsDto(current, pause.get(), updateChecks);
  const pause = createPause({
    clock,
    onChange: () => {
      if (pause.get() !== undefined) commands?.pauseStarted();
      events.trayChanged();
      // The window shows the pause with the settings: tell it, whether the tray or the window paused.
      events.settingsChanged(settingsDto(settings.get()));
    },
  });
  const commands = subscriptionCommands(options, () => pause.get() !== undefined);
  const dispatcher = new NotificationDispatcher({
    notifier: options.notifier,
    policy: createAppNotificationPolicy({ clock, settings, pause }),
    log: log.child('notifications'),
    openExternal: options.openExternal,
    openMessage: options.openMessage,
    copyText: options.copyText,
    runHttpAction: (action, request) => runHttpAction(action, request),
    ...(images === undefined ? {} : { downloadImage: images.downloadImage }),
    sounds: () => settings.get().preferences.sounds,
  });

  const engine = startAppConnections({
    settings,
    history,
    secrets: options.secrets,
    clock,
    random: options.random,
    log,
    ...(options.timing === undefined ? {} : { timing: options.timing }),
    connectionsChanged: events.connectionsChanged,
    statusChanged: events.trayChanged,
    onDelivered: (batch: DeliveredBatch) => {
      void dispatcher.handle(batch); // logs its own failures; storing already happened
      commands?.handle(batch, settings.get().subscriptions);
      if (batch.messages.length === 0) return;
      events.messagesReceived(
        batch.messages.map((message) =>
          toMessageDto({ server: batch.server, message, receivedAt: clock.now(), read: batch.mode === 'history' }),
        ),
      );
      events.trayChanged();
    },
  });
  const { connections, reconcile } = engine;
  reconcile(settings.get());
  const unsubscribeSettings = settings.onChange((next) => {
    // Unsubscribed, or the command changed or cleared: its runs stop (subscription-commands.ts).
    commands?.settingsChanged(next.subscriptions);
    reconcile(next);
    events.settingsChanged(settingsDto(next));
    events.trayChanged();
  });
  const stopRetention = scheduleRetention({
    clock,
    history,
    settings,
    log,
    ...(options.retentionIntervalMs === undefined ? {} : { intervalMs: options.retentionIntervalMs }),
  });

  const account = startAppAccount({
    settings,
    secrets: options.secrets,
    clock,
    random: options.random,
    log,
    ...(events.accountChanged === undefined ? {} : { accountChanged: events.accountChanged }),
  });

  const appService = createAppService({
    settings,
    history,
    secrets: options.secrets,
    connections,
    checkTopicAccess,
    pause,
    updateChecks,
    openExternal: options.openExternal,
    copyText: options.copyText,
    runHttpAction: (action, request) => runHttpAction(action, request),
    ...(images === undefined ? {} : { readImage: images.readImage }),
    newId: () => randomUUID(),
    now: () => clock.now(),
    log: log.child('bridge'),
    credentialsChanged: () => {
      reconcile(settings.get());
    },
    reconnectServer: (server) => {
      engine.manager.reconnectServer(server);
    },
    ...(options.notices === undefined ? {} : { notices: options.notices }),
    ...(options.pushApps === undefined ? {} : { pushApps: options.pushApps.requests }),
    ...(commands === undefined ? {} : { commands }),
    ...(options.saveFile === undefined ? {} : { saveFile: options.saveFile }),
    account: account.requests,
  });
  const service: AppRequests = {
    ...appService,
    clearCredentials: account.clearCredentials((server) => appService.clearCredentials(server)),
  };

  const tray: TrayStateOptions = {
    settings,
    history,
    clock,
    pause,
    connections,
    openMessage: options.openMessage,
    publishMessage: (input) => service.publishMessage(input),
    notifier: options.notifier,
    ...(options.notificationsRefused === undefined ? {} : { notificationsRefused: options.notificationsRefused }),
    ...(options.pushApps === undefined ? {} : { pushApps: options.pushApps.count }),
  };
  return {
    service,
    trayState: () => trayStateOf(tray),
    handleTrayCommand: (command) => runTrayCommand(command, tray),
    reconnectNow: () => {
      engine.manager.reconnectAll();
    },
    stop: async () => {
      await account.stop();
      unsubscribeSettings();
      stopRetention();
      dispatcher.dispose();
      commands?.dispose();
      await engine.stop();
    },
  };
}
