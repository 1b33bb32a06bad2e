/**
 * The running app without its shell: settings drive the subscriptions (credentials from the keychain), the engine
 * delivers into the SQLite history, the notification policy and dispatcher raise popups, and the window and the
 * tray get what they show. Electron (main/index.ts) and the dev:web bridge both start exactly this; neither adds
 * decisions of its own.
 */
import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { ConnectionDto, MessageDto, SettingsDto } from '../../../common/ipc.ts';
import { type AppRequests, createAppService, type PauseState } from '../bridge/app-service.ts';
import { toConnectionDto, toMessageDto, toSettingsDto } from '../bridge/dto.ts';
import { createDeliver, type DeliveredBatch } from '../delivery/deliver.ts';
import { imageTypeOfCachedFile } from '../delivery/attachment-cache.ts';
import { runHttpAction } from '../delivery/http-action.ts';
import { NotificationDispatcher } from '../delivery/notification-dispatcher.ts';
import { NotificationPolicy, type QuietHours } from '../delivery/notification-policy.ts';
import { Connection } from '../engine/connection.ts';
import { ConnectionManager } from '../engine/connection-manager.ts';
import type { ConnectionStatus, ConnectionTiming } from '../engine/connection-types.ts';
import type { Subscription } from '../engine/groups.ts';
import { checkTopicAccess, pollOnce } from '../engine/http-requests.ts';
import type { Clock, Logger, Notifier } from '../ports.ts';
import type { NtfyMessage } from '../protocol/types.ts';
import type { SqliteHistoryStore } from '../store/history/sqlite-history-store.ts';
import { resolveCredentials } from '../store/secrets/credentials.ts';
import type { SecretStore } from '../store/secrets/secret-store.ts';
import { upsertSubscription } from '../store/settings/edits.ts';
import type { Settings } from '../store/settings/schema.ts';
import type { SettingsStore } from '../store/settings/settings-store.ts';
import { openTransport } from '../transports/index.ts';
import type { TrayCommand, TrayState } from '../tray/tray-model.ts';

export interface AppCoreEvents {
  readonly messagesReceived: (messages: readonly MessageDto[]) => void;
  readonly connectionsChanged: (connections: readonly ConnectionDto[]) => void;
  readonly settingsChanged: (settings: SettingsDto) => void;
  /** Unread counts, latest messages, connections or pause changed: rebuild the tray. */
  readonly trayChanged: () => void;
}

export interface AppCoreOptions {
  readonly settings: SettingsStore;
  readonly history: SqliteHistoryStore;
  readonly secrets: SecretStore;
  readonly notifier: Notifier;
  readonly clock: Clock;
  readonly random: () => number;
  readonly log: Logger;
  readonly openExternal: (url: string) => Promise<void>;
  readonly copyText: (text: string) => void;
  readonly openMessage: (server: string, message: NtfyMessage) => void;
  readonly downloadImage?: (url: string) => Promise<string | undefined>;
  readonly events: AppCoreEvents;
  /** Retention runs this often (milliseconds); default one hour. */
  readonly retentionIntervalMs?: number;
  /** Engine timing (tests and the dev bridge); the keepalive timeout always comes from the settings. */
  readonly timing?: Partial<ConnectionTiming>;
}

export interface AppCore {
  readonly service: AppRequests;
  trayState(): TrayState;
  handleTrayCommand(command: Exclude<TrayCommand, { type: 'open-window' | 'quit' }>): Promise<void>;
  /** OS resume, unlock, network back. */
  reconnectNow(): void;
  /** Stops every connection and waits until what was read is stored. */
  stop(): Promise<void>;
}

function minutesOf(time: string): number {
  const [hours = '0', minutes = '0'] = time.split(':');
  return Number(hours) * 60 + Number(minutes);
}

