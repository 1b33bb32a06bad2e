/**
 * `ntfy-tray subscribe --notify`: desktop popups from the headless command, through the same policy and
 * dispatcher as the app, over org.freedesktop.Notifications (Linux). URLs open with xdg-open; there is no
 * clipboard here, so copy actions are not offered.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { AttachmentCache } from './core/delivery/attachment-cache.ts';
import type { DeliveredBatch } from './core/delivery/deliver.ts';
import { runHttpAction } from './core/delivery/http-action.ts';
import { NotificationDispatcher } from './core/delivery/notification-dispatcher.ts';
import { NotificationPolicy } from './core/delivery/notification-policy.ts';
import type { Clock, Logger } from './core/ports.ts';
import { DEFAULT_PREFERENCES } from './core/store/settings/schema.ts';
import { connectSessionBus } from './os/dbus/session-bus.ts';
import { openDbusNotifier } from './os/notifications/dbus-notifier.ts';

export interface CliNotifications {
  readonly onDelivered: (batch: DeliveredBatch) => void;
  close(): Promise<void>;
}

function openWithXdg(url: string): Promise<void> {
  const child = spawn('xdg-open', [url], { detached: true, stdio: 'ignore' });
  child.on('error', () => undefined); // no xdg-open: nothing to open with, and nothing to crash over
  child.unref();
  return Promise.resolve();
}

export async function openCliNotifications(options: {
  readonly log: Logger;
  readonly clock: Clock;
  readonly dataDir: string;
}): Promise<CliNotifications> {
  const { log } = options;
  const notifier = await openDbusNotifier({ connect: () => connectSessionBus({ log: log.child('dbus') }), log });
  const cache = new AttachmentCache({ dir: path.join(options.dataDir, 'attachments') });
  const dispatcher = new NotificationDispatcher({
    notifier,
    // Headless: no settings UI, so every message of every subscription is shown (bursts still collapse).
    policy: new NotificationPolicy({
      clock: options.clock,
      settings: () => ({ enabled: true }),
      subscription: () => ({ muted: false, minPriority: 1 }),
    }),
    log: log.child('notifications'),
    openExternal: openWithXdg,
    runHttpAction: (action, request) => runHttpAction(action, request),
    // No settings here: the preferences' defaults (only from the subscription's server, up to 2 MiB).
    downloadImage: async (url, server) => {
      const result = await cache.get(url, {
        server,
        from: DEFAULT_PREFERENCES.autoDownloadAttachments,
        maxBytes: DEFAULT_PREFERENCES.autoDownloadMaxBytes,
      });
      if (!result.ok) log.log('info', 'not showing an image attachment', { reason: result.reason });
      return result.ok ? result.path : undefined;
    },
  });
  return {
    onDelivered: (batch) => {
      void dispatcher.handle(batch); // handle() logs its own failures and never rejects
    },
    close: async () => {
      dispatcher.dispose();
      await notifier.dispose();
    },
  };
}