function quietHoursOf(settings: Settings): QuietHours | undefined {
  const quiet = settings.preferences.quietHours;
  if (!quiet.enabled) return undefined;
  return {
    startMinute: minutesOf(quiet.start),
    endMinute: minutesOf(quiet.end),
    urgentBreaksThrough: quiet.urgentBreaksThrough,
  };
}

export function startAppCore(options: AppCoreOptions): AppCore {
  const { settings, history, log, clock } = options;
  let pausedUntil: number | undefined;
  const pause: PauseState = {
    get: () => (pausedUntil !== undefined && pausedUntil <= clock.now() ? undefined : pausedUntil),
    set: (until) => {
      pausedUntil = until;
      options.events.trayChanged();
      // The window shows the pause with the settings: tell it, whether the tray or the window paused.
      options.events.settingsChanged(toSettingsDto(settings.get(), pause.get()));
    },
  };
  let statuses = new Map<string, ConnectionStatus>();

  const policy = new NotificationPolicy({
    clock,
    settings: () => {
      const current = settings.get();
      const quietHours = quietHoursOf(current);
      const until = pause.get();
      return {
        enabled: current.preferences.notificationsEnabled,
        minPriority: current.preferences.minPriority,
        ...(until === undefined ? {} : { pausedUntil: until }),
        ...(quietHours === undefined ? {} : { quietHours }),
      };
    },
    subscription: (server, topic) => {
      const found = settings.get().subscriptions.find((item) => item.server === server && item.topic === topic);
      if (found === undefined) return undefined;
      return {
        muted: found.muted,
        minPriority: found.minPriority,
        ...(found.displayName === undefined ? {} : { displayName: found.displayName }),
      };
    },
  });
  const dispatcher = new NotificationDispatcher({
    notifier: options.notifier,
    policy,
    log: log.child('notifications'),
    openExternal: options.openExternal,
    openMessage: options.openMessage,
    copyText: options.copyText,
    runHttpAction: (action) => runHttpAction(action),
    ...(options.downloadImage === undefined ? {} : { downloadImage: options.downloadImage }),
    sounds: () => settings.get().preferences.sounds,
  });

  const onDelivered = (batch: DeliveredBatch): void => {
    void dispatcher.handle(batch); // logs its own failures; storing already happened
    if (batch.messages.length === 0) return;
    options.events.messagesReceived(
      batch.messages.map((message) =>
        toMessageDto({ server: batch.server, message, receivedAt: clock.now(), read: batch.mode === 'history' }),
      ),
    );
    options.events.trayChanged();
  };
  const deliver = createDeliver({ history, onDelivered });

  const manager = new ConnectionManager({
    initialSince: { kind: 'all' },
    createConnection: (spec) =>
      new Connection({
        spec,
        clock,
        random: options.random,
        log: log.child(`connection ${spec.server}`),
        openTransport,
        history,
        deliver,
        poll: pollOnce,
        checkTopicAccess,
        timing: {
          ...options.timing,
          keepaliveTimeoutMs: settings.get().preferences.keepaliveTimeoutSeconds * 1000,
        },
        onStatus: (status) => {
          statuses.set(status.key, status);
          options.events.connectionsChanged([...statuses.values()].map(toConnectionDto));
          options.events.trayChanged();
        },
      }),
  });

  /** Settings → engine subscriptions, with each server's secret from the keychain (missing → no credentials). */
  async function desiredSubscriptions(current: Settings): Promise<Subscription[]> {
    return Promise.all(
      current.subscriptions.map(async (item) => {
        const server = current.servers.find((entry) => entry.url === item.server) ?? {
          url: item.server,
          auth: { kind: 'none' as const },
        };
        let credentials;
        try {
          credentials = await resolveCredentials(server, options.secrets);
        } catch (error) {
          // The connection then meets a 401/403 and shows "credentials rejected", which is what the user must fix.
          log.log('warn', 'no usable credentials for a server', { server: item.server, error: String(error) });
          credentials = { kind: 'none' as const };
        }
        return {
          server: item.server,
          topic: item.topic,
          transport: item.transport,
          filters: item.filters,
          credentials,
        };
      }),
    );
  }

  let reconciling = Promise.resolve();
  const reconcile = (current: Settings): void => {
    reconciling = reconciling
      .then(async () => {
        const result = manager.reconcile(await desiredSubscriptions(current));
        const running = new Set(manager.statuses().map((status) => status.key));
        statuses = new Map([...statuses].filter(([key]) => running.has(key)));
        if (result.stopped.length > 0) options.events.connectionsChanged([...statuses.values()].map(toConnectionDto));
      })
      .catch((error: unknown) => {
        log.log('error', 'could not apply the subscriptions', { error: String(error) });
      });
  };
  reconcile(settings.get());
  const unsubscribeSettings = settings.onChange((next) => {
    reconcile(next);
    options.events.settingsChanged(toSettingsDto(next, pause.get()));
    options.events.trayChanged();
  });

  const applyRetention = (): void => {
    const { maxAgeDays, maxPerSubscription } = settings.get().preferences.historyRetention;
    try {
      const removed = history.applyRetention({ maxAgeDays, maxPerSubscription, now: clock.now() });
      if (removed.removedByAge + removed.removedByCount > 0)
        log.log('info', 'history retention applied', { ...removed });
    } catch (error) {
      log.log('error', 'history retention failed', { error: String(error) });
    }
  };
  let retentionTimer = clock.setTimeout(function tick() {
    applyRetention();
    retentionTimer = clock.setTimeout(tick, options.retentionIntervalMs ?? 3_600_000);
  }, 60_000);

  const service = createAppService({
    settings,
    history,
    secrets: options.secrets,
    connections: () => [...statuses.values()],
    checkTopicAccess,
    pause,
    openExternal: options.openExternal,
    copyText: options.copyText,
    runHttpAction: (action) => runHttpAction(action),
    readImage: async (url) => {
      const file = await options.downloadImage?.(url);
      const type = file === undefined ? undefined : imageTypeOfCachedFile(file);
      if (file === undefined || type === undefined) return undefined;
      return { type, bytes: await readFile(file) };
    },
    newId: () => randomUUID(),
    now: () => clock.now(),
    log: log.child('bridge'),
    credentialsChanged: () => {
      reconcile(settings.get());
    },
  });

  return {
    service,
    trayState: () => {
      const current = settings.get();
      const until = pause.get();
      return {
        unread: history.unreadCounts().reduce((sum, count) => sum + count.unread, 0),
        latest: history.listMessages({ limit: 5 }).messages.map((stored) => ({
          server: stored.server,
          id: stored.message.id,
          title: stored.message.title ?? stored.message.message,
        })),
        subscriptions: current.subscriptions.map((item) => ({
          id: item.id,
          label: item.displayName ?? item.topic,
          muted: item.muted,
        })),
        connections: [...statuses.values()],
        now: clock.now(),
        ...(until === undefined ? {} : { pausedUntil: until }),
      };
    },
    handleTrayCommand: async (command) => {
      switch (command.type) {
        case 'pause':
          pause.set(
            command.minutes === 'until-resumed' ? Number.POSITIVE_INFINITY : clock.now() + command.minutes * 60_000,
          );
          return;
        case 'resume':
          pause.set(undefined);
          return;
        case 'toggle-mute': {
          const found = settings.get().subscriptions.find((item) => item.id === command.subscriptionId);
          if (found === undefined) return;
          await settings.update((latest) => upsertSubscription(latest, { ...found, muted: !found.muted }));
          return;
        }
        case 'open-message': {
          const stored = history.getMessage({ server: command.server, id: command.id });
          if (stored !== undefined) options.openMessage(stored.server, stored.message);
          return;
        }
      }
    },
    reconnectNow: () => {
      manager.reconnectAll();
    },
    stop: async () => {
      unsubscribeSettings();
      clock.clearTimeout(retentionTimer);
      dispatcher.dispose();
      await reconciling;
      await manager.stopAll();
    },
  };
}
